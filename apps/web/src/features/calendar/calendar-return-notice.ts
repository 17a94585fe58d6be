import type { CalendarReturnParams } from './calendar-return';

interface ReturnNotice {
  kind: 'success' | 'error';
  title: string;
  message: string;
}

/** The toast for the outcome of the calendar-connection round trip; undefined when the address carries none. */
export function calendarReturnNotice({ success, error }: CalendarReturnParams): ReturnNotice | undefined {
  if (success === 'calendar_connected') {
    return { kind: 'success', title: 'Calendar Connected!', message: 'Your calendar was connected successfully.' };
  }
  if (!error) return undefined;
  // A Map, so that ?error=toString falls back to the default rather than finding Object.prototype.toString.
  const messages = new Map([
    ['calendar_oauth_failed', 'Calendar authorization was cancelled or failed.'],
    ['session_lost', 'Session expired. Please refresh the page and try again.'],
  ]);
  return {
    kind: 'error',
    title: 'Connection Failed',
    message: messages.get(error) ?? 'Failed to connect calendar. Please try again.',
  };
}
