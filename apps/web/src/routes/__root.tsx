import { createRootRoute } from '@tanstack/react-router';
import { AuthGate } from '../features/auth/AuthGate';
import { NotFoundOrLanding } from '../features/auth/NotFoundOrLanding';

export const Route = createRootRoute({ component: AuthGate, notFoundComponent: NotFoundOrLanding });
