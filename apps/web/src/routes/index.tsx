import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/dashboard/HomePage';

export const Route = createFileRoute('/')({ staticData: { access: 'anyone' }, component: HomePage });
