import { Later } from '../../later/Later';
import { laterModule } from '../../later/later-module';
import { FullPageLoader } from './FullPageLoader';

// Signed-in visitors never see the landing page: it stays out of the first download until it is needed.
const landingPage = laterModule(() => import('./LandingPage'), {
  title: 'Connection Error',
  message: 'The page could not be loaded. Please reload it.',
});

export function LazyLandingPage() {
  return (
    <Later module={landingPage} fallback={<FullPageLoader />}>
      {({ LandingPage }) => <LandingPage />}
    </Later>
  );
}
