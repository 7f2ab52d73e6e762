import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StreamingRpc } from '@app/contracts';
import { EventBus } from '@app/server-core';
import { Ffmpeg } from '../src/ffmpeg/ffmpeg.adapter';
import { AssetsRepository } from '../src/media/assets.repository';
import { LocalMediaStore } from '../src/media/local-media-store';
import { SampleAssignmentService } from '../src/samples/sample-assignment.service';
import { generateSamples } from '../src/samples/sample-generator';
import { readSampleLibrary, sampleFor } from '../src/samples/sample-library';
import { languagesOfFilm } from '../src/samples/sample-speech';
import {
  allEventsOf,
  eventsOf,
  newMovieId,
  probeJson,
  startPipelineService,
  waitFor,
} from './pipeline-context';

describe('sample films for seeded titles (SAMPLE_MEDIA=on)', () => {
  let suite: Awaited<ReturnType<typeof startPipelineService>>;
  let store: LocalMediaStore;

  beforeAll(async () => {
    suite = await startPipelineService('streaming-samples');
    store = new LocalMediaStore(suite.mediaDir);
    // Tiny films: what matters here is the mapping; the seed script makes the 1080p ones.
    const options = { count: 2, seconds: 2, preset: 'ultrafast' as const, size: { width: 640, height: 360 } };
    expect(await generateSamples(store, new Ffmpeg(), options)).toEqual({ generated: 2, present: 0 });
    expect(await generateSamples(store, new Ffmpeg(), options)).toEqual({ generated: 0, present: 2 });
  });

  afterAll(() => suite?.close());

  const publish = (movieId: string, demo?: boolean) =>
    suite.service.app.get(EventBus).publish('movie.published', {
      movieId,
      title: 'A seeded title',
      genre: 'Drama',
      publishDate: '2024-01-01',
      ...(demo === undefined ? {} : { demo }),
    });

  it('leaves generated films with their marker, names and captions-ready layout', async () => {
    const library = await readSampleLibrary(store);
    expect(library.map((s) => [s.n, s.name, s.renditions])).toEqual([
      [1, 'Test Card (1)', ['480p']],
      [2, 'Colour Bars (2)', ['480p']],
    ]);
    expect(library[0].durationSeconds).toBeCloseTo(2, 0);
    expect(await store.size('samples/2/trickplay/thumbs.vtt')).toBeGreaterThan(0);
    expect((await store.list('samples')).some((key) => key.includes('.building'))).toBe(false);
  });

  it('makes each film speak Hindi (the default) and English, with subtitles in both, in its master playlist', async () => {
    const [first] = await readSampleLibrary(store);
    expect(first.audioTracks.map((t) => [t.language, t.isDefault])).toEqual([
      ['hi', true],
      ['en', false],
    ]);
    expect(first.subtitleTracks.map((t) => t.language)).toEqual(['hi', 'en']);
    const master = await readFile(path.join(suite.mediaDir, 'samples/1/hls/master.m3u8'), 'utf8');
    expect(master).toMatch(/TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="hi",NAME="हिन्दी",DEFAULT=YES,AUTOSELECT=YES/);
    expect(master).toMatch(
      /TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=NO,AUTOSELECT=YES/,
    );
    expect(master).toMatch(/TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="hi",.*URI="subs\/hi\/index.m3u8"/);
    expect(master).toMatch(/TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",.*URI="subs\/en\/index.m3u8"/);
    expect(master).toContain('AUDIO="aud",SUBTITLES="subs"');
    const english = await readFile(path.join(suite.mediaDir, 'samples/1/hls/subs/en/subs.vtt'), 'utf8');
    expect(english.startsWith('WEBVTT\n\n')).toBe(true);
    expect(english).toMatch(/^00:00:00\.000 --> 00:00:0\d\.\d{3}\nThis is sample film 1\. 0 seconds in\.$/m);
    // The speech is heard: the Hindi rendition is as long as the film and not silent.
    const hindi = await probeJson(path.join(suite.mediaDir, 'samples/1/hls/audio/hi/index.m3u8'));
    expect(Number(hindi.format.duration)).toBeCloseTo(2, 0);
    const mp4 = await probeJson(path.join(suite.mediaDir, 'samples/1/video.mp4'));
    expect(mp4.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
    // The second film (and every sixth after it) speaks Tamil as well: a third audio and subtitle rendition.
    const second = await readFile(path.join(suite.mediaDir, 'samples/2/hls/master.m3u8'), 'utf8');
    expect(second).toMatch(/TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="ta",NAME="தமிழ்",DEFAULT=NO,AUTOSELECT=YES/);
    expect(second).toMatch(/TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ta",.*URI="subs\/ta\/index.m3u8"/);
  });

  it('makes a film of the older layout (no tracks in its marker) again', async () => {
    const old = new LocalMediaStore(await mkdtemp(path.join(tmpdir(), 'old-samples-')));
    const options = { count: 1, seconds: 1, preset: 'ultrafast' as const, size: { width: 320, height: 180 } };
    await generateSamples(old, new Ffmpeg(), options);
    const markerFile = path.join(old.root, 'samples/1/sample.json');
    const { audioTracks: _a, subtitleTracks: _s, ...before } = JSON.parse(await readFile(markerFile, 'utf8'));
    await writeFile(markerFile, JSON.stringify(before));
    expect(await readSampleLibrary(old)).toEqual([]);
    expect(await generateSamples(old, new Ffmpeg(), options)).toEqual({ generated: 1, present: 0 });
    expect((await readSampleLibrary(old))[0].audioTracks).toHaveLength(2);
    await rm(old.root, { recursive: true, force: true });
  });

  it('maps a demo title to its sample once and announces media.ready once, even when the event comes twice', async () => {
    const movieId = newMovieId();
    await publish(movieId, true);
    await publish(movieId, true);
    const ready = await waitFor(async () => {
      const asset = await suite.service.call(StreamingRpc.asset, { movieId });
      return asset.status === 'ready' ? asset : null;
    });
    expect(ready).toMatchObject({ source: 'sample', hasMp4: true, hasTrickplay: true, renditions: ['480p'] });
    const playable = await suite.service.app.get(AssetsRepository).findPlayable(movieId);
    expect(playable?.dir).toBe(`samples/${sampleFor(movieId, 2)}`);
    // The second delivery is handled after the first (one consumer, in order): by then both are done.
    const other = newMovieId();
    await publish(other, true);
    await waitFor(
      async () => (await suite.service.call(StreamingRpc.asset, { movieId: other })).status === 'ready',
    );
    // Film 2 speaks Tamil too.
    const languages = languagesOfFilm(sampleFor(movieId, 2)).map(({ language }) => language);
    expect(await eventsOf(suite.redisUrl, 'media.ready', movieId)).toEqual([
      {
        movieId,
        durationSeconds: ready.durationSeconds,
        audioLanguages: languages,
        subtitleLanguages: languages,
      },
    ]);
    expect(ready.audioTracks.map((t) => t.language)).toEqual(languages);
    expect(await suite.service.app.get(SampleAssignmentService).assignMany([movieId])).toBe(0);
  });

  it('gives real (non-demo) titles nothing: they wait for an upload', async () => {
    const real = newMovieId();
    const marker = newMovieId();
    await publish(real);
    await publish(real, false);
    // Events are handled in order: once the later demo title is ready, the real one has been seen.
    await publish(marker, true);
    await waitFor(
      async () => (await suite.service.call(StreamingRpc.asset, { movieId: marker })).status === 'ready',
    );
    expect(await suite.service.call(StreamingRpc.asset, { movieId: real })).toMatchObject({ status: 'none' });
    expect(await eventsOf(suite.redisUrl, 'media.ready', real)).toEqual([]);
  });

  it('maps 200 demo titles published at once to their samples, each announced once, within 20 s', async () => {
    const ids = Array.from({ length: 200 }, newMovieId);
    const started = Date.now();
    await suite.service.app.get(EventBus).publishMany(
      ids.map((movieId) => ({
        type: 'movie.published',
        payload: { movieId, title: 'A seeded title', genre: 'Drama', publishDate: '2024-01-01', demo: true },
      })),
    );
    const assets = suite.service.app.get(AssetsRepository);
    await waitFor(async () => {
      const playable = await Promise.all(ids.map((movieId) => assets.findPlayable(movieId)));
      return playable.every((asset) => asset !== null);
    }, 50_000);
    // Marked ready, then announced (the outbox's order): the announcements can trail the records a moment.
    let announced = new Map<string, number>();
    await waitFor(async () => {
      announced = await allEventsOf(suite.redisUrl, 'media.ready', ids);
      return announced.size === ids.length;
    }, 50_000);
    // Bounded by the name, printed rather than asserted: a shared machine's timing is noise.
    console.log(`200 demo titles mapped to sample films and announced in ${Date.now() - started} ms`);
    expect(announced.size).toBe(200);
    expect([...announced.values()].every((count) => count === 1)).toBe(true);
  });

  it('spreads titles over the samples by a stable hash', () => {
    const picks = Array.from({ length: 200 }, () => sampleFor(newMovieId(), 6));
    expect(new Set(picks).size).toBe(6);
    expect(sampleFor('65f1c0ffee0123456789abcd', 6)).toBe(sampleFor('65f1c0ffee0123456789abcd', 6));
  });
});
