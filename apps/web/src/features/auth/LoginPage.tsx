import { loginInput } from '@breaker/api-contract';
import { Button, Divider, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../errors';
import { boundField, fieldErrors } from '../../form-errors';
import { toastError } from '../../toast';
import { trpc } from '../../trpc';
import { AnchorLink } from '../layout/links';
import { AuthCard } from './AuthCard';
import { DevelopmentSignIn } from './DevelopmentSignIn';
import { OidcSignInButton } from './OidcSignInButton';
import { MicrosoftSignInButton } from './MicrosoftSignInButton';
import type { SignInReturnParams } from './sign-in-return';
import { useCapabilities } from './use-capabilities';
import { useSignInReturnNotice } from './use-sign-in-return-notice';

export function LoginPage({ returnParams }: { returnParams: SignInReturnParams }) {
  useSignInReturnNotice(returnParams);
  const { devLogin, oidcSignIn, registration } = useCapabilities();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const login = trpc.auth.login.useMutation({
    onSuccess: async () => {
      await utils.auth.user.invalidate();
      await navigate({ to: '/' });
    },
    onError: (error) => toastError({ title: 'Login failed', message: errorMessage(error, 'Login failed') }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginInput.safeParse({ username, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  }

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Your breaks are waiting."
      footer={
        registration ? (
          <>
            New here? <AnchorLink to="/register">Create an account</AnchorLink>
          </>
        ) : undefined
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Username" autoComplete="username" {...boundField(username, setUsername, errors.username)} required />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            {...boundField(password, setPassword, errors.password)}
            required
          />
          <Group justify="flex-end">
            <AnchorLink to="/forgot-password" fz="sm">
              Forgot password?
            </AnchorLink>
          </Group>
          <Button type="submit" loading={login.isPending} fullWidth>
            Sign In
          </Button>
        </Stack>
      </form>
      <MicrosoftSignInButton variant="outline" fullWidth />
      {oidcSignIn && (
        <>
          <Divider label="or" labelPosition="center" />
          <OidcSignInButton fullWidth variant="default" />
        </>
      )}
      <Divider label={devLogin ? 'Development' : 'Trouble signing in?'} labelPosition="center" />
      <DevelopmentSignIn withTestUser={devLogin} />
    </AuthCard>
  );
}
