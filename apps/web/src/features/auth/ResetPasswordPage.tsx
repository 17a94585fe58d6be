import { TIMINGS, resetPasswordInput } from '@breaker/api-contract';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../errors';
import { boundField, checkPasswordForm } from '../../form-errors';
import { toastError } from '../../toast';
import { trpc } from '../../trpc';
import { AnchorLink, ButtonLink } from '../layout/links';
import { AuthCard } from './AuthCard';

const INVALID_LINK = 'Invalid reset link. Please request a new password reset.';

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  return token ? <ResetPasswordForm token={token} /> : <InvalidResetLink />;
}

function InvalidResetLink() {
  useEffect(() => {
    toastError({ id: 'reset-link-missing', title: 'Reset link missing', message: INVALID_LINK });
  }, []);

  return (
    <AuthCard title="Invalid Reset Link" footer={<AnchorLink to="/login">Back to sign in</AnchorLink>}>
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        This link has no reset token. Open the link from your newest reset e-mail, or request a new one.
      </Alert>
      <ButtonLink to="/forgot-password" fullWidth>
        Request a new link
      </ButtonLink>
    </AuthCard>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = trpc.auth.resetPassword.useMutation({
    onError: (failure) => toastError({ title: 'Reset failed', message: errorMessage(failure, INVALID_LINK) }),
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => void navigate({ to: '/login' }), TIMINGS.resetRedirectMs);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password Reset Successful" footer={<AnchorLink to="/login">Sign in now</AnchorLink>}>
        <Alert color="green" icon={<IconCircleCheck size={18} />}>
          {reset.data.message}
        </Alert>
        <Text c="dimmed">Taking you to sign in...</Text>
      </AuthCard>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = resetPasswordInput.safeParse({ token, newPassword });
    const { errors: nextErrors, valid } = checkPasswordForm(parsed, newPassword, confirmPassword);
    setErrors(nextErrors);
    if (valid) reset.mutate(valid);
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Use at least 6 characters."
      footer={
        <>
          Link expired? <AnchorLink to="/forgot-password">Request a new one</AnchorLink>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...boundField(newPassword, setNewPassword, errors.newPassword)}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...boundField(confirmPassword, setConfirmPassword, errors.confirmPassword)}
          />
          {errors.token && <Text c="red">{errors.token}</Text>}
          <Button type="submit" loading={reset.isPending} fullWidth>
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
