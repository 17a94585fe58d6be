import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseConfig, SETTING_NAMES } from './packages/api-contract/src/config.js';
import { startTestApp, type AppUnderTest } from './apps/api/src/app.test-support.js';

/**
 * docker-compose.yml rendered as Compose renders it, with a filled-in .env: every setting it gives the app's processes
 * is one they read, the required ones are all set, and the result is a configuration the processes start with. The
 * reverse-proxy examples under deploy/ send the headers the API reads, and the API reads them as intended.
 */

const ROOT = import.meta.dirname;
const APP_SERVICES = ['migrate', 'api', 'worker'];

/** A production .env: every name of .env.example, with values of the right form. */
const FILLED_ENV: Record<string, string> = {
  APP_URL: 'https://breaker.example.com',
  POSTGRES_PASSWORD: 'a-database-password',
  TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  OPERATOR_TOKEN: 'an-operator-token-of-some-length',
  TRUST_PROXY: '1',
};

/**
 * Compose's interpolation, applied as Compose applies it, to each string of the parsed file: `${VAR}`,
 * `${VAR:-default}`, `${VAR-default}`, and `${VAR:?message}`, which fails when VAR is unset or empty.
 */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (_match, name: string, operator?: string, arg?: string) => {
      const value = env[name];
      const empty = value === undefined || (operator?.startsWith(':') === true && value === '');
      if (operator?.endsWith('?') && empty) throw new Error(`${name} is required: ${arg}`);
      if (operator?.endsWith('-') && empty) return arg ?? '';
      return value ?? '';
    },
  );
}

function interpolateAll(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, env));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolateAll(item, env)]));
  }
  return value;
}

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
}

/** The services as Compose runs them; an environment value is always text to the process. */
function render(env: Record<string, string>): Record<string, Service> {
  const parsed = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: unknown };
  const services = interpolateAll(parsed.services, env) as Record<string, Service>;
  for (const service of Object.values(services)) {
    if (service.environment) {
      service.environment = Object.fromEntries(Object.entries(service.environment).map(([k, v]) => [k, String(v ?? '')]));
    }
  }
  return services;
}

