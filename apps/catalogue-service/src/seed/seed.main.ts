import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { EventBus, JsonLogger, parseEnv, progressBar } from '@app/server-core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { MovieListCache } from '../movies/movie-list.cache';
import { MoviesRepository } from '../movies/movies.repository';
import { EpisodesRepository } from '../series/episodes.repository';
import { SeriesRepository } from '../series/series.repository';
import { DEMO_SERIES } from './demo-series';
import { readDatasetRows } from './dataset-file';
import { cleanDataset } from './movie-dataset';
import { announceInserted, seedCatalogue } from './seed-catalogue';
import { announceSeededSeries, seedSeries } from './seed-series';

/**
 * `node dist/apps/catalogue-service/seed.js`: fills the catalogue from the movie data set shipped in vega-datasets,
 * then adds the demo series (issue 13).
 */
const main = async () => {
  const env = parseEnv(envSchema);
  const app = await NestFactory.createApplicationContext(AppModule.register(env, { consumeEvents: false }), {
    logger: new JsonLogger('catalogue-seed', 'warn'),
  });
  try {
    const rows = readDatasetRows();
    const movies = cleanDataset(rows);
    const bar = progressBar('Seeding catalogue', movies.length);
    const added = await seedCatalogue(app.get(MoviesRepository), movies, {
      onProgress: bar.update,
      onInserted: announceInserted(app.get(EventBus)),
      onWithoutMedia: announceInserted(app.get(EventBus)),
    });
    bar.finish();
    process.stderr.write(
      `Catalogue: ${added} titles added, ${movies.length - added} already present (${rows.length} rows read).\n`,
    );
    const seriesBar = progressBar('Seeding series', DEMO_SERIES.length);
    const series = await seedSeries(app.get(SeriesRepository), app.get(EpisodesRepository), DEMO_SERIES, {
      onProgress: seriesBar.update,
      ...announceSeededSeries(app.get(EventBus)),
    });
    seriesBar.finish();
    if (added || series.added || series.episodesAdded) await app.get(MovieListCache).invalidate();
    process.stderr.write(
      `Series: ${series.added} series added, ${series.present} already present (${series.episodesAdded} episodes added).\n`,
    );
  } finally {
    await app.close();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
