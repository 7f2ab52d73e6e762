import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { INestApplication } from '@nestjs/common';
import { findFreePort, suiteInfra, workspaceRoot } from '@app/server-testing';
import { startGateway } from './gateway-harness';

type LogLine = { service?: string; level?: string; msg?: string; correlationId?: string };

const parseLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * Starts user-data-service as its own process (its main.ts, as `npm start` does) with a mail server that refuses
 * connections, so every contact message makes it log "contact mail failed". Collects its stdout and stderr lines.
 */
const startUserDataService = async (tcpPort: number) => {
  const infra = suiteInfra('request-context');
  const lines: LogLine[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', '@swc-node/register', 'apps/user-data-service/src/main.ts'],
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
        MONGODB_URI: infra.mongoUri,
        MONGODB_DB: infra.mongoDb,
        REDIS_URL: infra.redisUrl,
        SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`user-data-service exited early (code ${String(code)})`)));
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
    lines,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
};

const message = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.in',
  companyName: 'Iyer Films',
  serviceInterested: 'Partnerships',
  message: 'Tracing one request across processes.',
};

describe('one request, one correlation id in every process', () => {
  let service: Awaited<ReturnType<typeof startUserDataService>>;
  let gateway: INestApplication;
  let url: string;
  const gatewayOutput: string[] = [];
  let restore: Array<() => void> = [];

  beforeAll(async () => {
    const tcpPort = await findFreePort();
    service = await startUserDataService(tcpPort);
    // The gateway runs in this process: its JsonLogger writes here.
    restore = [process.stdout, process.stderr].map((stream) => {
      const write = jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        gatewayOutput.push(String(chunk));
        return true;
      });
      return () => write.mockRestore();
    });
    ({ app: gateway, url } = await startGateway({
      LOG_LEVEL: 'debug',
      USER_DATA_SERVICE_ADDR: `127.0.0.1:${tcpPort}`,
    }));
  });

  afterAll(async () => {
    restore.forEach((undo) => undo());
    await gateway?.close();
    await service?.stop();
  });

  const submit = async (correlationId: string) => {
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': correlationId },
      body: JSON.stringify(message),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBe(correlationId);
  };

  const waitForServiceLine = async (correlationId: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const line = service.lines.find(
        (l) => l.correlationId === correlationId && l.msg === 'contact mail failed',
      );
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no service line with ${correlationId}: ${JSON.stringify(service.lines)}`);
  };

  // Two requests on one TCP connection: the second id must not be the first's (the service restores it per message).
  it.each(['trace-first-0001', 'trace-second-0002'])(
    '%s shows in a gateway line and in the service line it caused',
    async (correlationId) => {
      await submit(correlationId);
      const serviceLine = await waitForServiceLine(correlationId);
      expect(serviceLine).toMatchObject({ service: 'user-data-service', level: 'error', correlationId });
      const gatewayLines = parseLines(gatewayOutput.join(''));
      expect(gatewayLines).toContainEqual(
        expect.objectContaining({ service: 'api-gateway', msg: 'rpc answered', correlationId }),
      );
    },
  );
});
