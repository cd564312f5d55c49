import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/**
 * Shared query cache. Client errors (4xx) are not retried; a 401 anywhere re-checks the session, which sends
 * the user to /login when it is gone.
 */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (isApiError(error, 401) && query.queryKey[0] !== 'me') void queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
