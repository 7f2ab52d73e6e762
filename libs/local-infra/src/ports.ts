import { createConnection, createServer } from 'node:net';

/** Every server the launcher starts listens on loopback only. */
export const HOST = '127.0.0.1';
const PORT_IN_USE = /address already in use/i;

/** A TCP port free on 127.0.0.1 right now (another process may still take it before you bind). */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Below Linux's default ephemeral range (32768–60999), where the OS hands out ports for port-0 listeners and outgoing connections. */
const STABLE_PORTS = { from: 20_000, to: 32_000 };

/** Whether nothing listens on 127.0.0.1:`port` right now (a dev default such as NATS' 4222 is taken only when free). */
export const portIsFree = (port: number): Promise<boolean> =>
  new Promise((answer) => {
    const server = createServer();
    server.once('error', () => answer(false));
    server.listen(port, HOST, () => server.close(() => answer(true)));
  });

/**
 * A free port for a process started later (a service of the launcher): picked outside the ephemeral range, so a
 * listener on port 0 or an outgoing connection made in the meantime cannot take it before the process binds.
 */
export async function findStablePort(taken: ReadonlySet<number> = new Set()): Promise<number> {
  for (;;) {
    const port = STABLE_PORTS.from + Math.floor(Math.random() * (STABLE_PORTS.to - STABLE_PORTS.from));
    if (!taken.has(port) && (await portIsFree(port))) return port;
  }
}

/** Retries on a fresh port when the caller did not ask for one and the free port was taken meanwhile. */
export async function withFreePortRetry<T>(
  port: number | undefined,
  start: (port: number) => Promise<T>,
): Promise<T> {
  if (port !== undefined) return start(port);
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await findFreePort());
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !PORT_IN_USE.test(error.message)) throw error;
    }
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function tcpAccepts(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = createConnection({ host: HOST, port });
    const finish = (ok: boolean) => {
      socket.destroy();
      answer(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => finish(true));
  });
}
