import { announce, breakerClient, closeOnSignal, demoLogger, demoSettings } from '../http/demo-cli.js';
import { ADELE_VANCE, OUTLOOK_USER, startFakeMicrosoft } from './fake-microsoft.js';

/**
 * Local demo: `pnpm --filter @breaker/fakes fake-microsoft` runs a fake Microsoft with a work and a personal account,
 * each with a few meetings today, and prints the variables that point Breaker at it. Its settings:
 * FAKE_MICROSOFT_PORT (4006), FAKE_MICROSOFT_CLIENT_ID and FAKE_MICROSOFT_CLIENT_SECRET.
 */
const settings = demoSettings(process.env, 'FAKE_MICROSOFT', 4006);

const fake = await startFakeMicrosoft({
  port: settings.port,
  clients: [breakerClient(settings, 'microsoft')],
  accounts: [ADELE_VANCE, OUTLOOK_USER],
  logger: demoLogger(),
});

const today = new Date();
today.setUTCHours(0, 0, 0, 0);
const at = (hour: number): { dateTime: string; timeZone: string } => ({
  dateTime: new Date(today.getTime() + hour * 3_600_000).toISOString().slice(0, 19),
  timeZone: 'UTC',
});
for (const account of [ADELE_VANCE, OUTLOOK_USER]) {
  fake.setEvents(account.userPrincipalName, [
    { subject: 'Stand-up', start: at(9), end: at(9.25), showAs: 'busy', isOnlineMeeting: true },
    { subject: 'Design review', start: at(11), end: at(12), showAs: 'busy' },
    { subject: 'Focus time', start: at(14), end: at(16), showAs: 'tentative' },
  ]);
}

announce('fake-microsoft', fake.origin, `${ADELE_VANCE.userPrincipalName}, ${OUTLOOK_USER.userPrincipalName}`, {
  MICROSOFT_LOGIN_BASE_URL: fake.origin,
  MICROSOFT_GRAPH_BASE_URL: fake.origin,
  MICROSOFT_CLIENT_ID: settings.clientId,
  MICROSOFT_CLIENT_SECRET: settings.clientSecret,
});

closeOnSignal(fake);
