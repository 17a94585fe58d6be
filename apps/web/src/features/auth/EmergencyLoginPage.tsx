import { TIMINGS, VALIDATION, emergencyLoginInput } from '@breaker/api-contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../errors';
import { fieldErrors } from '../../form-errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { AnchorLink } from '../layout/links';
import { AuthCard } from './AuthCard';
import { postJson } from './post-json';

export function EmergencyLoginPage() {
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const login = useMutation({
    mutationFn: (body: { email: string }) => postJson('/api/debug/bypass-login', body),
    onSuccess: () => {
      toastSuccess({ title: 'Login successful', message: 'You are now logged in. Redirecting...' });
      // The auth gate moves a signed-in user from this screen to the dashboard.
      window.setTimeout(() => void utils.auth.user.invalidate(), TIMINGS.emergencyRedirectMs);
    },
    onError: (failure) => toastError({ title: 'Login failed', message: errorMessage(failure, 'Login failed') }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(VALIDATION.emailRequired);
      toastError({ title: VALIDATION.emailRequired, message: 'Please enter your email address' });
      return;
    }
    const parsed = emergencyLoginInput.safeParse({ email });
    setError(parsed.success ? undefined : fieldErrors(parsed.error).email);
    if (parsed.success) login.mutate(parsed.data);
  }

  return (
    <AuthCard
      title="Emergency Access"
      subtitle="Sign in with only your e-mail address."
      footer={<AnchorLink to="/login">Back to sign in</AnchorLink>}
    >
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
        A temporary workaround for when the usual sign-in is not working. It is only available on development servers.
      </Alert>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={error}
          />
          <Button type="submit" loading={login.isPending || login.isSuccess} fullWidth>
            Sign in with email
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
