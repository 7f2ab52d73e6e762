import type { INestApplication, INestMicroservice } from '@nestjs/common';
import {
  ErrorCode,
  MoviePatterns,
  OVERLOADED_RETRY_AFTER_SECONDS,
  PRODUCT_BUSY_MESSAGE,
  serviceBusyMessage,
} from '@app/contracts';
import type { ApiError } from '@app/contracts';
import { testNatsUrl } from '@app/server-testing';
import { callGateway, standIn, startFakeService, startGateway } from './gateway-harness';

/** The catalogue's stand-in answers the genres after `ms`, long enough for a burst to find every place taken. */
const SLOW_MS = 400;
const SlowCatalogue = standIn({
  [MoviePatterns.genres]: () => new Promise((resolve) => setTimeout(() => resolve(['Drama']), SLOW_MS)),
});

type Timed = { status: number; retryAfter: string | null; body: unknown; ms: number };

/** `count` requests for the genres at once, each timed. */
const burst = (url: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, async (): Promise<Timed> => {
      const started = performance.now();
      const answer = await callGateway(url, 'GET', '/api/movies/genres');
      const body: unknown = await answer.json();
      return {
        status: answer.status,
        retryAfter: answer.headers.get('retry-after'),
        body,
        ms: performance.now() - started,
      };
    }),
  );

const shedCount = async (url: string, transport: string, reason: string) => {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`requests_shed_total{transport="${transport}",reason="${reason}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

/** Issue 29 §2: beyond its limit, the gateway (or a service behind it) answers 503 + Retry-After at once. */
describe('admission control', () => {
  const apps: Array<INestApplication | INestMicroservice> = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('answers an over-limit burst at once with 503 + Retry-After, serves the admitted ones, and never sheds health', async () => {
    apps.push((await startFakeService(SlowCatalogue)).app);
    const gateway = await startGateway({ ADMISSION_MAX_IN_FLIGHT: 2, ADMISSION_MAX_QUEUED: 1 });
    apps.unshift(gateway.app);

    const [answers, health] = await Promise.all([
      burst(gateway.url, 10),
      // Sent while every place is taken.
      new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
        callGateway(gateway.url, 'GET', '/api/health/live'),
      ),
    ]);

    const admitted = answers.filter((a) => a.status === 200);
    const shed = answers.filter((a) => a.status === 503);
    expect([admitted.length, shed.length]).toEqual([3, 7]);
    for (const answer of admitted) expect(answer.body).toEqual(['Drama']);
    for (const answer of shed) {
      expect(answer.retryAfter).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
      expect(answer.body).toMatchObject({ code: ErrorCode.Overloaded, message: PRODUCT_BUSY_MESSAGE });
      expect(typeof (answer.body as ApiError).correlationId).toBe('string');
    }
    // At once: every refusal came back before the first admitted answer could (it takes SLOW_MS).
    expect(Math.max(...shed.map((a) => a.ms))).toBeLessThan(Math.min(...admitted.map((a) => a.ms)));
    expect(Math.max(...shed.map((a) => a.ms))).toBeLessThan(SLOW_MS);
    expect(health.status).toBe(200);
    expect(await shedCount(gateway.url, 'http', 'overloaded')).toBe(7);

    // A refusal is no lasting state: once the burst has passed, the next request is served.
    expect((await burst(gateway.url, 1))[0].status).toBe(200);
  });

  it("answers 503 + Retry-After in the feature's words when the service behind it is at its limit", async () => {
    apps.push(
      (
        await startFakeService(
          SlowCatalogue,
          { url: testNatsUrl() },
          {
            limits: { maxInFlight: 1, maxQueued: 1 },
            busyMessage: serviceBusyMessage('catalogue-service'),
          },
        )
      ).app,
    );
    // Every request reaches the service: none is answered from what the gateway holds for visitors.
    const gateway = await startGateway({ CATALOGUE_HOLD_SECONDS: 0 });
    apps.unshift(gateway.app);

    const answers = await burst(gateway.url, 5);

    const admitted = answers.filter((a) => a.status === 200);
    const shed = answers.filter((a) => a.status === 503);
    expect([admitted.length, shed.length]).toEqual([2, 3]);
    for (const answer of shed) {
      expect(answer.retryAfter).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
      expect(answer.body).toMatchObject({
        code: ErrorCode.Overloaded,
        message: 'The catalogue is busy right now. Please try again in a moment.',
      });
    }
    expect(Math.max(...shed.map((a) => a.ms))).toBeLessThan(Math.min(...admitted.map((a) => a.ms)));
  });
});
