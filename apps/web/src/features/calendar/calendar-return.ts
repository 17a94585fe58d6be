/*
 * The route reads these parameters, so this file is in the first download of every screen: what the calendar says
 * about them is in calendar-return-notice.ts, fetched with the notice when the address carries an outcome.
 */

/** Query parameters the calendar-connection flow comes back with. */
export interface CalendarReturnParams {
  success?: string;
  error?: string;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function calendarReturnSearch(search: Record<string, unknown>): CalendarReturnParams {
  return { success: text(search.success), error: text(search.error) };
}
