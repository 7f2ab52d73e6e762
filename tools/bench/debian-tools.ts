import { spawnSync } from 'node:child_process';

const has = (binary: string) =>
  spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;

/**
 * The Debian tools a bench drives (wrk, nginx, ffmpeg) when missing: installed only as root (as `npm start` installs
 * Redis), else the bench says what to install and exits.
 */
export const ensureDebianTools = (tools: string[]) => {
  const missing = tools.filter((tool) => !has(tool));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `✖ ${missing.join(', ')} missing. Install them (sudo apt-get install -y ${missing.join(' ')}) and run again.`,
    );
    process.exit(1);
  }
  console.log(`• Installing ${missing.join(', ')} (apt-get)…`);
  const apt = (args: string[]) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (apt(['install', '-y', ...missing]).status !== 0) {
    apt(['update']);
    if (apt(['install', '-y', ...missing]).status !== 0)
      throw new Error(`apt-get could not install ${missing.join(', ')}`);
  }
};
