import { createFileRoute } from '@tanstack/react-router';
import { OAuthDebugPage } from '../features/auth/OAuthDebugPage';

export const Route = createFileRoute('/oauth-debug')({ staticData: { access: 'anyone' }, component: OAuthDebugPage });
