import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { moviesApi } from '../api/movies.api';
import { movieKeys } from './movie-keys';

export const useGenres = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.genres(),
    queryFn: ({ signal }) => moviesApi.genres(client, signal),
    staleTime: 10 * 60_000,
  });
};