const exampleNames = [...readFileSync(join(ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]!);

describe('docker-compose.yml rendered with a filled-in .env', () => {
  it('needs exactly the settings .env.example marks, and refuses to render without a required one', () => {
    const required = [...readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!);
    expect(new Set(required)).toEqual(new Set(['APP_URL', 'POSTGRES_PASSWORD', 'TOKEN_ENCRYPTION_KEY']));
    for (const name of required) {
      expect(exampleNames, name).toContain(name);
      expect(() => render({ ...FILLED_ENV, [name]: '' }), name).toThrow(`${name} is required`);
    }
  });

  it("gives the app's processes only settings they read, and a configuration they start with", () => {
    const services = render(FILLED_ENV);
    for (const name of APP_SERVICES) {
      const environment = services[name]?.environment ?? {};
      const unknown = Object.keys(environment).filter((key) => !(SETTING_NAMES as readonly string[]).includes(key));
      expect(unknown, name).toEqual([]);
      const config = parseConfig(environment);
      expect(config.nodeEnv, name).toBe('production');
      expect(config.databaseUrl, name).toBe('postgres://breaker:a-database-password@postgres:5432/breaker');
      expect(config.redisUrl, name).toBe('redis://redis:6379');
      expect(config.tokenEncryptionKey, name).toBe(FILLED_ENV['TOKEN_ENCRYPTION_KEY']);
      expect(config.secureCookies, name).toBe(true);
      expect(config.allowDevLogin, name).toBe(false);
      expect(config.trustProxy, name).toBe(1);
      expect(config.dataDir, name).toBe('/data');
    }
  });

  it('names in .env.example only settings the processes read, or the database password the URL is built from', () => {
    const known = new Set<string>([...SETTING_NAMES, 'POSTGRES_PASSWORD']);
    expect(exampleNames.filter((name) => !known.has(name))).toEqual([]);
  });

  it("runs, in each app service, the command of that app's package.json script", () => {
    const services = render(FILLED_ENV);
    const scripts = (app: string) =>
      (JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(services['migrate']?.command).toEqual(['node', 'apps/api/dist/migrate.js']);
    expect(scripts('api')['migrate']).toBe('node dist/migrate.js');
    const cmd = (dockerfile: string) => {
      const text = readFileSync(join(ROOT, dockerfile), 'utf8');
      return JSON.parse(/^CMD\s+(\[.*\])\s*$/m.exec(text.slice(text.lastIndexOf('\nFROM ')))![1]!) as string[];
    };
    expect(cmd('apps/api/Dockerfile')).toEqual(['node', 'apps/api/dist/main.js']);
    expect(scripts('api')['start']).toBe('node dist/main.js');
    expect(cmd('apps/worker/Dockerfile')).toEqual(['node', 'apps/worker/dist/main.js']);
    expect(scripts('worker')['start']).toBe('node dist/main.js');
  });
});

/** nginx's variables as they would be for a visitor at 203.0.113.7 opening https://breaker.example.com. */
const NGINX_VARIABLES: Record<string, string> = {
  $host: 'breaker.example.com',
  $remote_addr: '203.0.113.7',
  $proxy_add_x_forwarded_for: '203.0.113.7',
  $scheme: 'https',
};

describe('the reverse-proxy examples under deploy/', () => {
  let subject: AppUnderTest;
  beforeAll(async () => {
    subject = await startTestApp('pglite', { env: { APP_URL: 'https://breaker.example.com', TRUST_PROXY: '1' } });
    // What the API makes of a request: the visitor's address (rate limits), the scheme and the name it was asked under.
    subject.app.get('/api/probe', async (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
  });
  afterAll(async () => subject?.close());

  it('nginx passes the public Host on and sets the forwarded headers, which the API reads with TRUST_PROXY=1', async () => {
    const config = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
    expect(config).toMatch(/proxy_pass http:\/\/127\.0\.0\.1:3000;/);
    const headers = Object.fromEntries(
      [...config.matchAll(/^\s*proxy_set_header\s+(\S+)\s+(\S+);/gm)].map((m) => [m[1]!.toLowerCase(), NGINX_VARIABLES[m[2]!]!]),
    );
    expect(Object.keys(headers).sort()).toEqual(['host', 'x-forwarded-for', 'x-forwarded-proto']);
    // A visitor's own X-Forwarded-For is replaced by nginx, so the one the API sees has the visitor's address alone.
    const response = await subject.app.inject({ method: 'GET', url: '/api/probe', remoteAddress: '127.0.0.1', headers });
    expect(response.json()).toEqual({ ip: '203.0.113.7', protocol: 'https', host: 'breaker.example.com' });
  });

  it('Caddy proxies to the published port, and its default headers are the ones the API reads', async () => {
    const config = readFileSync(join(ROOT, 'deploy/Caddyfile'), 'utf8');
    expect(config).toMatch(/^breaker\.example\.com \{$/m);
    expect(config).toMatch(/^\s*reverse_proxy 127\.0\.0\.1:3000$/m);
    // Caddy sends Host unchanged and sets X-Forwarded-For and X-Forwarded-Proto itself.
    const response = await subject.app.inject({
      method: 'GET',
      url: '/api/probe',
      remoteAddress: '127.0.0.1',
      headers: { host: 'breaker.example.com', 'x-forwarded-for': '198.51.100.4', 'x-forwarded-proto': 'https' },
    });
    expect(response.json()).toEqual({ ip: '198.51.100.4', protocol: 'https', host: 'breaker.example.com' });
    const published = render(FILLED_ENV)['api']?.ports;
    expect(published).toEqual(['127.0.0.1:3000:3000']);
  });

  it('without TRUST_PROXY a forwarded address is not believed', async () => {
    const direct = await startTestApp('pglite', { env: { APP_URL: 'https://breaker.example.com' } });
    direct.app.get('/api/probe', async (request) => ({ ip: request.ip }));
    try {
      const response = await direct.app.inject({
        method: 'GET',
        url: '/api/probe',
        remoteAddress: '127.0.0.1',
        headers: { host: 'breaker.example.com', 'x-forwarded-for': '198.51.100.4' },
      });
      expect(response.json()).toEqual({ ip: '127.0.0.1' });
    } finally {
      await direct.close();
    }
  });
});
