import type { AdminMoviesQuery, MovieInput, MovieUpdate } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createMovie,
  deleteMovie,
  deleteReview,
  listAdminMovies,
  publishMovie,
  updateMovie,
} from '@web/modules/movies/api/movies.api';
import { movieKeys } from '@web/modules/movies/hooks/movie-keys';
import { useViewer } from '@web/modules/movies/hooks/useViewer';
import { useApiClient } from '@web/shared/api/ApiClientProvider';

export const useAdminMovies = (query: AdminMoviesQuery) => {
  const client = useApiClient();
  const { token } = useViewer();
  return useQuery({
    queryKey: movieKeys.admin(query),
    queryFn: ({ signal }) => listAdminMovies(client, query, token, signal),
    placeholderData: keepPreviousData,
  });
};

/** Every catalogue write: each refreshes everything the movies feature has cached. */
export const useAdminMovieActions = () => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { token } = useViewer();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: movieKeys.all });
  return {
    create: useMutation({ mutationFn: (input: MovieInput) => createMovie(client, input, token), onSettled }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: MovieUpdate }) => updateMovie(client, id, input, token),
      onSettled,
    }),
    publish: useMutation({ mutationFn: (id: string) => publishMovie(client, id, token), onSettled }),
    remove: useMutation({ mutationFn: (id: string) => deleteMovie(client, id, token), onSettled }),
    removeReview: useMutation({
      mutationFn: ({ movieId, reviewId }: { movieId: string; reviewId: string }) => deleteReview(client, movieId, reviewId, token),
      onSettled,
    }),
  };
};
