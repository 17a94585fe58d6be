/**
 * A real CalDAV server for tests: Radicale (Debian's `radicale` package), started on loopback on a free port with its
 * own config, storage folder and plain htpasswd, as a child in its own process group, and stopped by that group.
 * A missing binary fails loudly: CalDAV is tested against a real server or not at all.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RadicaleServer {
  origin: string;
  username: string;
  password: string;
  /** Every request Radicale received since the last reset: "METHOD /path". */
  requests: string[];
  makeCalendar(name: string, displayName: string): Promise<string>;
  /** Puts an iCalendar object; answers its URL. */
  put(calendarUrl: string, name: string, ics: string): Promise<string>;
  remove(url: string): Promise<void>;
  /** Renames (moves) an object to another name in the same or another calendar; answers its new URL. */
  move(url: string, to: string): Promise<string>;
  /**
   * Writes many objects straight into Radicale's storage folder, where its filesystem backend keeps them (one file per
   * object): thousands through PUT take minutes, as Radicale works over the whole collection on every write.
   */
  seed(calendarUrl: string, objects: readonly { name: string; ics: string }[]): void;
  /** The account's password changes on the server (Radicale reads its htpasswd file on every request). */
  changePassword(password: string): void;
  /** The calendar's objects, read straight from the server. */
  objects(calendarUrl: string): Promise<{ url: string; data: string }[]>;
  /** Stops the server (the same port and storage come back with `start`). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function radicaleBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v radicale'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  if (found.status !== 0 || !path) {
    throw new Error('radicale is not installed: CalDAV tests need it (apt-get install -y radicale, as .ci/run does)');
  }
  return path;
}

export async function startRadicale(username = 'alice', password = 'wonderland-42'): Promise<RadicaleServer> {
  const binary = radicaleBinary();
  const folder = mkdtempSync(join(tmpdir(), 'breaker-radicale-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  writeFileSync(join(folder, 'users'), `${username}:${password}\n`);
  writeFileSync(
    join(folder, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${join(folder, 'users')}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(folder, 'collections')}`,
      '[logging]',
      'level = info',
      'mask_passwords = True',
      '',
    ].join('\n'),
  );
  const requests: string[] = [];
  let child: ChildProcess | undefined;
  let current = password;
  const send = (method: string, url: string, body?: string, headers: Record<string, string> = {}) => {
    const authorization = `Basic ${Buffer.from(`${username}:${current}`).toString('base64')}`;
    return fetch(url, { method, headers: { authorization, ...headers }, ...(body === undefined ? {} : { body }) });
  };

  async function start(): Promise<void> {
    const started = spawn(binary, ['--config', join(folder, 'config')], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    started.stderr?.setEncoding('utf8');
    started.stderr?.on('data', (chunk: string) => {
      for (const match of chunk.matchAll(/(\w+) request for '([^']*)'/g)) requests.push(`${match[1]} ${match[2]}`);
    });
    const exited = new Promise<never>((_, reject) =>
      started.once('exit', (code) => reject(new Error(`radicale exited with ${code} before it answered`))),
    );
    exited.catch(() => undefined);
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const answered = await Promise.race([
        fetch(`${origin}/.well-known/caldav`, { redirect: 'manual' }).then(
          () => true,
          () => false,
        ),
        exited,
      ]);
      if (answered) {
        requests.length = 0;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('radicale did not answer within 10 s');
  }

  async function stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid, 'SIGTERM');
    await gone;
  }

  await start();
  return {
    origin,
    username,
    get password() {
      return current;
    },
    requests,
    async makeCalendar(name, displayName) {
      const url = `${origin}/${username}/${name}/`;
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>${displayName}</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
      const response = await send('MKCALENDAR', url, body, { 'content-type': 'application/xml' });
      if (response.status !== 201) throw new Error(`MKCALENDAR ${url} answered ${response.status}`);
      return url;
    },
    async put(calendarUrl, name, ics) {
      const url = `${calendarUrl}${name}`;
      const response = await send('PUT', url, ics, { 'content-type': 'text/calendar' });
      if (response.status !== 201 && response.status !== 204) throw new Error(`PUT ${url} answered ${response.status}`);
      return url;
    },
    seed(calendarUrl, objects) {
      const collection = join(
        folder,
        'collections',
        'collection-root',
        ...new URL(calendarUrl).pathname.split('/').filter(Boolean),
      );
      for (const object of objects) writeFileSync(join(collection, object.name), object.ics);
    },
    changePassword(next) {
      current = next;
      writeFileSync(join(folder, 'users'), `${username}:${next}\n`);
    },
    async remove(url) {
      const response = await send('DELETE', url);
      if (response.status !== 200 && response.status !== 204) throw new Error(`DELETE ${url} answered ${response.status}`);
    },
    async move(url, to) {
      const response = await send('MOVE', url, undefined, { destination: to, overwrite: 'F' });
      if (response.status !== 201 && response.status !== 204) throw new Error(`MOVE ${url} answered ${response.status}`);
      return to;
    },
    async objects(calendarUrl) {
      const body = `<?xml version="1.0" encoding="utf-8"?>
<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:prop><C:calendar-data/></D:prop>
  <C:filter><C:comp-filter name="VCALENDAR"/></C:filter>
</C:calendar-query>`;
      const response = await send('REPORT', calendarUrl, body, { depth: '1', 'content-type': 'application/xml' });
      const xml = await response.text();
      const found: { url: string; data: string }[] = [];
      for (const match of xml.matchAll(
        /<(?:D:)?href>([^<]+)<\/(?:D:)?href>[\s\S]*?<C:calendar-data>([\s\S]*?)<\/C:calendar-data>/g,
      )) {
        const data = match[2]!.replace(/&#13;/g, '\r').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
        found.push({ url: new URL(match[1]!, origin).href, data });
      }
      return found;
    },
    stop,
    start,
    async close() {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
