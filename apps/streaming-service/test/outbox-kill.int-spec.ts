import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventBus } from '@app/server-core';
import { startOutboxKillSuite } from '@app/server-testing';
import { Ffmpeg } from '../src/ffmpeg/ffmpeg.adapter';
import { LocalMediaStore } from '../src/media/local-media-store';
import { generateSamples } from '../src/samples/sample-generator';
import { newMovieId, STREAM_TOKEN_SECRET } from './pipeline-context';

// Issue 29 §1: streaming-service, run as its own process, dies between making a seeded title playable (its sample
// assigned, `media.ready` marked in the asset's own write: `announcedAt` null) and publishing `media.ready` (the
// outbox's test hook kills it right after the change). Restarted, its relay finds the marker and announces it: the
// event reaches the stream exactly once, dated when the title became ready, and a consumer applies it once.
describe('streaming-service killed between the write and the publish (issue 29 §1)', () => {
  let mediaDir: string;
  const suite = startOutboxKillSuite({
    service: 'streaming-service',
    eventType: 'media.ready',
    keyOf: ({ movieId }) => movieId,
    setUp: async () => {
      mediaDir = await mkdtemp(path.join(tmpdir(), 'streaming-outbox-kill-'));
      // Tiny films: what matters here is the announcement.
      const options = {
        count: 1,
        seconds: 1,
        preset: 'ultrafast' as const,
        size: { width: 320, height: 180 },
      };
      await generateSamples(new LocalMediaStore(mediaDir), new Ffmpeg(), options);
    },
    tearDown: () => rm(mediaDir, { recursive: true, force: true }),
    env: () => ({ MEDIA_DIR: mediaDir, STREAM_TOKEN_SECRET, SAMPLE_MEDIA: 'on' }),
  });

  it('announces the title made playable once after the restart, and it stays playable', async () => {
    const dying = await suite.start({ crashAfter: 'media.ready' });
    const movieId = newMovieId();

    // The seed publishes a demo title: the service assigns it a sample, then is killed before announcing it.
    await new EventBus(suite.redis).publish('movie.published', {
      movieId,
      title: 'A seeded title',
      genre: 'Drama',
      publishDate: '2024-01-01',
      demo: true,
    });
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
