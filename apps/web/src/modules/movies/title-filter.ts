import type { Movie } from '@app/contracts';

/** SPEC 2: the user home's search is a case-insensitive title substring filter. */
export const matchesTitle = (movie: Pick<Movie, 'title'>, search: string): boolean => {
  const needle = search.trim().toLocaleLowerCase();
  return needle === '' || movie.title.toLocaleLowerCase().includes(needle);
};

export const filterByTitle = <T extends Pick<Movie, 'title'>>(movies: T[], search: string): T[] =>
  movies.filter((movie) => matchesTitle(movie, search));
