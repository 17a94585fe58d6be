import { NotFoundPage } from '../layout/NotFoundPage';
import { LazyLandingPage } from './LazyLandingPage';
import { useCurrentUserQuery } from './use-current-user';

/** Spec §2: an unknown path shows the landing page when signed out and a 404 screen when signed in. */
export function NotFoundOrLanding() {
  const { data: user } = useCurrentUserQuery();
  return user ? <NotFoundPage /> : <LazyLandingPage />;
}
