import { createFileRoute } from '@tanstack/react-router';
import { BreakLibraryPage } from '../features/library/BreakLibraryPage';

export const Route = createFileRoute('/break-activities')({ staticData: { access: 'signed-in' }, component: BreakLibraryPage });
