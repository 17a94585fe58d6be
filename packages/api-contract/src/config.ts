import { createECDH } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { base64urlBytes } from './push.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A flag that is on unless set to `false` or `0`. */
const onUnlessOff = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

/** An issuer's discovery, keys and tokens travel over https; plain http only to a provider on this very machine. */
function httpsOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    OIDC_ISSUER: z
      .url({ protocol: /^https?$/ })
      .refine(httpsOrLoopback, 'OIDC_ISSUER must be https (plain http only for a provider on this machine)')
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().trim().min(1).max(60).default('Single sign-on'),
    ALLOW_REGISTRATION: onUnlessOff,
    MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
    MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
    /** `common`, `organizations`, `consumers`, or a tenant id or domain (the `{tenant}` of Microsoft's paths). */
    MICROSOFT_TENANT: z
      .string()
      .regex(/^[A-Za-z0-9.-]{1,100}$/, 'MICROSOFT_TENANT must be common, organizations, consumers or a tenant id or domain')
      .default('common'),
    MICROSOFT_LOGIN_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    MICROSOFT_GRAPH_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    ALLOW_DEV_LOGIN: booleanFlag,
    OPERATOR_TOKEN: z.string().min(16, 'OPERATOR_TOKEN must be at least 16 characters').optional(),
    WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
    WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ALLOW_PRIVATE_FEEDS: booleanFlag,
    TRUST_PROXY: z.string().optional(),
    COMPRESS_RESPONSES: onUnlessOff,
    JOB_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
    WORKER_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
    VAPID_PUBLIC_KEY: z
      .string()
      .refine(
        (key) => base64urlBytes(key)?.length === 65 && base64urlBytes(key)?.[0] === 4,
        'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (65 bytes), base64url-encoded',
      )
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .refine(
        (key) => base64urlBytes(key)?.length === 32,
        'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes), base64url-encoded',
      )
      .optional(),
    PUSH_CONTACT: z.url({ protocol: /^(mailto|https)$/, error: 'PUSH_CONTACT must be a mailto: or https: URI' }).optional(),
    ALLOW_PRIVATE_PUSH_ENDPOINTS: booleanFlag,
    TOKEN_ENCRYPTION_KEY: z
      .string()
      .refine((key) => Buffer.from(key, 'base64').length === 32, 'TOKEN_ENCRYPTION_KEY must be 32 bytes, base64-encoded')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ALLOW_DEV_LOGIN && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['ALLOW_DEV_LOGIN'],
        message: 'development sign-ins are refused when NODE_ENV=production',
      });
    }
    const oidcSettings = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidcSettings > 0 && oidcSettings < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together',
      });
    }
    const vapidProblem = vapidPairProblem(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY);
    if (vapidProblem) ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: vapidProblem });
    if (env.REDIS_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['REDIS_URL'],
        message:
          'the worker process cannot share the embedded database: set DATABASE_URL as well, or unset REDIS_URL to run jobs in-process',
      });
    }
  });

export type Env = z.infer<typeof schema>;

/** Every environment variable the processes read: deployment files may set these and no others. */
export const SETTING_NAMES = Object.keys(schema.shape) as readonly (keyof Env)[];

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  appUrl: URL;
  /** Cookies get `Secure` when the public origin is https. */
  secureCookies: boolean;
  google: { clientId: string; clientSecret: string; baseUrl: string | undefined } | undefined;
  /** An OpenID Connect provider for single sign-on; `name` labels its button. */
  oidc: { issuer: URL; clientId: string; clientSecret: string; name: string } | undefined;
  /** Password registration; off means only single-sign-on users get in. */
  allowRegistration: boolean;
  microsoft: MicrosoftSettings | undefined;
  allowDevLogin: boolean;
  operatorToken: string | undefined;
  /** Where the worker answers `/health` and, with an operator token, `/metrics`; loopback unless told otherwise. */
  workerMetrics: { host: string; port: number };
  logLevel: Env['LOG_LEVEL'];
  allowPrivateFeeds: boolean;
  trustProxy: string | boolean | number;
  /** gzip/brotli for clients that accept it; off when a reverse proxy in front compresses instead. */
  compressResponses: boolean;
  /**
   * How long a worker's claim on a running job lasts unless renewed (BullMQ's lock duration, also its stalled-job check
   * interval): a job whose worker died runs again on another worker within about twice this.
   */
  jobLockMs: number;
  /** PostgreSQL connections each process may hold: every API and worker process opens up to this many. */
  databasePoolSize: number;
  /**
   * Place-breaks jobs one worker process runs at once. A job mostly waits on PostgreSQL, so more than the CPU count
   * pays off; each running job holds one of the process's `databasePoolSize` connections.
   */
  workerConcurrency: number;
  /**
   * The worker's CPU niceness (0–19; the API keeps 0): on a machine the two share, the API's requests get the CPU before
   * background jobs do (docs/decisions/020-worker-cpu-priority.md).
   */
  workerNiceness: number;
  push: {
    /** Both set, or neither (then a pair is generated into DATA_DIR). */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    /** The VAPID `sub`: who push services may contact about this server's pushes. */
    contact: string;
    /** Tests only: push endpoints on http and on loopback or private addresses. */
    allowPrivateEndpoints: boolean;
  };
  /** Base64 key for secrets at rest; unset means one generated into DATA_DIR. */
  tokenEncryptionKey: string | undefined;
}

