import { CALENDAR_PROVIDER_NAMES, type CalendarProvider } from '@breaker/api-contract';

/** How the connected calendar is named next to 'Connected': the spec's words for Google, the provider's name otherwise. */
export function connectedLabel(provider: CalendarProvider): string {
  if (provider === 'google') return `Connected (${provider})`;
  if (provider === 'ics') return 'Connected (calendar feed)';
  return `Connected (${CALENDAR_PROVIDER_NAMES[provider]})`;
}
