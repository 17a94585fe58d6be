import { TIMINGS } from '@breaker/api-contract';
import { useEffect } from 'react';
import { errorMessage } from '../../errors';
import { toastError } from '../../toast';
import { trpc } from '../../trpc';

const NO_USER_ID = 'Test mode authentication failed - no user ID returned';

/**
 * Test mode (?test=true on a server that allows development sign-ins): a signed-out visitor is signed in
 * as the test user after a short wait. `active` already folds in the flag, the capability and the signed-out state.
 */
export function useTestModeLogin(active: boolean): { pending: boolean } {
  const utils = trpc.useUtils();
  const testLogin = trpc.auth.automatedTestLogin.useMutation({
    onSuccess: async ({ userId }) => {
      if (!userId) throw new Error(NO_USER_ID);
      await utils.auth.user.invalidate();
    },
    onError: (error) => toastError({ title: 'Test login failed', message: errorMessage(error, NO_USER_ID) }),
  });
  const shouldLogin = active && testLogin.isIdle;
  const { mutate } = testLogin;

  useEffect(() => {
    if (!shouldLogin) return;
    const timer = window.setTimeout(() => mutate(), TIMINGS.testModeLoginWaitMs);
    return () => window.clearTimeout(timer);
  }, [shouldLogin, mutate]);

  return { pending: shouldLogin || testLogin.isPending };
}