/** Microsoft's app registration; the base URLs send identity and Graph requests to a fake instead of Microsoft. */
export interface MicrosoftSettings {
  clientId: string;
  clientSecret: string;
  tenant: string;
  loginBaseUrl: string | undefined;
  graphBaseUrl: string | undefined;
}

/** A setting the processes cannot start with; its message names each such setting and why, on one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * For a process's entry point: a bad setting ends it with that one line on stderr and a non-zero exit code, instead of
 * a stack trace that buries which setting is wrong.
 */
export function parseConfigOrExit(source: Record<string, string | undefined>): Config {
  try {
    return parseConfig(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Parses the environment the apps pass in (their env modules are the only readers of `process.env`). */
export function parseConfig(source: Record<string, string | undefined>): Config {
  // An empty value means unset: docker compose passes `${VAR:-}` through as an empty string.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems.replace(/\s*\n\s*/g, ' ')}`);
  }
  const env = parsed.data;
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    appUrl,
    secureCookies: appUrl.protocol === 'https:',
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, baseUrl: env.GOOGLE_BASE_URL }
        : undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: new URL(env.OIDC_ISSUER),
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            name: env.OIDC_NAME,
          }
        : undefined,
    allowRegistration: env.ALLOW_REGISTRATION,
    microsoft:
      env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
        ? {
            clientId: env.MICROSOFT_CLIENT_ID,
            clientSecret: env.MICROSOFT_CLIENT_SECRET,
            tenant: env.MICROSOFT_TENANT,
            loginBaseUrl: env.MICROSOFT_LOGIN_BASE_URL,
            graphBaseUrl: env.MICROSOFT_GRAPH_BASE_URL,
          }
        : undefined,
    allowDevLogin: env.ALLOW_DEV_LOGIN,
    operatorToken: env.OPERATOR_TOKEN,
    workerMetrics: { host: env.WORKER_METRICS_HOST, port: env.WORKER_METRICS_PORT },
    logLevel: env.LOG_LEVEL,
    allowPrivateFeeds: env.ALLOW_PRIVATE_FEEDS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    compressResponses: env.COMPRESS_RESPONSES,
    jobLockMs: env.JOB_LOCK_MS,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    workerConcurrency: env.WORKER_CONCURRENCY,
    workerNiceness: env.WORKER_NICENESS,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      contact: env.PUSH_CONTACT ?? (appUrl.protocol === 'https:' ? appUrl.origin : 'mailto:push@localhost'),
      allowPrivateEndpoints: env.ALLOW_PRIVATE_PUSH_ENDPOINTS,
    },
    tokenEncryptionKey: env.TOKEN_ENCRYPTION_KEY,
  };
}

/** The VAPID keys come as a pair that belongs together, or not at all. */
function vapidPairProblem(publicKey: string | undefined, privateKey: string | undefined): string | undefined {
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) return 'set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither';
  const publicBytes = base64urlBytes(publicKey);
  const privateBytes = base64urlBytes(privateKey);
  // Each key's own shape is reported by its field.
  if (publicBytes?.length !== 65 || privateBytes?.length !== 32) return undefined;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateBytes);
    if (ecdh.getPublicKey().equals(publicBytes)) return undefined;
  } catch {
    return 'VAPID_PRIVATE_KEY is not a valid P-256 private key';
  }
  return 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY';
}

function parseTrustProxy(value: string | undefined): string | boolean | number {
  if (!value) return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Options for pino, shared by every process: secrets never reach the logs. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, service: string) {
  return {
    level: config.logLevel,
    base: { service },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
  };
}

/** Google's own hosts and paths, or the same paths on GOOGLE_BASE_URL (a fake Google for tests and demos). */
export function googleEndpoints(google: NonNullable<Config['google']>) {
  const base = google.baseUrl?.replace(/\/$/, '');
  return {
    authorizeHost: base ?? 'https://accounts.google.com',
    authorizePath: '/o/oauth2/v2/auth',
    tokenHost: base ?? 'https://oauth2.googleapis.com',
    tokenPath: '/token',
    revokePath: '/revoke',
    userinfoUrl: `${base ?? 'https://www.googleapis.com'}/oauth2/v2/userinfo`,
    /** Google's API clients append `calendar/v3/…` to this. */
    apiRootUrl: `${base ?? 'https://www.googleapis.com'}/`,
  };
}

/**
 * Microsoft's identity platform (v2.0) and Graph, or the same paths on MICROSOFT_LOGIN_BASE_URL and
 * MICROSOFT_GRAPH_BASE_URL (a fake Microsoft for tests and demos).
 */
export function microsoftEndpoints(microsoft: MicrosoftSettings) {
  const login = microsoft.loginBaseUrl?.replace(/\/$/, '') ?? 'https://login.microsoftonline.com';
  const graph = microsoft.graphBaseUrl?.replace(/\/$/, '') ?? 'https://graph.microsoft.com';
  const tenant = encodeURIComponent(microsoft.tenant);
  return {
    loginOrigin: login,
    authorizePath: `/${tenant}/oauth2/v2.0/authorize`,
    tokenPath: `/${tenant}/oauth2/v2.0/token`,
    jwksUrl: `${login}/${tenant}/discovery/v2.0/keys`,
    /** Graph's v1.0 root; requests append `/me/...`. */
    graphRoot: `${graph}/v1.0`,
  };
}
