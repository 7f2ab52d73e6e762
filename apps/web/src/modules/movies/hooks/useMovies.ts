import type { ListMoviesQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { moviesApi } from '../api/movies.api';
import { movieKeys } from './movie-keys';

export const FIRST_PAGE: ListMoviesQuery = { page: 1, pageSize: 24 };

/** A page of the catalogue (`GET /api/movies`) with search, genre, category, access and sort; the last page stays while the next loads. */
export const useMovies = (query: ListMoviesQuery = FIRST_PAGE, enabled = true) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.list(query),
    queryFn: ({ signal }) => moviesApi.list(client, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
};
