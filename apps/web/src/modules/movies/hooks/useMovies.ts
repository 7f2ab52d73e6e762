import type { ListMoviesQuery } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { listMovies } from '../api/movies.api';
import { movieKeys } from './movie-keys';

export const FIRST_PAGE: ListMoviesQuery = { page: 1, pageSize: 24 };

export const useMovies = (query: ListMoviesQuery = FIRST_PAGE) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.list(query),
    queryFn: ({ signal }) => listMovies(client, query, signal),
  });
};
