import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { ServiceName } from '@app/contracts';
import { findFreePort, workspaceRoot } from '@app/local-infra';
import { testNatsUrl } from './service-harness';

export type LogLine = { service?: string; level?: string; msg?: string; correlationId?: string };

export const parseLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

export type ServiceProcess = {
  /** Its HTTP listener (health, metrics). */
  httpUrl: string;
  lines: LogLine[];
  /** SIGTERM: the service drains (finishes the requests it took) and exits. */
  stop(): Promise<void>;
  /** SIGKILL: gone at once, the requests it took unanswered. */
  kill(): Promise<void>;
  /** How it ended, once it has exited by itself or been stopped. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/**
 * Starts a real service as its own process (its main.ts, as `npm start` does, from source) in its queue group on the
 * test run's NATS, with `env` on top of the test's; resolves once it logs "ready". Its JSON log lines are collected
 * into `lines` (pass an array to watch them before it is ready).
 */
export const startServiceProcess = async (
  name: ServiceName,
  env: Record<string, string>,
  lines: LogLine[] = [],
): Promise<ServiceProcess> => {
  const httpPort = await findFreePort();
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
        HTTP_HOST: '127.0.0.1',
        HTTP_PORT: String(httpPort),
        NATS_URL: testNatsUrl(),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
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
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(sig);
    await exited;
  };
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    lines,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
    exited,
  };
};
