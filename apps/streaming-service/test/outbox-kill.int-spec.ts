import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventType } from '@app/contracts';
import { StreamingRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { startOutboxKillSuite, type OutboxKillSuiteOptions, waitUntil } from '@app/server-testing';
import { Ffmpeg } from '../src/ffmpeg/ffmpeg.adapter';
import { LocalMediaStore } from '../src/media/local-media-store';
import { generateSamples } from '../src/samples/sample-generator';
import { openRequest } from './asset-fixture';
import { newMovieId, STREAM_TOKEN_SECRET } from './pipeline-context';

/** The service on its own media dir of one tiny sample film (what matters here is the announcement). */
const withSampleFilms = <T extends EventType>(
  options: Pick<OutboxKillSuiteOptions<T>, 'eventType' | 'keyOf'>,
): OutboxKillSuiteOptions<T> => {
  let mediaDir: string;
  return {
    service: 'streaming-service',
    ...options,
    setUp: async () => {
      mediaDir = await mkdtemp(path.join(tmpdir(), 'streaming-outbox-kill-'));
      const samples = {
        count: 1,
        seconds: 1,
        preset: 'ultrafast' as const,
        size: { width: 320, height: 180 },
      };
      await generateSamples(new LocalMediaStore(mediaDir), new Ffmpeg(), samples);
    },
    tearDown: () => rm(mediaDir, { recursive: true, force: true }),
    env: () => ({ MEDIA_DIR: mediaDir, STREAM_TOKEN_SECRET, SAMPLE_MEDIA: 'on' }),
  };
};

/** What the seed publishes for a demo title: the service assigns it a sample film and announces `media.ready`. */
const seededTitle = (movieId: string) => ({
  movieId,
  title: 'A seeded title',
  genre: 'Drama',
  publishDate: '2024-01-01',
  demo: true,
});

// Issue 29 §1: streaming-service, run as its own process, dies between making a seeded title playable (its sample
// assigned, `media.ready` marked in the asset's own write: `announcedAt` null) and publishing `media.ready` (the
// outbox's test hook kills it right after the change). Restarted, its relay finds the marker and announces it: the
// event reaches the stream exactly once, dated when the title became ready, and a consumer applies it once.
describe('streaming-service killed between the write and the publish (issue 29 §1)', () => {
  const suite = startOutboxKillSuite(
    withSampleFilms({ eventType: 'media.ready', keyOf: ({ movieId }) => movieId }),
  );

  it('announces the title made playable once after the restart, and it stays playable', async () => {
    const dying = await suite.start({ crashAfter: 'media.ready' });
    const movieId = newMovieId();

    // The seed publishes a demo title: the service assigns it a sample, then is killed before announcing it.
    await new EventBus(suite.redis).publish('movie.published', seededTitle(movieId));
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const asset = await suite.db.collection('assets').findOne({ movieId });
    expect(asset).toMatchObject({
      status: 'ready',
      source: 'sample',
      readyAt: expect.any(Date),
      announcedAt: null,
    });
    expect(await suite.eventsOf('media.ready', (payload) => payload.movieId === movieId)).toEqual([]);
    // Marked in the asset, not in an outbox entry: the hot path writes nothing more.
    expect(await suite.outboxEntries()).toEqual([]);

    // Restarted (no hook): the relay finds the marker; the redelivered `movie.published` finds the sample assigned.
    const restarted = await suite.restartAndSettle(movieId);
    const announced = await suite.eventsOf('media.ready', (payload) => payload.movieId === movieId);
    expect(announced.map(({ payload, occurredAt }) => ({ payload, occurredAt }))).toEqual([
      {
        payload: {
          movieId,
          durationSeconds: asset?.durationSeconds,
          audioLanguages: ['hi', 'en'],
          subtitleLanguages: ['hi', 'en'],
        },
        occurredAt: (asset?.readyAt as Date).toISOString(),
      },
    ]);
    expect(suite.applied.get(movieId)).toBe(1);
    expect(await suite.db.collection('assets').findOne({ movieId })).toMatchObject({
      status: 'ready',
      announcedAt: expect.any(Date),
    });
    expect(await suite.metrics(restarted)).toContain('outbox_published_total{by="relay"} 1');
  });
});

// The hot path's event: a heartbeat's change to the lease (its watch clock) marks the `watch.progressed` it makes in
// Redis, in the same script; killed before publishing it, the restarted service's relay announces the report once.
describe('streaming-service killed between a heartbeat and its watch.progressed (issue 29 §1)', () => {
  const suite = startOutboxKillSuite(
    withSampleFilms({ eventType: 'watch.progressed', keyOf: ({ leaseId }) => leaseId }),
  );

  it('announces the report once after the restart, as the lease’s clock counted it', async () => {
    // A playable title and a playback of it, opened on a process without the hook.
    const healthy = await suite.start();
    const movieId = newMovieId();
    await new EventBus(suite.redis).publish('movie.published', seededTitle(movieId));
    await waitUntil(
      async () => (await suite.eventsOf('media.ready', (payload) => payload.movieId === movieId)).length > 0,
      'the seeded title to be playable',
    );
    const viewer = openRequest(movieId);
    const opened = await suite.client.send(StreamingRpc.open, viewer);
    await healthy.kill();

    const dying = await suite.start({ crashAfter: 'watch.progressed' });
    const report = {
      token: opened.token,
      leaseId: opened.leaseId,
      durationSeconds: 1,
      event: 'tick' as const,
    };
    await suite.diesDuring(
      dying,
      suite.client.send(StreamingRpc.heartbeat, { ...report, positionSeconds: 0.5, watchedSeconds: 0.5 }),
    );
    const reported = (payload: { leaseId: string }) => payload.leaseId === opened.leaseId;
    expect(await suite.eventsOf('watch.progressed', reported)).toEqual([]);

    const restarted = await suite.restartAndSettle(opened.leaseId);
    const announced = await suite.eventsOf('watch.progressed', reported);
    expect(announced).toHaveLength(1);
    const [{ payload, occurredAt }] = announced;
    expect(payload).toEqual({
      userId: viewer.userId,
      movieId,
      leaseId: opened.leaseId,
      event: 'tick',
      durationSeconds: 1,
      positionSeconds: 0.5,
      watchedSeconds: 0.5,
      reportedAt: expect.any(String),
    });
    // Dated when it was reported, not when the relay announced it.
    expect(occurredAt).toBe(payload.reportedAt);
    expect(suite.applied.get(opened.leaseId)).toBe(1);
    expect(await suite.metrics(restarted)).toContain('outbox_published_total{by="relay"} 1');
  });
});
