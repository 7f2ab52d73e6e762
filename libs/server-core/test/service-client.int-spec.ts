import { findFreePort } from '@app/local-infra';
import { Controller, INestApplication, Module } from '@nestjs/common';
import { connect } from 'nats';
import { z } from 'zod';
import { ErrorCode, query, rpc } from '@app/contracts';
import { AppError, createServiceApp, RpcHandler, RpcPayload, ServiceClient, startServiceApp } from '../src';
import { natsUrl } from './run-infra';

const Word = z.object({ word: z.string() }).strict();
const Reply = z.object({ word: z.string(), replica: z.string() });
/** Reads and a write whose first delivery of each word is never answered (the replica that took it "died"). */
const FlakyReadRpc = query('test.client.flaky-read', Word, Reply);
const FlakyWriteRpc = rpc('test.client.flaky-write', Word, Reply);
const SlowRpc = rpc('test.client.slow', z.object({ word: z.string(), ms: z.number() }).strict(), Reply);
const NobodyRpc = query('test.client.nobody', Word, Reply);

/** What every replica of the test service saw, by word; slow calls started, by replica. */
const deliveries = new Map<string, number>();
const slowStarted = new Map<string, number>();
const stuck: Array<() => void> = [];

const replicaController = (replica: string) => {
  @Controller()
  class ReplicaController {
    private answerUnlessFirst(word: string) {
      const seen = (deliveries.get(word) ?? 0) + 1;
      deliveries.set(word, seen);
      if (seen > 1) return Promise.resolve({ word, replica });
      return new Promise<{ word: string; replica: string }>((resolve) =>
        stuck.push(() => resolve({ word, replica })),
      );
    }

    @RpcHandler(FlakyReadRpc)
    read(@RpcPayload() { word }: { word: string }) {
      return this.answerUnlessFirst(word);
    }

    @RpcHandler(FlakyWriteRpc)
    write(@RpcPayload() { word }: { word: string }) {
      return this.answerUnlessFirst(word);
    }

    @RpcHandler(SlowRpc)
    async slow(@RpcPayload() { word, ms }: { word: string; ms: number }) {
      slowStarted.set(replica, (slowStarted.get(replica) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return { word, replica };
    }
  }
  @Module({ controllers: [ReplicaController] })
  class ReplicaModule {}
  return ReplicaModule;
};

const startReplica = async (replica: string): Promise<INestApplication> => {
  const env = {
    LOG_LEVEL: 'error' as const,
    HTTP_HOST: '127.0.0.1',
    HTTP_PORT: await findFreePort(),
    NATS_URL: natsUrl(),
  };
  const module = replicaController(replica);
  const app = await createServiceApp({ name: 'catalogue-service', module, env });
  await startServiceApp(app, { name: 'catalogue-service', module, env });
  return app;
};

describe('ServiceClient over NATS', () => {
  let client: ServiceClient;
  const apps: INestApplication[] = [];

  beforeAll(async () => {
    apps.push(await startReplica('a'), await startReplica('b'));
    client = ServiceClient.connect('catalogue-service', { url: natsUrl() }, { timeoutMs: 1_000 });
  });

  afterAll(async () => {
    stuck.splice(0).forEach((release) => release());
    await client?.close();
    await Promise.all(apps.map((app) => app.close()));
  });

  it('spreads requests over the replicas of one queue group', async () => {
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => client.send(SlowRpc, { word: `w${i}`, ms: 0 })),
    );
    expect([...new Set(replies.map((reply) => reply.replica))].sort()).toEqual(['a', 'b']);
    expect(replies.map((reply) => reply.word)).toEqual(Array.from({ length: 200 }, (_, i) => `w${i}`));
  });

  it('takes every reply on one inbox subscription, each call answered with its own reply, out of order too', async () => {
    // A listener outside the queue group sees each request as sent: its reply subject names the caller's inbox.
    const watcher = await connect({ servers: natsUrl() });
    const replyTo: string[] = [];
    const watching = watcher.subscribe(SlowRpc.pattern, {
      callback: (_, msg) => replyTo.push(msg.reply ?? ''),
    });
    await watcher.flush();
    try {
      // Later calls answered first: each reply must still find the call that asked for it.
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => client.send(SlowRpc, { word: `m${i}`, ms: 80 - 2 * i })),
      );

      expect(replies.map((reply) => reply.word)).toEqual(Array.from({ length: 40 }, (_, i) => `m${i}`));
      expect(replyTo).toHaveLength(40);
      expect(new Set(replyTo).size).toBe(40);
      // One subscription for them all (`_INBOX.<id>.*`): every reply subject is one token under the same inbox, where
      // Nest's own client gave each call an inbox of its own (`_INBOX.<id>`).
      const inboxes = new Set(replyTo.map((subject) => subject.slice(0, subject.lastIndexOf('.'))));
      expect(inboxes.size).toBe(1);
      expect([...inboxes][0]).toMatch(/^_INBOX\.\w+$/);
    } finally {
      watching.unsubscribe();
      await watcher.close();
    }
  });

  it('sends a read once more when the replica that took it never answers, and returns the second answer', async () => {
    const reply = await client.send(FlakyReadRpc, { word: 'read-1' });

    expect(reply.word).toBe('read-1');
    expect(deliveries.get('read-1')).toBe(2);
  });

  it('never resends a write: a timed-out write may have happened, so the caller gets a timeout', async () => {
    const error = await client.send(FlakyWriteRpc, { word: 'write-1' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.ServiceTimeout);
    expect(deliveries.get('write-1')).toBe(1);
  });

  it('answers 503 (ServiceUnavailable) when no replica subscribes, after one more try for a read', async () => {
    const error = await client.send(NobodyRpc, { word: 'x' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ErrorCode.ServiceUnavailable);
  });

  it('lets a stopping replica finish the requests it took (drain) while the other takes the new ones', async () => {
    const extra = await startReplica('c');
    let closing: Promise<void> | undefined;
    try {
      // A queue group hands each request to a replica at random, and c's subscription reaches the server a moment
      // after it starts: send until c holds one in progress (bounded), then stop it while it does.
      const calls: Array<ReturnType<typeof client.send<typeof SlowRpc>>> = [];
      for (let round = 0; !slowStarted.get('c'); round++) {
        if (round === 500) throw new Error('replica c never took a request');
        for (let i = 0; i < 5; i++) calls.push(client.send(SlowRpc, { word: `s${round}-${i}`, ms: 300 }));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      closing = extra.close();
      const outcomes = await Promise.allSettled(calls);
      await closing;

      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
      const replicas = outcomes.map((outcome) =>
        outcome.status === 'fulfilled' ? outcome.value.replica : '',
      );
      expect(replicas).toContain('c');
    } finally {
      // Never left running when the test fails: an open replica keeps jest from exiting.
      await (closing ?? extra.close());
    }
  });
});
