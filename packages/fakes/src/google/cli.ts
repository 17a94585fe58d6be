import { pino } from 'pino';
import { z } from 'zod';
import { DEMO_ACCOUNTS } from './demo/demo-accounts.js';
import { demoWeek } from './demo/demo-week.js';
import { startFakeGoogle } from './fake-google.js';

/**
 * Local demo: `pnpm --filter @breaker/fakes fake-google` runs a fake Google with two accounts and a week of meetings,
 * and prints the variables that point Breaker at it. A development tool, so it reads its own FAKE_GOOGLE_* settings
 * rather than the worker's configuration.
 */
const settings = z
  .object({
    FAKE_GOOGLE_PORT: z.coerce.number().int().min(0).max(65_535).default(4005),
    FAKE_GOOGLE_CLIENT_ID: z.string().min(1).default('breaker-dev-client'),
    FAKE_GOOGLE_CLIENT_SECRET: z.string().min(1).default('breaker-dev-secret'),
  })
  .parse(process.env);

const APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];
const CALLBACKS = ['/api/auth/google/callback', '/api/auth/google/calendar/callback'];

const logger = pino({ level: 'info' }, pino.destination({ dest: 2, sync: true }));
const fake = await startFakeGoogle({
  port: settings.FAKE_GOOGLE_PORT,
  clients: [
    {
      clientId: settings.FAKE_GOOGLE_CLIENT_ID,
      clientSecret: settings.FAKE_GOOGLE_CLIENT_SECRET,
      redirectUris: APP_ORIGINS.flatMap((origin) => CALLBACKS.map((path) => `${origin}${path}`)),
    },
  ],
  accounts: DEMO_ACCOUNTS.map(({ account }) => account),
  logger,
});
for (const { account, colleagues } of DEMO_ACCOUNTS)
  fake.setEvents(account.email, 'primary', demoWeek(account, colleagues, new Date()));

process.stdout.write(
  [
    `fake-google is listening on ${fake.origin}`,
    `accounts: ${DEMO_ACCOUNTS.map(({ account }) => `${account.email} (${account.timeZone})`).join(', ')}`,
    '',
    'Start Breaker against it with:',
    `  GOOGLE_BASE_URL=${fake.origin}`,
    `  GOOGLE_CLIENT_ID=${settings.FAKE_GOOGLE_CLIENT_ID}`,
    `  GOOGLE_CLIENT_SECRET=${settings.FAKE_GOOGLE_CLIENT_SECRET}`,
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void fake.close();
  });
}
