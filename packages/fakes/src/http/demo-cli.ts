import { pino, type Logger } from 'pino';
import { z } from 'zod';

/**
 * What each fake's local demo (`pnpm --filter @breaker/fakes fake-…`) shares. A development tool, so it reads its own
 * `<PREFIX>_PORT`, `<PREFIX>_CLIENT_ID` and `<PREFIX>_CLIENT_SECRET` rather than Breaker's configuration.
 */
export interface DemoSettings {
  port: number;
  clientId: string;
  clientSecret: string;
}

/** The CLI passes its `process.env`. */
export function demoSettings(env: NodeJS.ProcessEnv, prefix: string, defaultPort: number): DemoSettings {
  const read = (name: string): string | undefined => env[`${prefix}_${name}`];
  const settings = z
    .object({
      PORT: z.coerce.number().int().min(0).max(65_535).default(defaultPort),
      CLIENT_ID: z.string().min(1).default('breaker-dev-client'),
      CLIENT_SECRET: z.string().min(1).default('breaker-dev-secret'),
    })
    .safeParse({ PORT: read('PORT'), CLIENT_ID: read('CLIENT_ID'), CLIENT_SECRET: read('CLIENT_SECRET') });
  if (!settings.success) throw new Error(`${prefix}_* settings: ${z.prettifyError(settings.error)}`);
  const { PORT: port, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret } = settings.data;
  return { port, clientId, clientSecret };
}

const APP_ORIGINS = ['http://localhost:3000', 'http://127.0.0.1:3000'];

/** Breaker in development as the fake's one client, with its sign-in and calendar callbacks for `provider`. */
export function breakerClient(
  settings: DemoSettings,
  provider: 'google' | 'microsoft',
): { clientId: string; clientSecret: string; redirectUris: string[] } {
  const callbacks = [`/api/auth/${provider}/callback`, `/api/auth/${provider}/calendar/callback`];
  return {
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    redirectUris: APP_ORIGINS.flatMap((origin) => callbacks.map((path) => `${origin}${path}`)),
  };
}

/** Request lines go to stderr, so stdout keeps only the variables to copy. */
export function demoLogger(): Logger {
  return pino({ level: 'info' }, pino.destination({ dest: 2, sync: true }));
}

/** Where the fake listens, its accounts, and the variables that point Breaker at it, on stdout. */
export function announce(name: string, origin: string, accounts: string, breakerSettings: Record<string, string>): void {
  process.stdout.write(
    [
      `${name} is listening on ${origin}`,
      `accounts: ${accounts}`,
      '',
      'Start Breaker against it with:',
      ...Object.entries(breakerSettings).map(([setting, value]) => `  ${setting}=${value}`),
      '',
    ].join('\n'),
  );
}

export function closeOnSignal(fake: { close(): Promise<void> }): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void fake.close();
    });
  }
}
