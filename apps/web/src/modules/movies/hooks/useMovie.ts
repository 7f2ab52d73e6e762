import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { moviesApi } from '../api/movies.api';
import { movieKeys } from './movie-keys';

/** One title with its top reviews; an admin's session also reaches drafts. */
export const useMovie = (id: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.detail(id),
    queryFn: ({ signal }) => moviesApi.get(client, id, signal),
  });
};
