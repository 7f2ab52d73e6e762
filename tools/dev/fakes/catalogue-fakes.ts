import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { workspaceRoot } from '@app/local-infra';
import type { OmdbRecord } from '@app/server-testing';
import { startOmdbFake } from '@app/server-testing';
import type { DevFakeStarter } from './dev-fake';

type Row = {
  Title?: string | number | null;
  'Release Date'?: string | null;
  'IMDB Rating'?: number | null;
  'IMDB Votes'?: number | null;
};

/** The data set ends in 2010: later years are two-digit years read in the wrong century (as the seed fixes them). */
const yearOf = (date: string | null | undefined) => {
  const year = Number(/(\d{4})$/.exec(date ?? '')?.[1]);
  if (!year) return null;
  return year > 2010 ? year - 100 : year;
};

/** The data set has no imdb ids: a stable synthetic one per title and year ("tt" + 7 digits of a hash). */
const syntheticImdbId = (title: string, year: number | null) =>
  `tt${(parseInt(createHash('sha256').update(`${title}|${year}`).digest('hex').slice(0, 12), 16) % 10_000_000).toString().padStart(7, '0')}`;

/** Ratings of the seeded titles, taken from the data set itself (vega-datasets' IMDB rating and votes). */
const recordsFromDataset = (): OmdbRecord[] => {
  const rows = JSON.parse(
    readFileSync(path.join(workspaceRoot(), 'node_modules/vega-datasets/data/movies.json'), 'utf8'),
  ) as Row[];
  return rows.flatMap((row) => {
    const title = row.Title === null || row.Title === undefined ? '' : String(row.Title).trim();
    if (!title || typeof row['IMDB Rating'] !== 'number') return [];
    const year = yearOf(row['Release Date']);
    return [
      {
        Title: title,
        Year: year ? String(year) : 'N/A',
        imdbID: syntheticImdbId(title, year),
        imdbRating: row['IMDB Rating'].toFixed(1),
        imdbVotes: typeof row['IMDB Votes'] === 'number' ? row['IMDB Votes'].toLocaleString('en-US') : 'N/A',
      },
    ];
  });
};

/** The movie-rating service (OMDb-compatible) when no OMDB_API_KEY is configured. */
export const startCatalogueFakes: DevFakeStarter = async ({ log }) => {
  if (process.env.OMDB_API_KEY) return null;
  const omdb = await startOmdbFake({ apiKey: 'dev-omdb-key', records: recordsFromDataset() });
  log(
    `Movie ratings: local OMDb stand-in at ${omdb.url} (ratings from the seeded data set; set OMDB_API_KEY for the real service)`,
  );
  return { env: { OMDB_BASE_URL: omdb.url, OMDB_API_KEY: omdb.apiKey }, stop: omdb.stop };
};
