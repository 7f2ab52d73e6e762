import { findFreePort } from '@app/local-infra';
import { Controller, INestApplication, Logger, Module } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode, MovieRpc, rpc, type RpcReply, type SessionProfile } from '@app/contracts';
import {
  AppError,
  createServiceApp,
  RequestContext,
  RpcHandler,
  RpcPayload,
  ServiceClient,
  startServiceApp,
} from '../src';
import { natsUrl } from './run-infra';

const EchoRpc = rpc(
  'test.context.echo',
  z.object({ word: z.string() }).strict(),
  z.object({ word: z.string(), correlationId: z.string() }),
);
const SlowEchoRpc = rpc(
  'test.context.slow-echo',
  z.object({ word: z.string(), delayMs: z.number() }).strict(),
  z.object({ word: z.string(), correlationId: z.string() }),
);
const ProfileEchoRpc = rpc(
  'test.context.profile-echo',
  z.object({}).strict(),
  z.object({ profile: z.unknown() }),
);
const BrokenRpc = rpc('test.context.broken', z.object({}).strict(), z.object({ never: z.string() }));
const WrongReplyRpc = rpc('test.context.wrong-reply', z.object({}).strict(), z.object({ count: z.number() }));

@Controller()
class ContextController {
  private readonly logger = new Logger('ContextController');
  /** How often the profile echo ran (a refused call must not reach it). */
  profileCalls = 0;

  @RpcHandler(EchoRpc)
  echo(@RpcPayload() { word }: { word: string }) {
    this.logger.log({ msg: 'echoing', word });
    return { word, correlationId: RequestContext.correlationId() ?? 'none' };
  }

  @RpcHandler(SlowEchoRpc)
  async slowEcho(@RpcPayload() { word, delayMs }: { word: string; delayMs: number }) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { word, correlationId: RequestContext.correlationId() ?? 'none' };
  }

  @RpcHandler(ProfileEchoRpc)
  profileEcho() {
    this.profileCalls += 1;
    return { profile: RequestContext.profile() ?? null };
  }

  @RpcHandler(BrokenRpc)
  broken(): { never: string } {
    throw new Error('database on fire');
  }

  /** A described pattern (`rpcByPattern`): the service checks its reply before sending it. */
  @RpcHandler(MovieRpc.rating)
  rating(): RpcReply<typeof MovieRpc.rating> {
    return { rating: 8.1, votes: null, imdbId: null } as unknown as RpcReply<typeof MovieRpc.rating>;
  }

  @RpcHandler(WrongReplyRpc)
  wrongReply() {
    // What a service out of step with its contract would answer.
    return { count: 'three' } as unknown as { count: number };
  }
}

@Module({ controllers: [ContextController] })
class ContextTestModule {}

