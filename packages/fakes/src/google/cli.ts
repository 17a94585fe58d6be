import { announce, breakerClient, closeOnSignal, demoLogger, demoSettings } from '../http/demo-cli.js';
import { DEMO_ACCOUNTS } from './demo/demo-accounts.js';
import { demoWeek } from './demo/demo-week.js';
import { startFakeGoogle } from './fake-google.js';

/**
 * Local demo: `pnpm --filter @breaker/fakes fake-google` runs a fake Google with two accounts and a week of meetings,
 * and prints the variables that point Breaker at it. Its settings: FAKE_GOOGLE_PORT (4005), FAKE_GOOGLE_CLIENT_ID and
 * FAKE_GOOGLE_CLIENT_SECRET.
 */
const settings = demoSettings(process.env, 'FAKE_GOOGLE', 4005);

const fake = await startFakeGoogle({
  port: settings.port,
  clients: [breakerClient(settings, 'google')],
  accounts: DEMO_ACCOUNTS.map(({ account }) => account),
  logger: demoLogger(),
});
for (const { account, colleagues } of DEMO_ACCOUNTS)
  fake.setEvents(account.email, 'primary', demoWeek(account, colleagues, new Date()));

announce('fake-google', fake.origin, DEMO_ACCOUNTS.map(({ account }) => `${account.email} (${account.timeZone})`).join(', '), {
  GOOGLE_BASE_URL: fake.origin,
  GOOGLE_CLIENT_ID: settings.clientId,
  GOOGLE_CLIENT_SECRET: settings.clientSecret,
});

closeOnSignal(fake);
