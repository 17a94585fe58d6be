import { QueryClient } from '@tanstack/react-query';

/** Spec §7: cached reads never retry, never refetch on their own and never go stale. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      refetchOnReconnect: false,
      staleTime: Infinity,
    },
    mutations: { retry: false },
  },
});
