import { findFreePort } from '@app/local-infra';
import { Controller, INestApplication, Module } from '@nestjs/common';
import { z } from 'zod';
import { ErrorCode, rpc } from '@app/contracts';
import {
  AppError,
  createServiceApp,
  MetricsModule,
  RpcHandler,
  RpcPayload,
  ServiceClient,
  startServiceApp,
} from '../src';
import { natsUrl } from './run-infra';

/** A write, so the client never resends it: each call is one request. */
const WorkRpc = rpc(
  'test.admission.work',
  z.object({ ms: z.number() }).strict(),
  z.object({ ms: z.number() }),
);

const started: number[] = [];

@Controller()
class WorkController {
  @RpcHandler(WorkRpc)
  async work(@RpcPayload() { ms }: { ms: number }) {
    started.push(ms);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { ms };
  }
}

@Module({ imports: [MetricsModule], controllers: [WorkController] })
class WorkModule {}

/** Issue 29 §2: a service admits a bounded number of RPCs and drops those its caller gave up on before it started. */
describe('a service under load', () => {
  let app: INestApplication;
  let httpUrl: string;
  const clients: ServiceClient[] = [];
  const client = (timeoutMs: number) => {
    const made = ServiceClient.connect('catalogue-service', { url: natsUrl() }, { timeoutMs });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    const env = {
      LOG_LEVEL: 'error' as const,
      HTTP_HOST: '127.0.0.1',
      HTTP_PORT: await findFreePort(),
      NATS_URL: natsUrl(),
      ADMISSION_MAX_IN_FLIGHT: 1,
      ADMISSION_MAX_QUEUED: 3,
    };
    app = await createServiceApp({ name: 'catalogue-service', module: WorkModule, env });
    await startServiceApp(app, { name: 'catalogue-service', module: WorkModule, env });
    httpUrl = `http://127.0.0.1:${env.HTTP_PORT}`;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await app?.close();
  });

  /** The value of the service's metric line that starts with `prefix` (0 before its first count). */
  const metric = async (prefix: string) => {
    const text = await (await fetch(`${httpUrl}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(prefix));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  const shedCount = (reason: string) => metric(`requests_shed_total{transport="rpc",reason="${reason}"}`);
  /** How many replies to the work pattern `request_duration_seconds` timed, by outcome. */
  const timedCount = (outcome: 'ok' | 'error') =>
    metric(`request_duration_seconds_count{transport="rpc",route="${WorkRpc.pattern}",outcome="${outcome}"}`);

  it('drops the requests whose deadline passed while they waited, without starting them, and counts them', async () => {
    started.length = 0;
    const patient = client(5_000);
    const impatient = client(150);

    const holding = patient.send(WorkRpc, { ms: 600 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const abandoned = await Promise.all(
      [1, 2, 3].map(() => impatient.send(WorkRpc, { ms: 1 }).catch((e: unknown) => e)),
    );
    for (const error of abandoned) expect((error as AppError).code).toBe(ErrorCode.ServiceTimeout);

    await expect(holding).resolves.toEqual({ ms: 600 });
    // Their places came up after the caller's deadline: none was worked on.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toEqual([600]);
    expect(await shedCount('deadline')).toBe(3);
  });

  it('answers OVERLOADED at once beyond its place and queue, and counts it', async () => {
    started.length = 0;
    const caller = client(5_000);
    const before = await shedCount('overloaded');

    // "At once" is judged by order, not by a clock: every shed answer arrives before any admitted work ends.
    const arrivals: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const outcome = await caller.send(WorkRpc, { ms: 1_000 }).then(
          () => 'ok',
          (e: unknown) => (e as AppError).code,
        );
        arrivals.push(outcome);
        return outcome;
      }),
    );

    expect(answers.filter((a) => a === 'ok')).toHaveLength(4);
    expect(answers.filter((a) => a === ErrorCode.Overloaded)).toHaveLength(2);
    expect(arrivals.slice(0, 2)).toEqual([ErrorCode.Overloaded, ErrorCode.Overloaded]);
    expect((await shedCount('overloaded')) - before).toBe(2);
  });

  it('times every reply it sends by pattern and outcome, the shed ones as errors', async () => {
    const caller = client(5_000);
    const [ok, error] = [await timedCount('ok'), await timedCount('error')];

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        caller.send(WorkRpc, { ms: 300 }).then(
          () => 'ok',
          () => 'error',
        ),
      ),
    );

    expect((await timedCount('ok')) - ok).toBe(answers.filter((a) => a === 'ok').length);
    expect((await timedCount('error')) - error).toBe(answers.filter((a) => a === 'error').length);
    expect(answers.filter((a) => a === 'error')).toHaveLength(2);
  });
});
