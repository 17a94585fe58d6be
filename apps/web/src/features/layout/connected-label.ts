import type { CalendarProvider } from '@breaker/api-contract';

/** How the connected calendar is named next to 'Connected'. */
export function connectedLabel(provider: CalendarProvider): string {
  return provider === 'ics' ? 'Connected (calendar feed)' : `Connected (${provider})`;
}
