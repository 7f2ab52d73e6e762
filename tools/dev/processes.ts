import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type Managed = {
  name: string;
  child: ChildProcess;
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export const runStep = (label: string, cmd: string, args: string[], options: SpawnOptions = {}) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${label} failed (${signal ?? `exit ${code}`})`)),
    );
  });

/** Starts a long-running Node process whose output goes to `<logDir>/<name>.log`. */
export const startLogged = (
  name: string,
  script: string,
  env: Record<string, string>,
  logDir: string,
  cwd: string,
): Managed => {
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Two sources into one file: neither ends it when it ends (the other may still write).
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('close', () => log.end());
  return {
    name,
    child,
    env,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 8_000);
      await exited;
      clearTimeout(timer);
    },
  };
};

/** Polls a URL until it answers 200, or fails naming what did not come up. */
export const waitForHttp = async (url: string, timeoutMs: number, isAlive: () => boolean = () => true) => {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`process for ${url} exited`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000}s (${last})`);
};

/** The Nx CLI of this workspace, run with the current Node (no npx, no shell). */
export const nxCli = (root: string): string => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'node_modules/nx/package.json'), 'utf8')) as {
    bin: { nx: string };
  };
  return path.join(root, 'node_modules/nx', pkg.bin.nx);
};
