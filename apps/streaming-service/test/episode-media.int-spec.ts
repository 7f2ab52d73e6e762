import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventPayload } from '@app/contracts';
import { ErrorCode, StreamingMessages, StreamingRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { failure } from '@app/server-testing';
import { Ffmpeg } from '../src/ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../src/media/assets.repository';
import { LocalMediaStore } from '../src/media/local-media-store';
import { generateSamples } from '../src/samples/sample-generator';
import { eventsOf, makeClip, newMovieId, put, startPipelineService, waitFor } from './pipeline-context';

// Issue 13: an episode's media is keyed by the episode's own id (its playable id), exactly as a movie's is.
describe('episode media: demo samples, uploads, and removal when the episode is deleted', () => {
  let suite: Awaited<ReturnType<typeof startPipelineService>>;
  let store: LocalMediaStore;
  let work: string;
  const seriesId = newMovieId();

  beforeAll(async () => {
    suite = await startPipelineService('streaming-episodes');
    store = new LocalMediaStore(suite.mediaDir);
    work = await mkdtemp(path.join(tmpdir(), 'episode-clips-'));
    const options = { count: 1, seconds: 2, preset: 'ultrafast' as const, size: { width: 320, height: 180 } };
    expect(await generateSamples(store, new Ffmpeg(), options)).toEqual({ generated: 1, present: 0 });
  });

  afterAll(async () => {
    await suite?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const bus = () => suite.service.app.get(EventBus);
  const publishEpisode = (episodeId: string, demo?: boolean) => {
    const payload: EventPayload<'episode.published'> = {
      episodeId,
      seriesId,
      seasonNumber: 1,
      episodeNumber: 2,
      title: 'The Second',
      runtimeMinutes: 42,
      ...(demo === undefined ? {} : { demo }),
    };
    return bus().publish('episode.published', payload);
  };
  const deleteEpisode = (episodeId: string) => bus().publish('episode.deleted', { episodeId, seriesId });
  const asset = (movieId: string) => suite.service.call(StreamingRpc.asset, { movieId });
  const readyAsset = (movieId: string) =>
    waitFor(async () => {
      const now = await asset(movieId);
      return now.status === 'ready' ? now : null;
    }, 90_000);
  const gone = (movieId: string) => waitFor(async () => (await asset(movieId)).status === 'none');
  const open = (movieId: string) =>
    suite.service.call(StreamingRpc.open, {
      userId: newMovieId(),
      sessionId: 'tv',
      movieId,
      title: 'Series · S1:E2',
      quality: '720p',
      screens: 1,
      deviceLabel: 'TV',
      classification: 'UA7',
      episode: { seriesId, seasonNumber: 1, episodeNumber: 2 },
    });

  it('maps a demo episode to a sample by its own id and announces media.ready for it once', async () => {
    const episodeId = newMovieId();
    await publishEpisode(episodeId, true);
    await publishEpisode(episodeId, true);
    const ready = await readyAsset(episodeId);
    expect(ready).toMatchObject({ movieId: episodeId, source: 'sample', hasMp4: true });
    expect((await suite.service.app.get(AssetsRepository).findPlayable(episodeId))?.dir).toBe('samples/1');
    // The second publish is handled after the first (one consumer, in order): by the marker's time both are.
    const marker = newMovieId();
    await publishEpisode(marker, true);
    await readyAsset(marker);
    expect(await eventsOf(suite.redisUrl, 'media.ready', episodeId)).toEqual([
      {
        movieId: episodeId,
        durationSeconds: ready.durationSeconds,
        audioLanguages: ['hi', 'en'],
        subtitleLanguages: ['hi', 'en'],
      },
    ]);
    expect((await open(episodeId)).hlsUrl).toMatch(new RegExp(`/${episodeId}/master\\.m3u8$`));
  });

  it('leaves a real episode (no demo flag) waiting for an upload', async () => {
    const real = newMovieId();
    await publishEpisode(real);
    await publishEpisode(real, false);
    const marker = newMovieId();
    await publishEpisode(marker, true);
    await readyAsset(marker);
    expect(await asset(real)).toMatchObject({ status: 'none' });
    expect(await eventsOf(suite.redisUrl, 'media.ready', real)).toEqual([]);
  });

  it('removes a deleted demo episode’s asset but keeps the sample film other titles share', async () => {
    const episodeId = newMovieId();
    const sibling = newMovieId();
    await publishEpisode(episodeId, true);
    await publishEpisode(sibling, true);
    await readyAsset(episodeId);
    await readyAsset(sibling);

    await deleteEpisode(episodeId);
    await gone(episodeId);
    expect(await failure(open(episodeId))).toMatchObject({
      code: ErrorCode.NotFound,
      message: StreamingMessages.noMedia,
    });
    expect(await asset(sibling)).toMatchObject({ status: 'ready' });
    expect(await store.size('samples/1/sample.json')).toBeGreaterThan(0);
    // A redelivered delete finds nothing to remove and fails nothing.
    await deleteEpisode(episodeId);
    const marker = newMovieId();
    await publishEpisode(marker, true);
    await readyAsset(marker);
    await deleteEpisode(marker);
    await gone(marker);
    expect(await asset(sibling)).toMatchObject({ status: 'ready' });
  });

  it('removes a deleted episode’s uploaded versions and sources', async () => {
    const episodeId = newMovieId();
    const clip = await readFile(
      await makeClip(path.join(work, 'episode.mp4'), { seconds: 2, size: '320x180' }),
    );
    const ticket = await suite.service.call(StreamingRpc.uploadTicket, { movieId: episodeId });
    const reply = await put(`${suite.service.httpUrl}${ticket.uploadUrl}`, clip, {
      'content-type': 'video/mp4',
    });
    expect(reply.status).toBe(202);
    expect(await readyAsset(episodeId)).toMatchObject({ source: 'upload' });
    // Announced for the episode's id right after its asset turned ready.
    await waitFor(async () => (await eventsOf(suite.redisUrl, 'media.ready', episodeId)).length === 1);
    expect((await store.list(`uploads/${episodeId}`)).length).toBeGreaterThan(0);

    await deleteEpisode(episodeId);
    await gone(episodeId);
    // The record goes first (delivery stops serving), the files right after it.
    await waitFor(async () => (await store.list(`uploads/${episodeId}`)).length === 0);
    expect(await store.list(`incoming/${episodeId}`)).toEqual([]);
  });

  it('ignores a delete whose id is not an episode id: no path outside the title is touched', async () => {
    const kept = newMovieId();
    await publishEpisode(kept, true);
    await readyAsset(kept);
    for (const hostile of ['..', '../samples', 'samples', '']) await deleteEpisode(hostile);
    // Handled in order: once the marker is gone, the hostile deletes before it were handled.
    const marker = newMovieId();
    await publishEpisode(marker, true);
    await readyAsset(marker);
    await deleteEpisode(marker);
    await gone(marker);
    expect(await asset(kept)).toMatchObject({ status: 'ready' });
    expect(await store.size('samples/1/sample.json')).toBeGreaterThan(0);
    expect((await store.list('samples/1/hls')).length).toBeGreaterThan(0);
  });

  it('removes a deleted movie’s uploaded versions the same way (movie.deleted)', async () => {
    const movieId = newMovieId();
    const clip = await readFile(
      await makeClip(path.join(work, 'movie.mp4'), { seconds: 2, size: '320x180' }),
    );
    const ticket = await suite.service.call(StreamingRpc.uploadTicket, { movieId });
    expect(
      (await put(`${suite.service.httpUrl}${ticket.uploadUrl}`, clip, { 'content-type': 'video/mp4' }))
        .status,
    ).toBe(202);
    await readyAsset(movieId);
    expect((await store.list(`uploads/${movieId}`)).length).toBeGreaterThan(0);

    await bus().publish('movie.deleted', { movieId });
    await gone(movieId);
    await waitFor(async () => (await store.list(`uploads/${movieId}`)).length === 0);
  });
});
