import './mantine-styles';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OfflineBanner } from './features/installable/OfflineBanner';
import { registerServiceWorker } from './features/installable/service-worker-registration';
import { ToastRegion } from './features/layout/ToastRegion';
import { queryClient } from './query-client';
import { routeTree } from './routeTree.gen';
import { readStyleNonce, shareStyleNonce } from './style-nonce';
import { cssVariablesResolver, theme } from './theme';
import { trpc, trpcClient } from './trpc';

shareStyleNonce();
registerServiceWorker();

const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="auto"
          getStyleNonce={readStyleNonce}
        >
          <ToastRegion />
          <OfflineBanner />
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
