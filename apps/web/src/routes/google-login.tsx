import { createFileRoute } from '@tanstack/react-router';
import { GoogleLoginPage } from '../features/auth/GoogleLoginPage';

export const Route = createFileRoute('/google-login')({ staticData: { access: 'signed-out' }, component: GoogleLoginPage });
