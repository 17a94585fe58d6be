import { TIMINGS, VALIDATION, emergencyLoginInput } from '@breaker/api-contract';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../errors';
import { boundField, fieldErrors } from '../../form-errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { AnchorLink, ButtonLink } from '../layout/links';
import { AuthCard } from './AuthCard';
import { useCapabilities } from './use-capabilities';

export function EmergencyLoginPage() {
  const { devLogin } = useCapabilities();
  return (
    <AuthCard
      title="Emergency Access"
      subtitle="Sign in with only your e-mail address."
      footer={<AnchorLink to="/login">Back to sign in</AnchorLink>}
    >
      {devLogin ? <EmergencyLoginForm /> : <EmergencyAccessOff />}
    </AuthCard>
  );
}

function EmergencyAccessOff() {
  return (
    <>
      <Alert color="gray" icon={<IconLock size={18} />}>
        Emergency access is turned off on this server. Sign in with your username and password instead.
      </Alert>
      <ButtonLink to="/login" fullWidth>
        Go to sign in
      </ButtonLink>
    </>
  );
}

function EmergencyLoginForm() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const login = trpc.auth.emergencyLogin.useMutation({
    onSuccess: () => toastSuccess({ title: 'Login successful', message: 'You are now logged in. Redirecting...' }),
    onError: (failure) => toastError({ title: 'Login failed', message: errorMessage(failure, 'Login failed') }),
  });

  // The session cookie is already set; the signed-in user is loaded (and shown) only after the spec's pause.
  useEffect(() => {
    if (!login.isSuccess) return;
    const timer = window.setTimeout(async () => {
      await utils.auth.user.invalidate();
      await navigate({ to: '/' });
    }, TIMINGS.emergencyRedirectMs);
    return () => window.clearTimeout(timer);
  }, [login.isSuccess, utils, navigate]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(VALIDATION.emailRequired);
      toastError({ id: 'emergency-email-required', title: VALIDATION.emailRequired, message: 'Please enter your email address' });
      return;
    }
    const parsed = emergencyLoginInput.safeParse({ email });
    setError(parsed.success ? undefined : fieldErrors(parsed.error).email);
    if (parsed.success) login.mutate(parsed.data);
  }

  return (
    <>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
        A temporary workaround for when the usual sign-in is not working. It is only available on development servers.
      </Alert>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...boundField(email, setEmail, error)} />
          <Button type="submit" loading={login.isPending || login.isSuccess} fullWidth>
            Sign in with email
          </Button>
        </Stack>
      </form>
    </>
  );
}
