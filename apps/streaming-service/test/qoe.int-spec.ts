import { EVENT_STREAM, QoeMessages, QoeRpc, StreamingRpc } from '@app/contracts';
import type { QoeSample } from '@app/contracts';
import { MediaLayout } from '../src/media/media-layout';
import { objectId, openRequest } from './asset-fixture';
import { startDeliverySuite, type DeliverySuite } from './delivery-context';

const sample: QoeSample = {
  timeToFirstFrameMs: 900,
  rebufferCount: 0,
  rebufferMs: 0,
  playedMs: 30_000,
  bitrateSwitches: 1,
  fatalErrors: 0,
  rendition: '720p',
};
const SAMSUNG =
  'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36';

/**
 * Issue 28: a playback's start is announced once (`playback.started`, through the outbox), and QoE batches are
 * taken for the caller's own lease only, announced as `qoe.reported` with the title the lease plays.
 */
describe('plays and QoE reports', () => {
  let suite: DeliverySuite;
  const movieId = objectId();

  beforeAll(async () => {
    suite = await startDeliverySuite('streaming-qoe', MediaLayout.sampleDir(9), [
      { movieId, durationSeconds: 8 },
    ]);
  });
  afterAll(() => suite?.close());

  const events = async (type: string, leaseId: string) =>
    (await suite.redis.xrange(EVENT_STREAM, '-', '+'))
      .map(
        ([, fields]) =>
          JSON.parse(fields[fields.length - 1]) as { type: string; payload: Record<string, unknown> },
      )
      .filter((event) => event.type === type && event.payload.leaseId === leaseId)
      .map((event) => event.payload);

  it('announces the start of a playback once, with its viewer, title and length', async () => {
    const request = openRequest(movieId);
    const opened = await suite.service.call(StreamingRpc.open, request);
    expect(await events('playback.started', opened.leaseId)).toEqual([
      expect.objectContaining({
        leaseId: opened.leaseId,
        userId: request.userId,
        movieId,
        durationSeconds: 8,
      }),
    ]);
  });

  it('takes a batch for the caller’s own lease and refuses another account’s (404), announcing nothing', async () => {
    const request = openRequest(movieId);
    const opened = await suite.service.call(StreamingRpc.open, request);

    await expect(
      suite.service.call(QoeRpc.report, { userId: objectId(), leaseId: opened.leaseId, samples: [sample] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: QoeMessages.notYourLease });
    expect(await events('qoe.reported', opened.leaseId)).toEqual([]);

    await expect(
      suite.service.call(QoeRpc.report, {
        userId: request.userId,
        leaseId: opened.leaseId,
        samples: [sample, sample],
        userAgent: SAMSUNG,
      }),
    ).resolves.toEqual({ accepted: 2 });
    expect(await events('qoe.reported', opened.leaseId)).toEqual([
      expect.objectContaining({
        userId: request.userId,
        movieId,
        browser: 'Samsung Internet',
        samples: [sample, sample],
      }),
    ]);
  });

  it('refuses out-of-range values before anything is announced', async () => {
    const request = openRequest(movieId);
    const opened = await suite.service.call(StreamingRpc.open, request);
    for (const bad of [
      { ...sample, rebufferMs: -1 },
      { ...sample, timeToFirstFrameMs: 120_001 },
      { ...sample, fatalErrors: 1.5 },
      { ...sample, rendition: '<script>' },
      { ...sample, rendition: '360p' },
    ]) {
      await expect(
        suite.service.call(QoeRpc.report, {
          userId: request.userId,
          leaseId: opened.leaseId,
          // Out of the contract on purpose: the service checks the payload again.
          samples: [bad as QoeSample],
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await events('qoe.reported', opened.leaseId)).toEqual([]);
  });
});
