import { forgotPasswordInput } from '@breaker/api-contract';
import { Button, List, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../errors';
import { boundField, fieldErrors } from '../../form-errors';
import { toastError } from '../../toast';
import { trpc } from '../../trpc';
import { AnchorLink } from '../layout/links';
import { AuthCard } from './AuthCard';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const request = trpc.auth.forgotPassword.useMutation({
    onError: (failure) =>
      toastError({
        title: 'Request failed',
        message: errorMessage(failure, 'The reset link could not be requested. Please try again.'),
      }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = forgotPasswordInput.safeParse({ email });
    setError(parsed.success ? undefined : fieldErrors(parsed.error).email);
    if (parsed.success) request.mutate(parsed.data);
  }

  if (request.isSuccess) {
    return (
      <AuthCard title="Check Your Email" footer={<AnchorLink to="/login">Back to sign in</AnchorLink>}>
        <ThemeIcon size={48} radius="xl" variant="light" color="green" aria-hidden>
          <IconMailCheck size={26} />
        </ThemeIcon>
        <Text>If an account uses {request.variables.email}, a link to reset your password is on its way.</Text>
        <List spacing="xs" fz="sm" c="dimmed">
          <List.Item>Can't find it? Check your spam folder.</List.Item>
          <List.Item>The link expires in 1 hour.</List.Item>
        </List>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we'll send you a link to choose a new one."
      footer={<AnchorLink to="/login">Back to sign in</AnchorLink>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Email" type="email" autoComplete="email" required {...boundField(email, setEmail, error)} />
          <Button type="submit" loading={request.isPending} fullWidth>
            Send reset link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
