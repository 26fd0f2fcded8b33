import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-errors';

/** Server data cache. Client errors (4xx) are not retried; network and 5xx get two retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status !== undefined && error.status < 500)
            return false;
          return failureCount < 2;
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}
