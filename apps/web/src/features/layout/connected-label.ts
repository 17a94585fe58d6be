import type { CalendarProvider } from '@breaker/api-contract';

/** How the connected calendar is named next to 'Connected'. */
export function connectedLabel(provider: CalendarProvider): string {
  if (provider === 'ics') return 'Connected (calendar feed)';
  if (provider === 'microsoft') return 'Connected (Microsoft Outlook)';
  return `Connected (${provider})`;
}
