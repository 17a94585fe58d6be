import { AppError, type CalendarProvider as ProviderName } from '@breaker/api-contract';
import { caldavProvider } from './caldav/caldav-provider.js';
import type { CalendarProvider } from './calendar-provider.js';
import { googleProvider } from './google/google-provider.js';
import { icsProvider } from './ics/ics-provider.js';
import { microsoftProvider } from './microsoft/microsoft-provider.js';

/** The one list of calendar providers; each line is one module under providers/. */
const PROVIDERS: { readonly [N in ProviderName]?: CalendarProvider } = {
  caldav: caldavProvider,
  google: googleProvider,
  ics: icsProvider,
  microsoft: microsoftProvider,
};

/** The provider a connection belongs to; a name this server has no module for is refused with a message. */
export function providerFor(name: ProviderName): CalendarProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new AppError('UNAVAILABLE', `Calendars of the kind "${name}" are not supported on this server`);
  return provider;
}

export {
  ProviderAccessExpired,
  ProviderUnavailable,
  type CalendarProvider,
  type SyncOutcome,
  type SyncWindow,
  type WriteBackOptions,
  type WriteBackOutcome,
  type WriteBackResult,
  type WriteBackWindow,
} from './calendar-provider.js';
