import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import {
  type EventEnvelope,
  type EventPayload,
  type EventType,
  type ServiceName,
  ServiceNames,
} from '@app/contracts';
import {
  EventConsumer,
  type EventHandler,
  type EventHandlers,
  OUTBOX_COLLECTION,
  ServiceClient,
} from '@app/server-core';
import { suiteInfra } from './service-harness';
import { startServiceProcess, type ServiceProcess } from './service-process';
import { eventsOnStream } from './stream-events';
import { uniqueSuffix } from './unique';
import { waitUntil } from './wait-until';

/** Short, so a restarted process takes over what the dead one left within a second. */
const GRACE_MS = 500;
const RELAY_INTERVAL_MS = 100;

type SuiteInfra = ReturnType<typeof suiteInfra>;

/**
 * The suite's own Redis database (1-6, one per service; the run's other suites use database 0): a service process
 * started here reads the event stream from its beginning, and on the run's shared stream it would take another
 * suite's event (a demo title published by the same service's in-process tests) for the one it is to die on.
 */
const isolatedRedisUrl = (redisUrl: string, service: ServiceName) => {
  const url = new URL(redisUrl);
  url.pathname = `/${ServiceNames.indexOf(service) + 1}`;
  return url.toString();
};

export type OutboxKillSuiteOptions<T extends EventType> = {
  service: ServiceName;
  /** The event a witness consumer group counts applications of. */
  eventType: T;
  /** What the witness counts an application under (a user, a title: the event's natural key). */
  keyOf: (payload: EventPayload<T>) => string;
  /** The service's env on top of the suite's database, Redis, NATS and short outbox timings; read at each start. */
  env?: (infra: SuiteInfra) => Record<string, string>;
  /** Before the suite's connections (a fake the env names), and after them on the way out. */
  setUp?: () => Promise<void>;
  tearDown?: () => Promise<void>;
};

type StartOptions = { crashAfter?: EventType; env?: Record<string, string> };

export type OutboxKillSuite = {
  infra: SuiteInfra;
  redis: Redis;
  db: Connection;
  /** To the service's queue group, without retries: a process never answers the request it dies in. */
  client: ServiceClient;
  /** How often the witness consumer group applied `eventType`, by `keyOf`. */
  applied: Map<string, number>;
  /** The env the suite starts the service with: for a command of the service's own run on the same data. */
  env(options?: StartOptions): Record<string, string>;
  /** Starts the service as its own process; `crashAfter` sets the outbox's test hook (it dies after that change). */
  start(options?: StartOptions): Promise<ServiceProcess>;
  /** Kills every process the suite started. */
  killAll(): Promise<void>;
  /** `request` (made to `dying`) gets no answer, and `dying` was killed by the test hook. */
  diesDuring(dying: ServiceProcess, request: Promise<unknown>): Promise<void>;
  /** The outbox's entries as stored: type and state. */
  outboxEntries(): Promise<Array<{ _id: string; type: EventType; state: string }>>;
  /** Events of `type` on the stream that `matches` picks (in the suite's own Redis database). */
  eventsOf<U extends EventType>(
    type: U,
    matches: (payload: EventPayload<U>) => boolean,
  ): Promise<Array<EventEnvelope<EventPayload<U>>>>;
  /**
   * Restarts the service (no hook), waits until `eventType` named `key` is on the stream, the outbox is empty and
   * the witness applied it, then lets several relay rounds pass (any repeat would show). Answers the new process.
   */
  restartAndSettle(key: string): Promise<ServiceProcess>;
  /** Lets several relay rounds pass, past the grace period: what is announced twice would show by then. */
  settle(): Promise<void>;
  /** The process's Prometheus text. */
  metrics(started: ServiceProcess): Promise<string>;
};

