import { describe, expect, it } from 'vitest';
import { calendarReturnNotice } from './calendar-return-notice';

describe('calendar connection outcome', () => {
  it('maps the query parameters to the spec toasts', () => {
    expect(calendarReturnNotice({ success: 'calendar_connected' })).toMatchObject({
      kind: 'success',
      title: 'Calendar Connected!',
    });
    expect(calendarReturnNotice({ error: 'calendar_oauth_failed' })).toEqual({
      kind: 'error',
      title: 'Connection Failed',
      message: 'Calendar authorization was cancelled or failed.',
    });
    expect(calendarReturnNotice({ error: 'session_lost' })?.message).toBe(
      'Session expired. Please refresh the page and try again.',
    );
    expect(calendarReturnNotice({ error: 'something_else' })?.message).toBe('Failed to connect calendar. Please try again.');
    expect(calendarReturnNotice({})).toBeUndefined();
  });

  it('does not take inherited object keys for known errors', () => {
    expect(calendarReturnNotice({ error: 'toString' })?.message).toBe('Failed to connect calendar. Please try again.');
  });
});
