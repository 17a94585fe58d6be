import { Later } from '../../later/Later';
import { laterModule } from '../../later/later-module';
import { useBreakActions } from '../calendar/use-break-actions';
import { closeBreakSession, useRequestedBreakSession } from './session-request';

// The guided session is only fetched when someone starts one.
const sessionModal = laterModule(() => import('./BreakSessionModal'), {
  title: 'Break Unavailable',
  message: 'The break session could not be started. Please try again.',
});

export function BreakSessionHost() {
  const session = useRequestedBreakSession();
  const actions = useBreakActions(closeBreakSession);
  if (!session) return null;
  return (
    <Later module={sessionModal} onFailure={closeBreakSession}>
      {({ BreakSessionModal }) => (
        <BreakSessionModal
          key={session.id}
          session={session}
          pending={actions.pending}
          onComplete={() => actions.complete(session.id)}
          onClose={closeBreakSession}
        />
      )}
    </Later>
  );
}
