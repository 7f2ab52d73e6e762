import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Progress } from '@app/server-core';
import { JsonLogger, parseEnv, progressBar } from '@app/server-core';
import { AppModule } from '../app.module';
import { envSchema } from '../env';
import { ImportModule } from './import.module';
import { TmdbImporter } from './tmdb-importer';

/** How many pages of each list (20 titles or shows a page); `node import.js 3`. */
const pagesArgument = () => {
  const pages = Number(process.argv[2] ?? 1);
  if (!Number.isInteger(pages) || pages < 1 || pages > 50)
    throw new Error('Usage: node dist/apps/catalogue-service/import.js [pages 1-50]');
  return pages;
};

/** `node dist/apps/catalogue-service/import.js`: fills the catalogue (films, then series) from a TMDB-compatible API (TMDB_API_KEY). */
const main = async () => {
  const env = parseEnv(envSchema);
  const pages = pagesArgument();
  const app = await NestFactory.createApplicationContext(
    {
      module: class ImportCommand {},
      imports: [AppModule.register(env, { consumeEvents: false }), ImportModule],
    },
    { logger: new JsonLogger('catalogue-import', 'warn') },
  );
  try {
    const importer = app.get(TmdbImporter);
    if (!importer.configured) {
      process.stderr.write('TMDB_API_KEY is not set: nothing to import.\n');
      return;
    }
    const withBar = (label: string) => {
      let bar: Progress | undefined;
      return {
        pages,
        onTotal: (total: number) => (bar = progressBar(label, total)),
        onProgress: (done: number) => bar?.update(done),
        finish: () => bar?.finish(),
      };
    };
    const films = withBar('Importing titles');
    const movies = await importer.run('movie', films);
    films.finish();
    process.stderr.write(
      `Import: ${movies.added} titles added, ${movies.updated} refreshed, ${movies.reviews} reviews (${movies.seen} listed).\n`,
    );
    const shows = withBar('Importing series');
    const series = await importer.run('tv', shows);
    shows.finish();
    process.stderr.write(
      `Import: ${series.added} series added, ${series.updated} refreshed, ${series.episodesAdded} episodes added (${series.seen} listed).\n`,
    );
  } finally {
    await app.close();
  }
};

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
