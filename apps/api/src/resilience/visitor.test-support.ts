import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  body: unknown;
  location: string | null;
  elapsedMs: number;
}

/**
 * A browser over real HTTP: keeps its cookies, sends the deployment's public Origin on writes, and can talk to any of
 * the deployment's API processes (as a load balancer would send it to one or the other).
 */
export class Visitor {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly appUrl: string) {}

  async call(api: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Answer> {
    const started = performance.now();
    const response = await fetch(`${api}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookies.size > 0 ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(method === 'GET' ? {} : { origin: this.appUrl }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a redirect or a page): the text is kept as it came.
    }
    return {
      status: response.status,
      body: parsed,
      location: response.headers.get('location'),
      elapsedMs: performance.now() - started,
    };
  }

  /** Registers and signs in on `api`; answers the new user's id. */
  async signUp(api: string, username: string): Promise<string> {
    const password = 'correct horse battery';
    const registered = await this.call(api, 'POST', '/api/auth/register', {
      username,
      email: `${username}@example.com`,
      password,
    });
    if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
    const login = await this.call(api, 'POST', '/api/auth/login', { username, password });
    if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
    return (login.body as { user: { id: string } }).user.id;
  }

  /** Connects Google Calendar through the fake Google's consent (auto-approved) and comes back to the app. */
  async connectGoogle(api: string, email: string): Promise<string | null> {
    const start = await this.call(api, 'GET', '/api/auth/google/calendar');
    if (!start.location) throw new Error(`no redirect to Google: ${start.status} ${JSON.stringify(start.body)}`);
    const authorize = new URL(start.location);
    authorize.searchParams.set('login_hint', email);
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(String(consent.headers.get('location')));
    return (await this.call(api, 'GET', `${back.pathname}${back.search}`)).location;
  }
}

export interface UpcomingBreak {
  id: string;
  scheduledTime: string;
  duration: number;
}

/** No two breaks at the same time, and none overlapping the next one. */
export function overlaps(breaks: readonly UpcomingBreak[]): string[] {
  const sorted = [...breaks].sort((a, b) => Date.parse(a.scheduledTime) - Date.parse(b.scheduledTime));
  return sorted.flatMap((current, index) => {
    const next = sorted[index + 1];
    if (!next) return [];
    const end = Date.parse(current.scheduledTime) + current.duration * 60_000;
    return end > Date.parse(next.scheduledTime) ? [`${current.scheduledTime} overlaps ${next.scheduledTime}`] : [];
  });
}
