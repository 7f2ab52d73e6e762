import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { ServiceName } from '@app/contracts';
import { findFreePort, workspaceRoot } from '@app/server-testing';

export type LogLine = { service?: string; level?: string; msg?: string; correlationId?: string };

export const parseLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

export type ServiceProcess = { address: string; lines: LogLine[]; stop(): Promise<void> };

/**
 * Starts a real service as its own process (its main.ts, as `npm start` does, from source) on a free TCP port, with
 * `env` on top of the test's; resolves once it logs "ready". Its JSON log lines are collected.
 */
export const startServiceProcess = async (
  name: ServiceName,
  env: Record<string, string>,
): Promise<ServiceProcess> => {
  const tcpPort = await findFreePort();
  const lines: LogLine[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', '@swc-node/register', `apps/${name}/src/main.ts`],
    {
      cwd: workspaceRoot(),
      env: {
        ...process.env,
        // Nest's decorators and the @app/* paths, as the services' own tsconfig sets them.
        SWC_NODE_PROJECT: 'tsconfig.server.json',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        TCP_HOST: '127.0.0.1',
        TCP_PORT: String(tcpPort),
        HTTP_PORT: String(await findFreePort()),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited early (code ${String(code)})`)));
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream ?? process.stdin }).on('line', (line) => {
        const [parsed] = parseLines(line);
        if (!parsed) return;
        lines.push(parsed);
        if (parsed.msg === 'ready') resolve();
      });
    }
  });
  await ready;
  return {
    address: `127.0.0.1:${tcpPort}`,
    lines,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
};
