import { spawn } from 'node:child_process';
import { once } from 'node:events';
import mongoose from 'mongoose';
import { MovieRpc, SeriesRpc } from '@app/contracts';
import {
  startOutboxKillSuite,
  startTmdbFake,
  uniqueSuffix,
  waitUntil,
  workspaceRoot,
  type TmdbFake,
} from '@app/server-testing';

// Issue 29 §1: catalogue-service, run as its own process, dies between a write and its events' publish (the outbox's
// test hook kills it right after the change): publishing a draft (`movie.published`), removing a series
// (`episode.deleted`, `series.deleted`). Restarted, it announces them: each event reaches the stream exactly once, under
// the id stored before the change, and a consumer applies it once. The TMDB importer (a one-off command) does the same
// for a film it imports.
describe('catalogue-service killed between the write and the publish (issue 29 §1)', () => {
  const suite = startOutboxKillSuite({
    service: 'catalogue-service',
    eventType: 'movie.published',
    keyOf: ({ movieId }) => movieId,
  });
  /** Events of `type` on the stream whose payload names `id` (a series or episode id). */
  const eventsNaming = (type: 'series.deleted' | 'episode.deleted', id: string) =>
    suite.eventsOf(type, (payload) => Object.values(payload).includes(id));
  const publicationsOf = (movieId: string) =>
    suite.eventsOf('movie.published', (payload) => payload.movieId === movieId);

  it('announces the published title once after the restart, and it stays published', async () => {
    const dying = await suite.start({ crashAfter: 'movie.published' });
    const draft = MovieRpc.create.reply.parse(
      await suite.client.request(MovieRpc.create.pattern, {
        title: `Lagaan ${uniqueSuffix()}`,
        description: 'Cricket.',
        genre: 'Drama',
        rating: 8.1,
        posterUrl: 'https://x.in/p.jpg',
        classification: 'UA13',
        descriptors: [],
      }),
    );
    const movieId = draft.id;

    // The draft is published, then the process is killed before marking or publishing its event: no answer comes.
    await suite.diesDuring(dying, suite.client.request(MovieRpc.publish.pattern, { id: movieId }));
    const stored = await suite.db.collection('movies').findOne({ _id: new mongoose.Types.ObjectId(movieId) });
    expect(stored).toMatchObject({ status: 'published', publishDate: expect.any(Date) });
    expect(await publicationsOf(movieId)).toEqual([]);
    const left = await suite.outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'movie.published', state: 'pending' },
    ]);
    const storedId = left[0]._id;

    // Restarted (no hook): its relay finds the title published at the stored date, and announces it.
    const restarted = await suite.restartAndSettle(movieId);
    const publications = await publicationsOf(movieId);
    expect(
      publications.map(({ id, payload }) => ({ id, movieId: payload.movieId, at: payload.publishDate })),
    ).toEqual([{ id: storedId, movieId, at: (stored?.publishDate as Date).toISOString() }]);
    expect(suite.applied.get(movieId)).toBe(1);
    const metrics = await suite.metrics(restarted);
    expect(metrics).toContain('outbox_published_total{by="relay"} 1');
    expect(metrics).toContain('outbox_waiting{state="pending"} 0');
  });

  it('announces a removed series and its episode once each after the restart', async () => {
    await suite.killAll();
    const dying = await suite.start({ crashAfter: 'series.deleted' });
    const series = SeriesRpc.create.reply.parse(
      await suite.client.request(SeriesRpc.create.pattern, {
        title: `Paatal Lok ${uniqueSuffix()}`,
        description: 'Crime.',
        genre: 'Drama',
        rating: 7,
        posterUrl: 'https://x.in/p.jpg',
        classification: 'UA13',
        descriptors: [],
        status: 'published',
      }),
    );
    await suite.client.request(SeriesRpc.addSeason.pattern, { seriesId: series.id, season: { number: 1 } });
    const episode = SeriesRpc.addEpisode.reply.parse(
      await suite.client.request(SeriesRpc.addEpisode.pattern, {
        seriesId: series.id,
        seasonNumber: 1,
        episode: { number: 1, title: 'Pilot' },
      }),
    );

    // The series and its episode are removed, then the process is killed before their events are published.
    await suite.diesDuring(dying, suite.client.request(SeriesRpc.remove.pattern, { id: series.id }));
    expect(
      await suite.db.collection('series').findOne({ _id: new mongoose.Types.ObjectId(series.id) }),
    ).toBeNull();
    expect(await eventsNaming('series.deleted', series.id)).toEqual([]);
    expect((await suite.outboxEntries()).map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'episode.deleted', state: 'pending' },
      { type: 'series.deleted', state: 'pending' },
    ]);

    await suite.start();
    await waitUntil(
      async () =>
        (await eventsNaming('series.deleted', series.id)).length > 0 &&
        (await suite.outboxEntries()).length === 0,
      'the restarted service to announce the removal and empty its outbox',
    );
    await suite.settle();
    expect(await eventsNaming('series.deleted', series.id)).toHaveLength(1);
    expect((await eventsNaming('episode.deleted', episode.id)).map(({ payload }) => payload)).toEqual([
      { episodeId: episode.id, seriesId: series.id },
    ]);
  });

  it('announces a film the importer stored once, when the importer was killed before publishing it', async () => {
    await suite.killAll();
    const tmdb: TmdbFake = await startTmdbFake();
    try {
      // `npm run import` as its own process, with the hook: it dies right after storing the film.
      const importer = spawn(
        process.execPath,
        ['-r', '@swc-node/register', 'apps/catalogue-service/src/import/import.main.ts', '1'],
        {
          cwd: workspaceRoot(),
          env: {
            ...process.env,
            SWC_NODE_PROJECT: 'tsconfig.server.json',
            NODE_ENV: 'test',
            NATS_URL: suite.infra.natsUrl,
            ...suite.env({ crashAfter: 'movie.published' }),
            TMDB_BASE_URL: tmdb.url,
            TMDB_API_KEY: tmdb.apiKey,
          },
          stdio: 'ignore',
        },
      );
      expect(await once(importer, 'exit')).toEqual([null, 'SIGKILL']);
    } finally {
      await tmdb.stop();
    }
    // Killed after the first film it stored.
    const stored = await suite.db.collection('movies').findOne({ sourceKey: /^import:tmdb:/ });
    if (!stored) throw new Error('the import stored no film');
    const movieId = stored._id.toHexString();
    expect(await publicationsOf(movieId)).toEqual([]);
    const left = await suite.outboxEntries();
    expect(left.map(({ type, state }) => ({ type, state }))).toEqual([
      { type: 'movie.published', state: 'pending' },
    ]);

    // The service's relay (any replica) finds the film published at the stored date, and announces it.
    await suite.restartAndSettle(movieId);
    expect((await publicationsOf(movieId)).map(({ id, payload }) => ({ id, title: payload.title }))).toEqual([
      { id: left[0]._id, title: stored.title },
    ]);
    expect(suite.applied.get(movieId)).toBe(1);
  });
});
