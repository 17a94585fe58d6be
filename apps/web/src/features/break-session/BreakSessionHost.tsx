import { lazy, Suspense } from 'react';
import { useBreakActions } from '../calendar/use-break-actions';
import { closeBreakSession, useRequestedBreakSession } from './session-request';

// The guided session is only fetched when someone starts one.
const BreakSessionModal = lazy(() => import('./BreakSessionModal'));

export function BreakSessionHost() {
  const session = useRequestedBreakSession();
  const actions = useBreakActions(closeBreakSession);
  if (!session) return null;
  return (
    <Suspense fallback={null}>
      <BreakSessionModal
        key={session.id}
        session={session}
        pending={actions.pending}
        onComplete={() => actions.complete(session.id)}
        onClose={closeBreakSession}
      />
    </Suspense>
  );
}
