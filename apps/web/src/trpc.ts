import type { AppRouter } from '@breaker/api/router';
import { TEST_MODE_HEADER, TRPC_MAX_BATCH_SIZE } from '@breaker/api-contract';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { isTestMode } from './test-mode';

export const trpc = createTRPCReact<AppRouter>();

export const trpcClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: '/trpc',
      // The server refuses a request with more calls; more at once go out as further requests.
      maxItems: TRPC_MAX_BATCH_SIZE,
      fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
      headers: () => (isTestMode ? { [TEST_MODE_HEADER]: 'true' } : {}),
    }),
  ],
});
