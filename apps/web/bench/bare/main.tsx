/** The baseline of the bundle figures: React, TanStack Router and TanStack Query with one route and nothing else. */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Home() {
  const { data } = useQuery({ queryKey: ['hello'], queryFn: () => Promise.resolve('hello') });
  return <p>{data}</p>;
}

const rootRoute = createRootRoute({ component: Outlet });
const router = createRouter({
  routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]),
});
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
