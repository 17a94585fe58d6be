import { Box } from '@mantine/core';
import { Navigate, Outlet, useMatches } from '@tanstack/react-router';
import { isTestMode } from '../../test-mode';
import { AppLayout } from '../layout/AppLayout';
import { ConnectionProblem } from './ConnectionProblem';
import { FullPageLoader } from './FullPageLoader';
import { LazyLandingPage } from './LazyLandingPage';
import { TestModeBanner } from './TestModeBanner';
import { useCapabilitiesQuery } from './use-capabilities';
import { useCurrentUserQuery } from './use-current-user';
import { useTestModeLogin } from './use-test-mode-login';

/** Chooses between the signed-out screens and the signed-in app, per the leaf route's access. */
export function AuthGate() {
  // Both reads start in the same render, so the batch link sends them as one request.
  const userQuery = useCurrentUserQuery();
  const capabilitiesQuery = useCapabilitiesQuery();
  const signedOut = userQuery.isSuccess && userQuery.data === null;
  // A failed capabilities read counts as "nothing extra": the signed-out screens still work without it.
  const capabilitiesKnown = !capabilitiesQuery.isPending;
  const testMode = isTestMode && capabilitiesQuery.data?.devLogin === true;
  const testLogin = useTestModeLogin(testMode && signedOut);
  const access = useMatches({ select: (matches) => matches.at(-1)?.staticData.access });

  if (userQuery.isPending || (signedOut && (!capabilitiesKnown || testLogin.pending))) return <FullPageLoader />;
  if (userQuery.isError) return <ConnectionProblem onRetry={() => void userQuery.refetch()} />;

  const user = userQuery.data;
  if (user) {
    // Signing in happens on a signed-out screen; once the user arrives, move on to the dashboard.
    if (access === 'signed-out') return <Navigate to="/" replace />;
    return (
      <AppLayout user={user}>
        <Outlet />
      </AppLayout>
    );
  }
  return (
    <>
      {testMode && (
        <Box p="xs">
          <TestModeBanner />
        </Box>
      )}
      {access === 'signed-in' ? <LazyLandingPage /> : <Outlet />}
    </>
  );
}
