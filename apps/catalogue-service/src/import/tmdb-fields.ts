import type { Classification } from '@app/contracts';
import {
  accessForRating,
  classificationOfCertification,
  DEFAULT_PURCHASE_PRICE_INR,
  DEFAULT_RENTAL_PRICE_INR,
  GENERATED_POSTER_PREFIX,
  MAX_EPISODE_NUMBER,
  MovieStatus,
  UNRATED_CLASSIFICATION,
} from '@app/contracts';
import type { MovieRecord } from '../movies/movie.schema';
import type { ImportedEpisode } from '../series/episodes.repository';
import type { SeriesRecord } from '../series/series.schema';
import type { ImportedTitle } from '../titles/title.repository';
import type { TitleRecord } from '../titles/title.schema';
import { normalizeTitle } from '../titles/title-search';
import type { TmdbMovieDetail, TmdbSeasonDetail, TmdbShowDetail } from './tmdb.client';

/** How TMDB's fields become the catalogue's, for films and shows alike. */

/**
 * TMDB's genre names where the catalogue's categories call them otherwise: "Science Fiction" is 'Sci-Fi', and
 * TV's paired genres ("Action & Adventure", "Sci-Fi & Fantasy") count under their first half.
 */
const GENRE_NAMES: Record<string, string> = {
  'Science Fiction': 'Sci-Fi',
  'Sci-Fi & Fantasy': 'Sci-Fi',
  'Action & Adventure': 'Action',
};

export const genreName = (name: string) => GENRE_NAMES[name] ?? name;

/** The genres of a title, by TMDB's genre ids (names from its genre list), primary first; 'Drama' if none. */
export const genresOf = (genres: Array<{ id: number; name: string }>, names: Map<number, string>) => {
  const mapped = [...new Set(genres.map((genre) => genreName(names.get(genre.id) ?? genre.name)))];
  return mapped.length ? mapped : ['Drama'];
};

/** A `YYYY-MM-DD` date at UTC midnight; anything else (TMDB sends "" for unknown) is null. */
export const tmdbDate = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : null;

/** TMDB's vote average to one decimal, as the catalogue's ratings are. */
export const tmdbRating = (value: number | null | undefined) =>
  typeof value === 'number' ? Math.round(value * 10) / 10 : null;

/** TMDB sends 0 for an unknown budget, revenue or runtime. */
export const positive = (value: number | null | undefined) => (value && value > 0 ? value : null);

/** India's certification first, else the US one (issue 25). */
const CERTIFYING_COUNTRIES = ['IN', 'US'] as const;

/**
 * A title's class from its certifications by country (a film's release dates, a show's content ratings): the
 * first country in `CERTIFYING_COUNTRIES` with one that maps; unrated (U/A 16+) without.
 */
export const tmdbClassification = (
  byCountry: ReadonlyArray<{ country: string; certifications: ReadonlyArray<string | null | undefined> }>,
): Classification => {
  for (const country of CERTIFYING_COUNTRIES) {
    for (const entry of byCountry.filter((candidate) => candidate.country === country)) {
      for (const certification of entry.certifications) {
        const classification = classificationOfCertification(certification);
        if (classification) return classification;
      }
    }
  }
  return UNRATED_CLASSIFICATION;
};

export const movieClassification = (movie: TmdbMovieDetail) =>
  tmdbClassification(
    (movie.release_dates?.results ?? []).map((entry) => ({
      country: entry.iso_3166_1,
      certifications: entry.release_dates.map((release) => release.certification),
    })),
  );

export const showClassification = (show: TmdbShowDetail) =>
  tmdbClassification(
    (show.content_ratings?.results ?? []).map((entry) => ({
      country: entry.iso_3166_1,
      certifications: [entry.rating],
    })),
  );

/**
 * How TMDB's references are resolved: genre ids by its genre list, image paths (posters, stills) to URLs at the
 * width the cards use.
 */
export type TmdbLookups = { genreNames: Map<number, string>; posterUrl: (path: string) => string };

export const inRange = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;

