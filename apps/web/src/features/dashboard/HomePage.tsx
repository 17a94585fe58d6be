import { LazyLandingPage } from '../auth/LazyLandingPage';
import { useCurrentUserQuery } from '../auth/use-current-user';
import { DashboardPage } from './DashboardPage';

/** `/` is the landing page when signed out and the dashboard when signed in. */
export function HomePage() {
  const { data: user } = useCurrentUserQuery();
  return user ? <DashboardPage /> : <LazyLandingPage />;
}
