import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { signInReturnSearch } from '../features/auth/sign-in-return';

export const Route = createFileRoute('/login')({
  staticData: { access: 'signed-out' },
  // ?error=google_email_in_use | google_failed: how a Google sign-in came back.
  validateSearch: signInReturnSearch,
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return <LoginPage returnParams={search} />;
}