/**
 * An imported title: what every title refreshes from TMDB (`name`: a film's title, a show's name) and the
 * admin-owned fields it starts with (published, access from its rating: DECISIONS 5), then the kind's `own`.
 */
const importedTitle = <R extends TitleRecord>(
  detail: TmdbMovieDetail | TmdbShowDetail,
  name: string,
  { genreNames, posterUrl }: TmdbLookups,
  own: ImportedTitle<R> & { classification: Classification },
): ImportedTitle<R> => {
  const genres = genresOf(detail.genres, genreNames);
  const rating = tmdbRating(detail.vote_average);
  return {
    refresh: {
      title: name,
      titleNormalized: normalizeTitle(name),
      description: detail.overview?.trim() || name,
      genre: genres[0],
      genres,
      rating,
      votes: detail.vote_count ?? null,
      language: detail.original_language ?? null,
      // Same scale as the seed: how many people rated it.
      popularity: detail.vote_count ?? 0,
      ...(detail.poster_path ? { posterUrl: posterUrl(detail.poster_path) } : {}),
      ...own.refresh,
    },
    onInsert: {
      status: MovieStatus.Published,
      // An admin's class stands: an import classifies a title once, when it first stores it.
      classification: own.classification,
      descriptors: [],
      access: accessForRating(rating),
      publishDate: new Date(),
      cast: [],
      // Replaced by the title's generated poster once its id is known.
      ...(detail.poster_path ? {} : { posterUrl: GENERATED_POSTER_PREFIX }),
      ...own.onInsert,
    },
  };
};

export const importedMovie = (movie: TmdbMovieDetail, lookups: TmdbLookups) =>
  importedTitle<MovieRecord>(movie, movie.title, lookups, {
    classification: movieClassification(movie),
    refresh: {
      releaseDate: tmdbDate(movie.release_date),
      runtimeMinutes: positive(movie.runtime),
      budgetUsd: positive(movie.budget),
      revenueUsd: positive(movie.revenue),
      tmdbId: movie.id,
      ...(movie.imdb_id ? { imdbId: movie.imdb_id } : {}),
    },
    onInsert: {
      purchasePriceInr: DEFAULT_PURCHASE_PRICE_INR,
      rentalPriceInr: DEFAULT_RENTAL_PRICE_INR,
      director: null,
      writers: [],
      awards: null,
      ...(movie.imdb_id ? {} : { imdbId: null }),
    },
  });

export const importedShow = (show: TmdbShowDetail, lookups: TmdbLookups) =>
  importedTitle<SeriesRecord>(show, show.name, lookups, {
    classification: showClassification(show),
    refresh: {
      firstAirDate: tmdbDate(show.first_air_date),
      creators: show.created_by.map((creator) => creator.name),
    },
    onInsert: { demo: false, seasons: [] },
  });

/** A season's source fields (TMDB's name, else "Season {n}"). */
export const seasonFields = (number: number, season: TmdbSeasonDetail) => ({
  title: season.name?.trim() || `Season ${number}`,
  overview: season.overview?.trim() ?? '',
  airDate: tmdbDate(season.air_date),
});

/** A season's episodes, each number once and within range; stills at the posters' width. */
export const importedEpisodes = (
  seasonNumber: number,
  season: TmdbSeasonDetail,
  posterUrl: TmdbLookups['posterUrl'],
): ImportedEpisode[] => {
  const seen = new Set<number>();
  return season.episodes.flatMap((episode) => {
    const number = episode.episode_number;
    if (!inRange(number, MAX_EPISODE_NUMBER) || seen.has(number)) return [];
    seen.add(number);
    const runtime = positive(episode.runtime);
    return [
      {
        seasonNumber,
        number,
        refresh: {
          title: episode.name?.trim() || `Episode ${number}`,
          overview: episode.overview?.trim() ?? '',
          runtimeMinutes: runtime ? Math.round(runtime) : null,
          airDate: tmdbDate(episode.air_date),
          stillUrl: episode.still_path ? posterUrl(episode.still_path) : null,
          tmdbId: episode.id,
        },
      },
    ];
  });
};
