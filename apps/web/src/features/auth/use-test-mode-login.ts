import { TIMINGS } from '@breaker/api-contract';
import { useEffect } from 'react';
import { errorMessage } from '../../errors';
import { isTestMode } from '../../test-mode';
import { toastError } from '../../toast';
import { trpc } from '../../trpc';

const NO_USER_ID = 'Test mode authentication failed - no user ID returned';

/** Test mode (?test=true): a signed-out visitor is signed in as the test user after a short wait. */
export function useTestModeLogin(signedOut: boolean): { pending: boolean } {
  const utils = trpc.useUtils();
  const testLogin = trpc.auth.testLogin.useMutation({
    onSuccess: async ({ user }) => {
      if (!user.id) throw new Error(NO_USER_ID);
      await utils.auth.user.invalidate();
    },
    onError: (error) => toastError({ title: 'Test login failed', message: errorMessage(error, NO_USER_ID) }),
  });
  const shouldLogin = isTestMode && signedOut && testLogin.isIdle;
  const { mutate } = testLogin;

  useEffect(() => {
    if (!shouldLogin) return;
    const timer = window.setTimeout(() => mutate(), TIMINGS.testModeLoginWaitMs);
    return () => window.clearTimeout(timer);
  }, [shouldLogin, mutate]);

  return { pending: shouldLogin || testLogin.isPending };
}
