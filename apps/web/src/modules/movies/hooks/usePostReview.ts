import type { CreateReview } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { moviesApi } from '../api/movies.api';
import { movieKeys } from './movie-keys';

/** Posts the viewer's review; the title's page reloads its top reviews afterwards. */
export const usePostReview = (movieId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: CreateReview) => moviesApi.createReview(client, movieId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: movieKeys.detail(movieId) }),
  });
};