/**
 * The boot block of a kill-between-write-and-publish test (issue 29 §1) as one call inside a `describe`: the suite's
 * MongoDB and Redis connections, a NATS client to the service, a witness consumer group counting applications of
 * `eventType`, the service's processes (started with the outbox's crash hook, then restarted) and the teardown.
 */
export const startOutboxKillSuite = <T extends EventType>({
  service,
  eventType,
  keyOf,
  env = () => ({}),
  setUp,
  tearDown,
}: OutboxKillSuiteOptions<T>): OutboxKillSuite => {
  const shared = suiteInfra(`${service}-outbox-kill`);
  const infra = { ...shared, redisUrl: isolatedRedisUrl(shared.redisUrl, service) };
  const processes: ServiceProcess[] = [];
  const applied = new Map<string, number>();
  let consumer: EventConsumer | undefined;

  const suite: OutboxKillSuite = {
    infra,
    redis: undefined as unknown as Redis,
    db: undefined as unknown as Connection,
    client: undefined as unknown as ServiceClient,
    applied,
    env: ({ crashAfter, env: extra = {} } = {}) => ({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_GRACE_MS: String(GRACE_MS),
      OUTBOX_RELAY_INTERVAL_MS: String(RELAY_INTERVAL_MS),
      ...env(infra),
      ...(crashAfter ? { OUTBOX_TEST_CRASH_AFTER_CHANGE: crashAfter } : {}),
      ...extra,
    }),
    async start(options = {}) {
      const started = await startServiceProcess(service, suite.env(options));
      processes.push(started);
      return started;
    },
    async killAll() {
      await Promise.all(processes.map((started) => started.kill()));
    },
    async diesDuring(dying, request) {
      await expect(request).rejects.toBeDefined();
      expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    },
    outboxEntries: () =>
      suite.db
        .collection<{ _id: string; type: EventType; state: string }>(OUTBOX_COLLECTION)
        .find()
        .toArray(),
    eventsOf: async (type, matches) =>
      (await eventsOnStream(suite.redis, type)).filter((event) => matches(event.payload)),
    async restartAndSettle(key) {
      const restarted = await suite.start();
      await waitUntil(
        async () =>
          (await suite.eventsOf(eventType, (payload) => keyOf(payload) === key)).length > 0 &&
          (await suite.outboxEntries()).length === 0,
        `the restarted ${service} to announce ${eventType} and empty its outbox`,
      );
      await waitUntil(async () => applied.has(key), 'the witness consumer to apply it');
      await suite.settle();
      return restarted;
    },
    // Past a grace period and several relay rounds: a repeat would be on the stream by now.
    settle: () => sleep(5 * RELAY_INTERVAL_MS + GRACE_MS),
    metrics: async (started) => (await fetch(`${started.httpUrl}/metrics`)).text(),
  };

  beforeAll(async () => {
    await setUp?.();
    suite.redis = new Redis(infra.redisUrl);
    // What an earlier run left in this suite's database (a kept Redis) would be read again.
    await suite.redis.flushdb();
    suite.db = await mongoose
      .createConnection(infra.mongoUri, { serverSelectionTimeoutMS: 10_000 })
      .asPromise();
    suite.client = ServiceClient.connect(service, { url: infra.natsUrl }, { timeoutMs: 5_000 });
    consumer = new EventConsumer(suite.redis, {
      group: `outbox-kill-witness-${uniqueSuffix()}`,
      blockMs: 100,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      handlers: {
        [eventType]: (async ({ payload }: { payload: EventPayload<T> }) => {
          const key = keyOf(payload);
          applied.set(key, (applied.get(key) ?? 0) + 1);
        }) as EventHandler<T>,
      } as EventHandlers,
    });
    await consumer.start();
  });

  afterAll(async () => {
    await suite.killAll();
    await consumer?.stop();
    await suite.client?.close();
    await suite.db?.dropDatabase();
    await suite.db?.close();
    suite.redis?.disconnect();
    await tearDown?.();
  });

  return suite;
};
