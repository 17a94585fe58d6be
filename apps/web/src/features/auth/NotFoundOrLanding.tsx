import { NotFoundPage } from '../layout/NotFoundPage';
import { LandingPage } from './LandingPage';
import { useCurrentUserQuery } from './use-current-user';

/** Spec §2: an unknown path shows the landing page when signed out and a 404 screen when signed in. */
export function NotFoundOrLanding() {
  const { data: user } = useCurrentUserQuery();
  return user ? <NotFoundPage /> : <LandingPage />;
}
