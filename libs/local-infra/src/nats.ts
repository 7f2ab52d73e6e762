import { createConnection } from 'node:net';
import { HOST, withFreePortRetry } from './ports';
import { findOnPath, isExecutable, launch, pollUntil } from './processes';

/** Debian installs it in /usr/sbin, which is not on an ordinary user's PATH. */
const DEBIAN_PATH = '/usr/sbin/nats-server';

export type NatsHandle = { url: string; pid: number | undefined; stop(): Promise<void> };
export type StartNatsOptions = {
  port?: number;
  /** A nats-server configuration file (users and permissions, as k8s/nats.yaml has); the port flag wins over its own. */
  config?: string;
  /** Environment of the server: the variables a configuration file refers to (`$NATS_PASSWORD_…`). */
  env?: Record<string, string>;
  /** More command-line flags (they override the configuration file's settings). */
  args?: string[];
};

/** nats-server on 127.0.0.1 for the gateway → service RPC; keeps nothing on disk (no JetStream). */
export async function startNats({
  port,
  config,
  env,
  args = [],
}: StartNatsOptions = {}): Promise<NatsHandle> {
  const natsServer = findOnPath('nats-server') ?? (isExecutable(DEBIAN_PATH) ? DEBIAN_PATH : undefined);
  if (!natsServer) {
    throw new Error(
      'nats-server not found on the PATH. Install NATS (Debian: apt-get install nats-server), or set NATS_URL.',
    );
  }
  return withFreePortRetry(port, async (chosenPort) => {
    const flags = [...(config ? ['-c', config] : []), ...args, '-a', HOST, '-p', String(chosenPort)];
    const child = launch('nats-server', natsServer, flags, { env });
    await child.ready(() => pollUntil(child, () => natsGreets(chosenPort)));
    return { url: `nats://${HOST}:${chosenPort}`, pid: child.process.pid, stop: child.stop };
  });
}

/** A NATS server greets every connection with `INFO {…}` before the client says anything. */
function natsGreets(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const socket = createConnection({ host: HOST, port });
    let greeting = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      answer(ok);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once('error', () => finish(false));
    socket.on('data', (chunk) => {
      greeting += chunk.toString();
      if (greeting.includes('\r\n')) finish(greeting.startsWith('INFO '));
    });
  });
}
