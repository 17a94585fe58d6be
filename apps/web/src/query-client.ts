import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportRequestOutcome } from './features/installable/connection-state';

const answered = () => reportRequestOutcome(undefined);

/**
 * Spec §7: cached reads never retry, never refetch on their own and never go stale. Every outcome tells the offline
 * banner whether the server could be reached.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportRequestOutcome, onSuccess: answered }),
  mutationCache: new MutationCache({ onError: reportRequestOutcome, onSuccess: answered }),
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
