import type { CreateReview } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createReview } from '@web/modules/movies/api/movies.api';
import { movieKeys } from '@web/modules/movies/hooks/movie-keys';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { useApiClient } from '@web/shared/api/ApiClientProvider';

/** Posts the viewer's review; the title's page reloads its top reviews afterwards. */
export const usePostReview = (movieId: string) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { token } = useViewer();
  return useMutation({
    mutationFn: (review: CreateReview) => createReview(client, movieId, review, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: movieKeys.detail(movieId) }),
  });
};
