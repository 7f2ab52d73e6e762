import type { INestApplication } from '@nestjs/common';
import { MoviePatterns } from '@app/contracts';
import { suiteInfra, waitUntil } from '@app/server-testing';
import { startGateway } from './gateway-harness';
import { startServiceProcess, type ServiceProcess } from './service-process';

/** Concurrent clients of the steady load: enough to keep both replicas busy, few enough for a loaded 2-core box. */
const CLIENTS = 6;
const BROWSE = '/api/movies?page=1&pageSize=5';

/** How many `catalogue.movies.list` requests a replica has answered, from its own Prometheus /metrics. */
const listsServed = async (replica: ServiceProcess): Promise<number> => {
  const text = await (await fetch(`${replica.httpUrl}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('request_duration_seconds_count{') &&
        l.includes('transport="rpc"') &&
        l.includes(`route="${MoviePatterns.list}"`) &&
        l.includes('outcome="ok"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
};

/** Polls a replica count at a gentle pace (the load, not the polling, should keep the replicas busy). */
const until = (what: string, condition: () => Promise<boolean>) =>
  waitUntil(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return condition();
    },
    what,
    120_000,
  );

/** Browsers reading the catalogue through the gateway without pause until stopped; every answer is kept. */
const steadyLoad = (url: string) => {
  const statuses: Array<number | string> = [];
  let running = true;
  const client = async () => {
    while (running) {
      statuses.push(
        await fetch(`${url}${BROWSE}`)
          .then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          })
          .catch((error: unknown) => String(error)),
      );
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  return {
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
};

/**
 * Issue 15: catalogue-service scaled out. Two replicas (separate processes, as two pods) subscribe in one NATS queue
 * group behind one gateway; under steady load both serve, and killing one (SIGKILL, mid-run) fails no request: what
 * it held unanswered the gateway sends once more (reads are idempotent) and the survivor answers.
 */
describe('catalogue-service scaled out behind the gateway', () => {
  const infra = suiteInfra('gateway-scale-out');
  const env = { MONGODB_URI: infra.mongoUri, MONGODB_DB: infra.mongoDb, REDIS_URL: infra.redisUrl };
  const replicas: ServiceProcess[] = [];
  let gateway: INestApplication;
  let url: string;
  /** The gateway (in this process) logs a warning for each request it sends once more. */
  const gatewayLines: string[] = [];
  const resends = () => gatewayLines.filter((line) => line.includes('"msg":"rpc unanswered')).length;
  let output: jest.SpyInstance;

  beforeAll(async () => {
    output = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      gatewayLines.push(String(chunk));
      return true;
    });
    replicas.push(
      await startServiceProcess('catalogue-service', env),
      await startServiceProcess('catalogue-service', env),
    );
    // A replica that dies with requests in hand leaves them to the timeout, then the retry.
    // Every request reaches a replica: none is answered from what the gateway holds for visitors.
    ({ app: gateway, url } = await startGateway({
      RPC_TIMEOUT_MS: 3_000,
      LOG_LEVEL: 'warn',
      CATALOGUE_HOLD_SECONDS: 0,
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
    output?.mockRestore();
  });

  it('spreads the load over both replicas, and loses no request when one is killed mid-run', async () => {
    const [survivor, victim] = replicas;
    const load = steadyLoad(url);
    try {
      await until(
        'both replicas to serve 30 requests',
        async () => (await listsServed(survivor)) >= 30 && (await listsServed(victim)) >= 30,
      );
      const servedByVictim = await listsServed(victim);
      const survivorAtKill = await listsServed(survivor);
      const sentAtKill = load.statuses.length;

      await victim.kill();
      await until(
        'the survivor to serve 200 more requests',
        async () => (await listsServed(survivor)) >= survivorAtKill + 200,
      );
      await load.stop();

      expect(servedByVictim).toBeGreaterThanOrEqual(30);
      expect(load.statuses.length - sentAtKill).toBeGreaterThanOrEqual(200);
      expect(load.statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await load.stop();
    }
  });

  it('loses no request and needs no resend when a replica stops gracefully (SIGTERM)', async () => {
    const [survivor] = replicas;
    const leaving = await startServiceProcess('catalogue-service', env);
    replicas.push(leaving);
    const load = steadyLoad(url);
    const resentBefore = resends();
    try {
      await until('the new replica to serve 30 requests', async () => (await listsServed(leaving)) >= 30);
      const survivorAtStop = await listsServed(survivor);

      await leaving.stop();
      await until(
        'the survivor to serve 100 more requests',
        async () => (await listsServed(survivor)) >= survivorAtStop + 100,
      );
      await load.stop();

      expect(load.statuses.length).toBeGreaterThan(100);
      expect(load.statuses.filter((status) => status !== 200)).toEqual([]);
      // Nothing needed sending twice: the leaving replica answered everything it had taken.
      expect(resends() - resentBefore).toBe(0);
    } finally {
      await load.stop();
    }
  });
});
