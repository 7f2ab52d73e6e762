import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import mongoose, { type Connection } from 'mongoose';
import { AuthRpc } from '@app/contracts';
import { EventConsumer, OUTBOX_COLLECTION, ServiceClient } from '@app/server-core';
import {
  eventsOnStream,
  startServiceProcess,
  startSmtpOutbox,
  suiteInfra,
  uniqueSuffix,
  waitUntil,
  type ServiceProcess,
  type SmtpOutbox,
} from '@app/server-testing';
import { TEST_SECRETS } from './auth-helpers';

const ip = '198.51.100.29';
/** Short, so the restarted process takes over what the dead one left within a second. */
const GRACE_MS = 500;

// Issue 29 §1: auth-service, run as its own process, dies between erasing an account and publishing `user.deleted`
// (the outbox's test hook kills it right after the change). Restarted, it announces the deletion: the event reaches
// the stream exactly once, under the id stored before the change, and a consumer applies it once.
describe('auth-service killed between the write and the publish (issue 29 §1)', () => {
  const infra = suiteInfra('auth-outbox-kill');
  let smtp: SmtpOutbox;
  let redis: Redis;
  let db: Connection;
  let client: ServiceClient;
  let consumer: EventConsumer;
  const processes: ServiceProcess[] = [];
  /** user.deleted events the witness consumer group applied, by user id. */
  const applied = new Map<string, number>();

  const start = async (env: Record<string, string> = {}) => {
    const started = await startServiceProcess('auth-service', {
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      SMTP_URL: smtp.url,
      ...TEST_SECRETS,
      OUTBOX_GRACE_MS: String(GRACE_MS),
      OUTBOX_RELAY_INTERVAL_MS: '100',
      ...env,
    });
    processes.push(started);
    return started;
  };
  const outboxEntries = () => db.collection(OUTBOX_COLLECTION).find().toArray();
  const deletionsOf = async (userId: string) =>
    (await eventsOnStream(redis, 'user.deleted')).filter((event) => event.payload.userId === userId);

  beforeAll(async () => {
    smtp = await startSmtpOutbox({ dir: mkdtempSync(path.join(tmpdir(), 'outbox-kill-')) });
    redis = new Redis(infra.redisUrl);
    db = await mongoose.createConnection(infra.mongoUri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
    // No retries: the first process never answers the erase it dies in.
    client = ServiceClient.connect('auth-service', { url: infra.natsUrl }, { timeoutMs: 5_000 });
    consumer = new EventConsumer(redis, {
      group: `outbox-kill-witness-${uniqueSuffix()}`,
      blockMs: 100,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      handlers: {
        'user.deleted': async ({ payload }) => {
          applied.set(payload.userId, (applied.get(payload.userId) ?? 0) + 1);
        },
      },
    });
    await consumer.start();
  });

  afterAll(async () => {
    await Promise.all(processes.map((started) => started.kill()));
    await consumer?.stop();
    await client?.close();
    await db?.dropDatabase();
    await db?.close();
    redis?.disconnect();
    await smtp?.stop();
  });

  it('announces the erased account once after the restart, and the account stays gone', async () => {
    const dying = await start({ OUTBOX_TEST_CRASH_AFTER_CHANGE: 'user.deleted' });
    const email = `leaving-${uniqueSuffix()}@example.in`;
    const password = 'correct horse battery';
    await client.request(AuthRpc.signup.pattern, { username: 'Leaving', email, password, clientIp: ip });
    const user = await db.collection('users').findOne({ email });
    if (!user) throw new Error('the sign-up stored no user');
    const userId = user._id.toHexString();

    // The erase is made, then the process is killed before marking or publishing its events: no answer comes.
    const erase = client.request(AuthRpc.deleteOwnAccount.pattern, {
      userId,
      password,
      sessionIssuedAt: new Date().toISOString(),
    });
    await expect(erase).rejects.toBeDefined();
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await db.collection('users').findOne({ _id: user._id })).toBeNull();
    expect(await deletionsOf(userId)).toEqual([]);
    const left = await outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual(
      expect.arrayContaining([
        { type: 'session.revoked', state: 'pending' },
        { type: 'user.deleted', state: 'pending' },
      ]),
    );
    const storedId = left.find(({ type }) => type === 'user.deleted')?._id;

    // Restarted (no hook): its relay finds the account gone, so the deletion was made, and announces it.
    const restarted = await start();
    await waitUntil(
      async () => (await deletionsOf(userId)).length > 0 && (await outboxEntries()).length === 0,
      'the restarted service to announce the deletion and empty its outbox',
    );
    await waitUntil(async () => applied.has(userId), 'the witness consumer to apply it');
    // Several relay rounds later, still once.
    await sleep(5 * 100 + GRACE_MS);
    const deletions = await deletionsOf(userId);
    expect(deletions.map(({ id, payload }) => ({ id, payload }))).toEqual([
      { id: storedId, payload: { userId } },
    ]);
    expect(
      (await eventsOnStream(redis, 'session.revoked')).filter((event) => event.payload.userId === userId),
    ).toHaveLength(1);
    expect(applied.get(userId)).toBe(1);
    expect(await db.collection('users').findOne({ _id: user._id })).toBeNull();
    // Its metrics say who published them and that nothing waits.
    const metrics = await (await fetch(`${restarted.httpUrl}/metrics`)).text();
    expect(metrics).toContain('outbox_published_total{by="relay"} 2');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });
});
