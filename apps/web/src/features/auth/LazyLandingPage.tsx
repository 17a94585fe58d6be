import { lazy, Suspense } from 'react';
import { FullPageLoader } from './FullPageLoader';

// Signed-in visitors never see the landing page: it stays out of the first download until it is needed.
const LandingPage = lazy(() => import('./LandingPage').then((module) => ({ default: module.LandingPage })));

export function LazyLandingPage() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <LandingPage />
    </Suspense>
  );
}
