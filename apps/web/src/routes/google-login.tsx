import { createFileRoute } from '@tanstack/react-router';
import { GoogleLoginPage } from '../features/auth/GoogleLoginPage';
import { signInReturnSearch } from '../features/auth/sign-in-return';

export const Route = createFileRoute('/google-login')({
  staticData: { access: 'signed-out' },
  // ?error=google_not_configured: the server had no Google client to send the browser to.
  validateSearch: signInReturnSearch,
  component: GoogleLoginPage,
});
