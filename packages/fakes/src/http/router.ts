import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request being answered: handlers read the request and write the response themselves. */
export interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
  url: URL;
  /** Path segments named in the route, percent-decoded (`test.user%40gmail.com` → `test.user@gmail.com`). */
  params: Readonly<Record<string, string>>;
}

export interface Route {
  method: string;
  pattern: RegExp;
  handle: (exchange: Exchange) => Promise<void> | void;
}

/** `'/calendar/v3/calendars/:calendarId/events'` → a route whose `:name` segments become params. */
export function route(method: string, path: string, handle: Route['handle']): Route {
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)');
  return { method, pattern: new RegExp(`^${source}$`), handle };
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(match.groups ?? {})) params[name] = decodeURIComponent(value);
    return { route: candidate, params };
  }
  return undefined;
}
