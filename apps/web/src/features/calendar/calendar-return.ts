import { z } from 'zod';

/** Query parameters the calendar-connection flow comes back with. */
export const calendarReturnSearch = z.object({
  success: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});
export type CalendarReturnParams = z.infer<typeof calendarReturnSearch>;

interface ReturnNotice {
  kind: 'success' | 'error';
  title: string;
  message: string;
}

export function calendarReturnNotice({ success, error }: CalendarReturnParams): ReturnNotice | undefined {
  if (success === 'calendar_connected') {
    return { kind: 'success', title: 'Calendar Connected!', message: 'Your calendar was connected successfully.' };
  }
  if (!error) return undefined;
  const messages: Record<string, string> = {
    calendar_oauth_failed: 'Calendar authorization was cancelled or failed.',
    session_lost: 'Session expired. Please refresh the page and try again.',
  };
  return { kind: 'error', title: 'Connection Failed', message: messages[error] ?? 'Failed to connect calendar. Please try again.' };
}
