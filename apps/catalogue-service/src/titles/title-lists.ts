import type { MovieAccess, MovieSort, Page, RpcDescriptor } from '@app/contracts';
import { MovieStatus } from '@app/contracts';
import type { JsonReply } from '@app/server-core';
import type { z } from 'zod';
import type { MovieListCache } from '../movies/movie-list.cache';
import type { ListSort, TitleCriteria } from './title.repository';
import { searchFragment } from './title-search';

/**
 * Browse pages past this one are read from MongoDB each time: public query strings must not mint cache entries
 * without bound (each is tens of kB in the Redis that also holds sessions and limits).
 */
export const CACHED_PAGES = 10;

/** What the lists ask of a title repository: movies and series answer the same criteria and sorts. */
type Listable<T> = {
  list(criteria: TitleCriteria, sort: ListSort, page: number, pageSize: number): Promise<Page<T>>;
  publishedGenres(): Promise<string[]>;
};

type AdminListQuery = { page: number; pageSize: number; status?: MovieStatus; search?: string };

const emptyPage = <T>(page: number, pageSize: number): Page<T> => ({ data: [], page, pageSize, total: 0 });

/**
 * One page of the admin list of movies or series. A search of only punctuation normalises to nothing and
 * matches nothing (rather than everything).
 */
export const adminPage = async <T>(
  titles: Pick<Listable<T>, 'list'>,
  { page, pageSize, status, search }: AdminListQuery,
): Promise<Page<T>> => {
  const fragment = searchFragment(search);
  if (fragment === null) return emptyPage(page, pageSize);
  // Most recently added first, so a title an admin just added is on the first page. Not limited by the admin's profile.
  return titles.list({ status, search: fragment, everyClass: true }, 'added', page, pageSize);
};

/** The genres of the published titles, A to Z, kept in the list cache under `key`. */
export const publishedGenres = (
  cache: MovieListCache,
  key: string,
  titles: Pick<Listable<unknown>, 'publishedGenres'>,
) => cache.through(key, async () => (await titles.publishedGenres()).sort((a, b) => a.localeCompare(b)));

/** Whether every one of these genres is one the catalogue lists (`known`); trivially so for none. */
export const allKnown = async (genres: string[], known: () => Promise<string[]>): Promise<boolean> => {
  if (genres.length === 0) return true;
  const listed = new Set(await known());
  return genres.every((genre) => listed.has(genre));
};

export type PublishedQuery = {
  page: number;
  pageSize: number;
  search?: string;
  /** Every one of these (none: any genre). */
  genres: string[];
  access?: MovieAccess;
  /** Heard or read in this language (issue 26). */
  language?: string;
  sort?: MovieSort;
};

/**
 * A page of published titles, movies or series alike (most popular first unless sorted otherwise). A search of
 * only punctuation, or a genre no published title has, matches nothing and is answered without a query or a
 * cache entry. Plain pages are cached as `rpc`'s checked JSON, under `{prefix}published:[page, pageSize, genres,
 * access, sort]` with the genres as `cacheKey` gives them, and answered as those bytes; searches (too varied to be
 * worth it) and deep pages (too rare) are read each time.
 */
export const publishedPage = async <S, T>(
  cache: MovieListCache,
  { page, pageSize, search, genres, access, language, sort = 'popular' }: PublishedQuery,
  {
    rpc,
    titles,
    cacheKey,
    known,
    map,
  }: {
    /** The RPC whose reply the page is. */
    rpc: RpcDescriptor<z.ZodType, z.ZodType<Page<T>>>;
    titles: Pick<Listable<S>, 'list'>;
    cacheKey: { prefix: string; genres: unknown };
    /** The genres published titles have. */
    known: () => Promise<string[]>;
    map: (page: Page<S>) => Page<T> | Promise<Page<T>>;
  },
): Promise<Page<T> | JsonReply<Page<T>>> => {
  const fragment = searchFragment(search);
  if (fragment === null || !(await allKnown(genres, known))) return emptyPage(page, pageSize);
  const criteria: TitleCriteria = {
    status: MovieStatus.Published,
    search: fragment,
    genres,
    access,
    language,
  };
  const load = async () => map(await titles.list(criteria, sort, page, pageSize));
  if (page > CACHED_PAGES) return load();
  // The language only when filtered on: the other pages keep their keys.
  const key = JSON.stringify([
    page,
    pageSize,
    cacheKey.genres,
    access ?? null,
    sort,
    ...(language ? [language] : []),
  ]);
  // A search is the public's own string: held in this process only, bounded (MovieListCache.searchReply).
  if (fragment !== undefined)
    return cache.searchReply(`${cacheKey.prefix}search:${JSON.stringify(fragment)}:${key}`, rpc, load);
  return cache.throughReply(`${cacheKey.prefix}published:${key}`, rpc, load);
};
