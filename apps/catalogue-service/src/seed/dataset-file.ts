import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatasetRow } from './movie-dataset';

/** The package exports no path to its data files, so look for them the way Node looks for packages. */
const datasetPath = () => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', 'vega-datasets', 'data', 'movies.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error('vega-datasets is not installed (npm install)');
  }
};

/** The rows of the movie data set shipped in vega-datasets, which the seed turns into titles. */
export const readDatasetRows = (): DatasetRow[] =>
  JSON.parse(readFileSync(datasetPath(), 'utf8')) as DatasetRow[];
