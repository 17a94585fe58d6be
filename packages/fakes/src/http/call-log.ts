/** One request the fake received, so tests can count what a client asked the service for. */
export interface RecordedCall {
  method: string;
  /** Percent-decoded path without the query, e.g. `/calendar/v3/calendars/test.user@gmail.com/events` or `/v1.0/me/calendarView/delta`. */
  path: string;
  /** Query parameters; a repeated one (eventTypes) becomes an array. */
  query: Record<string, string | string[]>;
  at: Date;
}

export function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const name of new Set(params.keys())) {
    const values = params.getAll(name);
    record[name] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return record;
}
