import { registerInput } from '@breaker/api-contract';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../errors';
import { boundField, checkPasswordForm } from '../../form-errors';
import { toastError, toastSuccess } from '../../toast';
import { trpc } from '../../trpc';
import { AnchorLink } from '../layout/links';
import { AuthCard } from './AuthCard';
import { OidcSignInButton } from './OidcSignInButton';
import { useCapabilities } from './use-capabilities';

const EMPTY_FORM = { username: '', email: '', password: '', confirmPassword: '' };

const ALREADY_HAVE_ACCOUNT = (
  <>
    Already have an account? <AnchorLink to="/login">Sign in</AnchorLink>
  </>
);

/** ALLOW_REGISTRATION=false: only single-sign-on users get in, so the form would only meet a refusal. */
function RegistrationClosed() {
  return (
    <AuthCard
      title="Registration is closed"
      subtitle="This server does not create accounts with a password."
      footer={ALREADY_HAVE_ACCOUNT}
    >
      <Stack gap="md">
        <Text>Sign in with your organisation's single sign-on, or ask your administrator for an account.</Text>
        <OidcSignInButton fullWidth />
      </Stack>
    </AuthCard>
  );
}

export function RegisterPage() {
  const { registration } = useCapabilities();
  return registration ? <RegistrationForm /> : <RegistrationClosed />;
}

function RegistrationForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const register = trpc.auth.register.useMutation({
    onSuccess: async () => {
      toastSuccess({ title: 'Account created', message: 'Sign in with your new username and password.' });
      await navigate({ to: '/login' });
    },
    onError: (error) => toastError({ title: 'Registration failed', message: errorMessage(error, 'Registration failed') }),
  });

  function field(name: keyof typeof EMPTY_FORM) {
    return boundField(form[name], (value) => setForm((current) => ({ ...current, [name]: value })), errors[name]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { confirmPassword, ...payload } = form;
    const { errors: nextErrors, valid } = checkPasswordForm(registerInput.safeParse(payload), form.password, confirmPassword);
    setErrors(nextErrors);
    if (valid) register.mutate(valid);
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Short, healthy breaks between your meetings. Free to start."
      footer={ALREADY_HAVE_ACCOUNT}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Username" autoComplete="username" required {...field('username')} />
          <TextInput label="Email" type="email" autoComplete="email" required {...field('email')} />
          <PasswordInput label="Password" autoComplete="new-password" required {...field('password')} />
          <PasswordInput label="Confirm Password" autoComplete="new-password" required {...field('confirmPassword')} />
          <Button type="submit" loading={register.isPending} fullWidth>
            Create Account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
