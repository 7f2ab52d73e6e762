import type { AdminMoviesQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminMoviesApi } from '../api/admin-movies.api';
import { adminMovieKeys } from './admin-movies-keys';

/** Every title, drafts included, for the admin's grid. */
export const useAdminMovies = (query: AdminMoviesQuery) => {
  const client = useApiClient();
  return useQuery({
    queryKey: adminMovieKeys.list(query),
    queryFn: ({ signal }) => adminMoviesApi.list(client, query, signal),
    placeholderData: keepPreviousData,
  });
};
