import { Button, Paper } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { toastError } from '../../toast';
import { signOutOfThisBrowser } from '../installable/sign-out';
import { trpc } from '../../trpc';
import { CardHeading } from './CardHeading';

export function AccountCard() {
  const logout = trpc.auth.logout.useMutation({
    // A full page load drops every cached answer of the signed-out user.
    onSuccess: () => window.location.assign('/'),
    onError: () => toastError({ title: 'Logout Failed', message: 'There was an error logging out. Please try again.' }),
  });

  return (
    <Paper withBorder radius="lg" p="lg">
      <CardHeading title="Account Management">Sign out of Breaker on this browser. Your breaks stay scheduled.</CardHeading>
      <Button
        variant="light"
        color="red"
        leftSection={<IconLogout size={18} />}
        disabled={logout.isPending}
        onClick={() => signOutOfThisBrowser(() => logout.mutate())}
      >
        {logout.isPending ? 'Logging out...' : 'Log Out'}
      </Button>
    </Paper>
  );
}
