import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-request-error';

const MAX_RETRIES = 1;

/** A 4xx will answer the same again; a network failure or 5xx gets one more try before the UI offers Try Again. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => {
  if (error instanceof ApiRequestError && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
};

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
    },
  });
