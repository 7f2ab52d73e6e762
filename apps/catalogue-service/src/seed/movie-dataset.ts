import type { Classification, ContentDescriptor, MovieAccess } from '@app/contracts';
import {
  accessForRating,
  classificationOfCertification,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  UNRATED_CLASSIFICATION,
} from '@app/contracts';
import { composeSynopsis } from './synopsis';

/** One row of vega-datasets `data/movies.json` (3,201 US releases with IMDB ratings). */
export type DatasetRow = {
  Title?: string | number | null;
  'Worldwide Gross'?: number | null;
  'Production Budget'?: number | null;
  'Release Date'?: string | null;
  'MPAA Rating'?: string | null;
  'Running Time min'?: number | null;
  'Major Genre'?: string | null;
  'Creative Type'?: string | null;
  Director?: string | null;
  Source?: string | null;
  'Rotten Tomatoes Rating'?: number | null;
  'IMDB Rating'?: number | null;
  'IMDB Votes'?: number | null;
};

export type CleanMovie = {
  sourceKey: string;
  title: string;
  description: string;
  genre: string;
  genres: string[];
  rating: number | null;
  votes: number | null;
  access: MovieAccess;
  purchasePriceInr: number;
  rentalPriceInr: number;
  releaseDate: Date | null;
  runtimeMinutes: number | null;
  director: string | null;
  budgetUsd: number | null;
  revenueUsd: number | null;
  popularity: number;
  classification: Classification;
  descriptors: ContentDescriptor[];
};

/**
 * The class of a data-set film from its MPAA rating (issue 25: G → U, PG → U/A 7+, PG-13 → U/A 13+, R and NC-17
 * → A); 'Not Rated', 'Open' and none are unrated (U/A 16+).
 */
export const classificationOfMpaa = (mpaa: string | null | undefined): Classification =>
  classificationOfCertification(mpaa) ?? UNRATED_CLASSIFICATION;

/** The data set names no content; only its horror films are known to hold horror. */
const descriptorsOfGenre = (genre: string): ContentDescriptor[] => (genre === 'Horror' ? ['horror'] : []);

/** The data set ends in 2010; later years are two-digit years read in the wrong century ("2046" for 1946). */
export const LAST_DATASET_YEAR = 2010;

const GENRES: Record<string, string> = {
  Action: 'Action',
  Adventure: 'Adventure',
  Comedy: 'Comedy',
  'Black Comedy': 'Comedy',
  'Romantic Comedy': 'Romance',
  Drama: 'Drama',
  Horror: 'Horror',
  'Thriller/Suspense': 'Thriller',
  Western: 'Western',
  Documentary: 'Documentary',
  Musical: 'Musical',
  'Concert/Performance': 'Music',
};

// Windows-1252's printable characters at 0x80–0x9F (Node's decoder treats that range as Latin-1 controls).
const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const macRoman = new TextDecoder('macintosh');
const MOJIBAKE = new Map(
  Array.from({ length: 128 }, (_, i) => {
    const byte = 0x80 + i;
    return [
      macRoman.decode(Uint8Array.of(byte)),
      byte < 0xa0 ? CP1252_C1[i] : String.fromCharCode(byte),
    ] as const;
  }).filter(([garbled, meant]) => garbled !== meant),
);

/**
 * The data set's accented titles were saved as Windows-1252 and read back as Mac Roman ("LÈon" for
 * "Léon", "DÈj‡ Vu" for "Déjà Vu"); mapping each character back through both code pages repairs them.
 */
export const repairMojibake = (text: string) => [...text].map((c) => MOJIBAKE.get(c) ?? c).join('');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Jun 12 1998" → Date (UTC); impossible years moved back a century, or dropped when still impossible. */
export const parseReleaseDate = (value: string | null | undefined): Date | null => {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}) (\d{4})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]);
  let year = Number(match[3]);
  if (year > LAST_DATASET_YEAR) year -= 100;
  if (month < 0 || year < 1888) return null;
  const date = new Date(Date.UTC(year, month, Number(match[2])));
  return date.getUTCMonth() === month ? date : null;
};

const positive = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

const percent = (value: number | null | undefined) =>
  typeof value === 'number' && value >= 0 && value <= 100 ? Math.round(value) : null;

/**
 * Cleans the data set: untitled rows and rows without a genre are dropped, titles trimmed, dates
 * fixed, genres normalised, duplicates (same title and year) kept once, ratings rounded to 0.1.
 */
export const cleanDataset = (rows: DatasetRow[]): CleanMovie[] => {
  const seen = new Set<string>();
  const movies: CleanMovie[] = [];
  for (const row of rows) {
    const title =
      row.Title === null || row.Title === undefined ? '' : repairMojibake(String(row.Title)).trim();
    const genre = GENRES[row['Major Genre'] ?? ''];
    if (!title || !genre) continue;
    const releaseDate = parseReleaseDate(row['Release Date']);
    const year = releaseDate?.getUTCFullYear() ?? null;
    const sourceKey = `seed:vega:${title.toLowerCase()}:${year ?? 'unknown'}`;
    if (seen.has(sourceKey)) continue;
    seen.add(sourceKey);
    const rawRating = row['IMDB Rating'];
    const rating =
      typeof rawRating === 'number' && rawRating >= 0 && rawRating <= 10
        ? Math.round(rawRating * 10) / 10
        : null;
    const director = row.Director?.trim() || null;
    const genres = [genre];
    if (row['Creative Type'] === 'Science Fiction') genres.push('Sci-Fi');
    const votes = positive(row['IMDB Votes']);
    movies.push({
      sourceKey,
      title,
      description: composeSynopsis({
        majorGenre: row['Major Genre'] ?? genre,
        creativeType: row['Creative Type'] ?? null,
        source: row.Source ?? null,
        year,
        director,
        runtimeMinutes: positive(row['Running Time min']),
        imdbRating: rating,
        imdbVotes: votes,
        rottenTomatoes: percent(row['Rotten Tomatoes Rating']),
      }),
      genre,
      genres,
      rating,
      votes,
      access: accessForRating(rating),
      purchasePriceInr: DEFAULT_PURCHASE_PRICE_INR,
      rentalPriceInr: DEFAULT_RENTAL_PRICE_INR,
      releaseDate,
      runtimeMinutes: positive(row['Running Time min']),
      director,
      budgetUsd: positive(row['Production Budget']),
      revenueUsd: positive(row['Worldwide Gross']),
      popularity: votes ?? 0,
      classification: classificationOfMpaa(row['MPAA Rating']),
      descriptors: descriptorsOfGenre(genre),
    });
  }
  return movies;
};
