import { createFileRoute } from '@tanstack/react-router';
import { EmergencyLoginPage } from '../features/auth/EmergencyLoginPage';

export const Route = createFileRoute('/emergency-login')({ staticData: { access: 'signed-out' }, component: EmergencyLoginPage });
