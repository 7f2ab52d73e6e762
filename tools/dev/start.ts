import path from 'node:path';
import { workspaceRoot } from '@app/local-infra';
import { nxCli, runStep } from './processes';
import { startSystem } from './system';

/** `npm start`: build everything, start infrastructure, seed, start all services and the gateway, print one URL. */
const main = async () => {
  const root = workspaceRoot(__dirname);
  const dataDir = path.join(root, '.data');
  console.log('• Building the web app, the gateway and the services (nx run-many -t build)…');
  await runStep(
    'build',
    process.execPath,
    [nxCli(root), 'run-many', '-t', 'build', '--output-style=static'],
    { cwd: root },
  );
  const system = await startSystem({
    root,
    dataDir,
    persist: true,
    ports: 'default',
    log: (line) => console.log(`• ${line}`),
  });

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n• ${reason}: stopping every process (data is kept in ${path.relative(root, dataDir)}/)…`);
    await system.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('Ctrl-C'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  for (const proc of system.processes) {
    proc.child.on('exit', (code, signal) => {
      if (!stopping)
        console.error(
          `! ${proc.name} stopped (${signal ?? `exit ${code}`}); see ${path.relative(root, system.logDir)}/${proc.name}.log`,
        );
    });
  }

  console.log(`
  Streamly is running:  ${system.url}
  API docs:             ${system.url}/api/docs
  Health:               ${system.url}/api/health
  NATS (RPC):           ${system.natsUrl}
  Logs:                 ${path.relative(root, system.logDir)}/<service>.log
  Press Ctrl-C to stop.
`);
};

void main().catch((error: unknown) => {
  console.error(`\n✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
