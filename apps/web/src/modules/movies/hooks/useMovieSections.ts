import type { MovieSectionsQuery } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { moviesApi } from '../api/movies.api';
import { movieKeys } from './movie-keys';

/** The user home's sections (`GET /api/movies/sections`). */
export const useMovieSections = (query: MovieSectionsQuery) => {
  const client = useApiClient();
  return useQuery({
    queryKey: movieKeys.sections(query),
    queryFn: ({ signal }) => moviesApi.sections(client, query, signal),
    placeholderData: keepPreviousData,
  });
};
