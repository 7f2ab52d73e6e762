import type { ListMoviesQuery, MovieSectionsQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { getGenres, getMovie, getMovieRating, getSections, listMovies } from '../api/movies.api';
import { movieKeys } from './movie-keys';
import { useViewer } from './useViewer';

/** The user home's sections (`GET /api/movies/sections`). */
export const useMovieSections = (query: MovieSectionsQuery) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.sections(query),
    queryFn: ({ signal }) => getSections(client, query, signal),
    placeholderData: keepPreviousData,
  });
};

/** A page of the catalogue with search, genre, category, access and sort. */
export const useBrowseMovies = (query: ListMoviesQuery, enabled = true) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.list(query),
    queryFn: ({ signal }) => listMovies(client, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
};

export const useGenres = () => {
  const client = useApiClient();
  return useQuery({ queryKey: movieKeys.genres(), queryFn: ({ signal }) => getGenres(client, signal), staleTime: 10 * 60_000 });
};

/** One title with its top reviews; an admin's token also reaches drafts. */
export const useMovie = (id: string) => {
  const client = useApiClient();
  const { token } = useViewer();
  return useQuery({ queryKey: movieKeys.detail(id), queryFn: ({ signal }) => getMovie(client, id, token, signal) });
};

/** The server-side rating look-up (DECISIONS 14); callers show 'N/A' until it answers. */
export const useMovieRating = (id: string, enabled = true) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.rating(id),
    queryFn: ({ signal }) => getMovieRating(client, id, signal),
    enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
};
