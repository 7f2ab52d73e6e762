import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Types } from 'mongoose';
import { MovieStatus } from '@app/contracts';
import type { Progress } from '@app/server-core';
import { JsonLogger, parseEnv, progressBar } from '@app/server-core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { MoviesRepository } from '../movies/movies.repository';
import { EpisodesRepository } from '../series/episodes.repository';
import { SeriesRepository } from '../series/series.repository';
import { readDatasetRows } from './dataset-file';
import { DEMO_SERIES } from './demo-series';
import { cleanDataset } from './movie-dataset';
import { seedId } from './seed-catalogue';
import { toNewEpisodes, toNewSeries } from './seed-series';
import { awaitSeededMedia } from './seeded-media';

/**
 * `node dist/apps/catalogue-service/await-media.js`, run by the launcher once every service is healthy: waits, with
 * a progress bar, until every seeded title (the data set's films, the episodes of the published demo series) plays.
 */
const main = async () => {
  const env = parseEnv(envSchema);
  const app = await NestFactory.createApplicationContext(AppModule.register(env, { consumeEvents: false }), {
    logger: new JsonLogger('catalogue-await-media', 'warn'),
  });
  try {
    const movies = app.get(MoviesRepository);
    const episodes = app.get(EpisodesRepository);
    const series = app.get(SeriesRepository);
    const movieIds = cleanDataset(readDatasetRows()).map((movie) => seedId(movie.sourceKey));
    const now = new Date();
    const episodeIds: Types.ObjectId[] = [];
    for (const demo of DEMO_SERIES) {
      // Unpublished series are not announced, so their episodes get no media: they are not waited for.
      const stored = await series.findById(toNewSeries(demo, now)._id);
      if (stored?.status === MovieStatus.Published)
        episodeIds.push(...toNewEpisodes(demo).map(({ _id }) => _id));
    }
    let bar: Progress | undefined;
    const started = Date.now();
    // Each look asks only about the titles still waiting: the first look finds how many there are in all.
    let waiting = { films: movieIds, episodes: episodeIds };
    let total: number | undefined;
    const titles = await awaitSeededMedia(
      async () => {
        const [films, parts] = await Promise.all([
          movies.mediaProgress(waiting.films),
          episodes.mediaProgress(waiting.episodes),
        ]);
        total ??= films.titles + parts.titles;
        waiting = { films: films.waiting, episodes: parts.waiting };
        return { titles: total, waiting: films.waiting.length + parts.waiting.length };
      },
      {
        onProgress: (ready, all) => {
          bar ??= progressBar('Mapping titles to sample films', all);
          bar.update(ready);
        },
        pollMs: 1_000,
      },
    );
    bar?.finish();
    process.stderr.write(
      `Sample films: all ${titles} seeded titles play (waited ${((Date.now() - started) / 1000).toFixed(1)} s).\n`,
    );
  } finally {
    await app.close();
  }
};

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
