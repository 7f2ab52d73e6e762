import type { MovieInput, MovieUpdate } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { movieKeys } from '@web/modules/movies/hooks/movie-keys';
import type { ApiClient } from '@web/shared/api/api-client';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminMoviesApi } from '../api/admin-movies.api';

/** A catalogue write: afterwards everything the movies feature has cached is refreshed. */
const useCatalogueWrite = <TVariables>(
  write: (client: ApiClient, variables: TVariables) => Promise<unknown>,
) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => write(client, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: movieKeys.all }),
  });
};

export const useCreateMovie = () =>
  useCatalogueWrite((client, input: MovieInput) => adminMoviesApi.create(client, input));

export const useUpdateMovie = () =>
  useCatalogueWrite((client, { id, input }: { id: string; input: MovieUpdate }) =>
    adminMoviesApi.update(client, id, input),
  );

export const usePublishMovie = () =>
  useCatalogueWrite((client, id: string) => adminMoviesApi.publish(client, id));

export const useDeleteMovie = () =>
  useCatalogueWrite((client, id: string) => adminMoviesApi.remove(client, id));

export const useDeleteReview = () =>
  useCatalogueWrite((client, { movieId, reviewId }: { movieId: string; reviewId: string }) =>
    adminMoviesApi.removeReview(client, movieId, reviewId),
  );

/** The admin grid's writes together, one hook per call. */
export const useAdminMovieActions = () => ({
  create: useCreateMovie(),
  update: useUpdateMovie(),
  publish: usePublishMovie(),
  remove: useDeleteMovie(),
  removeReview: useDeleteReview(),
});
