import { Button, Stack } from '@mantine/core';
import { IconEraser, IconFlask } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '../../errors';
import { toastError } from '../../toast';
import { trpc } from '../../trpc';
import { clearCachedData } from './clear-cached-data';

/**
 * Helpers of the login screen: the test user (only where the server allows development sign-ins), and a clean
 * slate for a stuck session (ends this browser's session on the server, then wipes what the browser keeps).
 */
export function DevelopmentSignIn({ withTestUser }: { withTestUser: boolean }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();

  const testLogin = trpc.auth.testLogin.useMutation({
    onSuccess: async () => {
      await utils.auth.user.invalidate();
      await navigate({ to: '/' });
    },
    onError: (error) =>
      error instanceof TRPCClientError && error.shape
        ? toastError({ title: 'Test login failed', message: errorMessage(error, 'Test login failed') })
        : toastError({ title: 'Test login error', message: 'The server could not be reached. Please try again.' }),
  });

  // Busy until the page reloads, whether or not the server answered.
  const clearSessions = trpc.auth.clearSessions.useMutation({ onSettled: clearCachedData });

  return (
    <Stack gap="sm">
      {withTestUser && (
        <Button
          variant="light"
          fullWidth
          leftSection={<IconFlask size={18} />}
          loading={testLogin.isPending}
          onClick={() => testLogin.mutate()}
        >
          Use test user
        </Button>
      )}
      <Button
        variant="default"
        fullWidth
        leftSection={<IconEraser size={18} />}
        loading={!clearSessions.isIdle}
        onClick={() => clearSessions.mutate()}
      >
        Clear cached data
      </Button>
    </Stack>
  );
}
