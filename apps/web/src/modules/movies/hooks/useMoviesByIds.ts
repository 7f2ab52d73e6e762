import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { movieDetailsApi } from '../api/movie-details.api';
import { movieKeys } from './movie-keys';

/** The catalogue's titles for a list of ids (My List), in that order; titles no longer published are left out. */
export const useMoviesByIds = (movieIds: string[]) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.byIds(movieIds),
    queryFn: ({ signal }) => movieDetailsApi.byIds(client, movieIds, signal),
    enabled: movieIds.length > 0,
    // A list that changed keeps its cards while it is asked again.
    placeholderData: keepPreviousData,
  });
};
