import { useQuery } from '@tanstack/react-query';
import { moviesApi } from '@web/modules/movies/api/movies.api';
import { isNotFound } from '@web/shared/api/api-request-error';
import { movieKeys } from '@web/modules/movies/hooks/movie-keys';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { PlayerMovie } from '../watch-route';

/**
 * The title a player screen shows: what navigation state carried, else the catalogue's answer for the id in
 * the URL (a reload, a shared link). Shares the movie page's cache entry.
 */
export const usePlayerMovie = (id: string, carried: PlayerMovie | null) => {
  const client = useApiClient();
  const needed = id !== '' && (carried === null || carried.title === '');
  const query = useQuery({
    queryKey: movieKeys.detail(id),
    queryFn: ({ signal }) => moviesApi.get(client, id, signal),
    enabled: needed,
  });
  const movie: PlayerMovie | null = query.data
    ? { id, title: query.data.title, overview: query.data.description }
    : carried;
  return {
    movie,
    isPending: needed && query.isPending,
    isError: needed && query.isError,
    /** The catalogue says the id is malformed or unknown: there is no such title to play. */
    isMissing: needed && isNotFound(query.error),
  };
};

/** The full title (access and prices) for the entitlement panel when playback is refused. */
export const useRefusedTitle = (id: string) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.detail(id),
    queryFn: ({ signal }) => moviesApi.get(client, id, signal),
  });
};