/** A service built the way every service is (createServiceApp), called the way the gateway calls it. */
describe('request context across an RPC', () => {
  let app: INestApplication;
  let client: ServiceClient;
  const lines: Array<Record<string, unknown>> = [];
  const spies: jest.SpyInstance[] = [];

  beforeAll(async () => {
    for (const stream of [process.stdout, process.stderr]) {
      spies.push(
        jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
          for (const line of String(chunk)
            .split('\n')
            .filter((l) => l.startsWith('{')))
            lines.push(JSON.parse(line) as Record<string, unknown>);
          return true;
        }),
      );
    }
    const env = {
      LOG_LEVEL: 'info' as const,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: await findFreePort(),
      NATS_URL: natsUrl(),
    };
    app = await createServiceApp({ name: 'catalogue-service', module: ContextTestModule, env });
    await startServiceApp(app, { name: 'catalogue-service', module: ContextTestModule, env });
    client = ServiceClient.connect('catalogue-service', { url: env.NATS_URL }, { timeoutMs: 5_000 });
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
    spies.forEach((spy) => spy.mockRestore());
  });

  it("restores the caller's correlation id before the handler runs; the handler's log line prints it", async () => {
    const reply = await RequestContext.run({ correlationId: 'rpc-ctx-1' }, () =>
      client.send(EchoRpc, { word: 'namaste' }),
    );
    expect(reply).toEqual({ word: 'namaste', correlationId: 'rpc-ctx-1' });
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'echoing', service: 'catalogue-service', correlationId: 'rpc-ctx-1' }),
    );
  });

  it('keeps each message in its own context when many share one connection and interleave', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word-${i}`);
    const replies = await Promise.all(
      words.map((word, i) =>
        RequestContext.run({ correlationId: `ctx-${word}` }, () =>
          client.send(SlowEchoRpc, { word, delayMs: (i * 7) % 23 }),
        ),
      ),
    );
    expect(replies).toEqual(words.map((word) => ({ word, correlationId: `ctx-${word}` })));
  });

  it("carries the viewer's profile (id, kind, ceiling) to the service, and none when no profile acts", async () => {
    const profile = {
      id: '64b000000000000000000001',
      kind: 'kids' as const,
      maturityCeiling: 'UA7' as const,
    };
    const reply = await RequestContext.run({ correlationId: 'rpc-ctx-p', profile }, () =>
      client.send(ProfileEchoRpc, {}),
    );
    expect(reply).toEqual({ profile });
    expect(await client.send(ProfileEchoRpc, {})).toEqual({ profile: null });
  });

  it('refuses a call whose envelope names a malformed profile, without running the handler', async () => {
    const controller = app.get(ContextController);
    const before = controller.profileCalls;
    const forged = { id: 'p', kind: 'kids', maturityCeiling: 'NONE' } as unknown as SessionProfile;
    const error = await RequestContext.run({ correlationId: 'rpc-ctx-f', profile: forged }, () =>
      client.send(ProfileEchoRpc, {}),
    ).catch((e: unknown) => e);
    expect(error).toEqual(new AppError(ErrorCode.ValidationFailed, 'The request names a malformed profile'));
    expect(controller.profileCalls).toBe(before);
  });

  it('mints a correlation id for a call made outside any request', async () => {
    const reply = await client.send(EchoRpc, { word: 'hello' });
    expect(reply.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs an unexpected RPC failure with the correlation id and answers a bare Internal error', async () => {
    const error = await RequestContext.run({ correlationId: 'rpc-ctx-2' }, () =>
      client.send(BrokenRpc, {}),
    ).catch((e: unknown) => e);
    expect(error).toEqual(new AppError(ErrorCode.Internal, 'Internal error'));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'unexpected error',
        transport: 'rpc',
        correlationId: 'rpc-ctx-2',
      }),
    );
  });

  it('refuses a reply that breaks the contract: a 500 for the caller, an error line naming the pattern', async () => {
    const error = await RequestContext.run({ correlationId: 'rpc-ctx-3' }, () =>
      client.send(WrongReplyRpc, {}),
    ).catch((e: unknown) => e);
    expect(error).toEqual(new AppError(ErrorCode.Internal, 'Internal error'));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        msg: 'reply breaks its contract',
        pattern: WrongReplyRpc.pattern,
        correlationId: 'rpc-ctx-3',
      }),
    );
  });

  it("refuses, in the service, a reply to a described pattern that breaks its contract: the error line is the service's", async () => {
    const error = await RequestContext.run({ correlationId: 'rpc-ctx-4' }, () =>
      client.send(MovieRpc.rating, { id: 'a'.repeat(24) }),
    ).catch((e: unknown) => e);
    expect(error).toEqual(new AppError(ErrorCode.Internal, 'Internal error'));
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        service: 'catalogue-service',
        context: 'RpcServer',
        msg: 'reply breaks its contract',
        pattern: MovieRpc.rating.pattern,
        correlationId: 'rpc-ctx-4',
      }),
    );
  });
});
