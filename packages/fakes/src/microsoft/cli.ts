import { pino } from 'pino';
import { z } from 'zod';
import { ADELE_VANCE, OUTLOOK_USER, startFakeMicrosoft } from './fake-microsoft.js';

/**
 * Local demo: `pnpm --filter @breaker/fakes fake-microsoft` runs a fake Microsoft with a work and a personal account,
 * each with a few meetings today, and prints the variables that point Breaker at it. A development tool, so it reads
 * its own FAKE_MICROSOFT_* settings rather than Breaker's configuration.
 */
const settings = z
  .object({
    FAKE_MICROSOFT_PORT: z.coerce.number().int().min(0).max(65_535).default(4006),
    FAKE_MICROSOFT_CLIENT_ID: z.string().min(1).default('breaker-dev-client'),
    FAKE_MICROSOFT_CLIENT_SECRET: z.string().min(1).default('breaker-dev-secret'),
  })
  .parse(process.env);

const APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const CALLBACKS = ['/api/auth/microsoft/callback', '/api/auth/microsoft/calendar/callback'];

const logger = pino({ level: 'info' }, pino.destination({ dest: 2, sync: true }));
const fake = await startFakeMicrosoft({
  port: settings.FAKE_MICROSOFT_PORT,
  clients: [
    {
      clientId: settings.FAKE_MICROSOFT_CLIENT_ID,
      clientSecret: settings.FAKE_MICROSOFT_CLIENT_SECRET,
      redirectUris: APP_ORIGINS.flatMap((origin) => CALLBACKS.map((path) => `${origin}${path}`)),
    },
  ],
  accounts: [ADELE_VANCE, OUTLOOK_USER],
  logger,
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

process.stdout.write(
  [
    `fake-microsoft is listening on ${fake.origin}`,
    `accounts: ${ADELE_VANCE.userPrincipalName}, ${OUTLOOK_USER.userPrincipalName}`,
    '',
    'Start Breaker against it with:',
    `  MICROSOFT_LOGIN_BASE_URL=${fake.origin}`,
    `  MICROSOFT_GRAPH_BASE_URL=${fake.origin}`,
    `  MICROSOFT_CLIENT_ID=${settings.FAKE_MICROSOFT_CLIENT_ID}`,
    `  MICROSOFT_CLIENT_SECRET=${settings.FAKE_MICROSOFT_CLIENT_SECRET}`,
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close();
  });
}
