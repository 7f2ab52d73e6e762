import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { moviesApi } from '../api/movies.api';
import { movieKeys } from './movie-keys';

/** The server-side rating look-up (DECISIONS 14); callers show 'N/A' until it answers. */
export const useMovieRating = (id: string, enabled = true) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.rating(id),
    queryFn: ({ signal }) => moviesApi.rating(client, id, signal),
    enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
};
