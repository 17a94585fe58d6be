import { startRadicale, type RadicaleServer } from '@breaker/jobs/testing';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, signInWorkingEveryDay, type TestClient } from '../app.test-support.js';

/**
 * Radicale behind a door that can hold its writes: a PUT waits at the door until it is opened, so a test can stop a
 * write-back halfway through, the way a slow CalDAV server does.
 */
interface Door {
  origin: string;
  hold(): void;
  open(): void;
  /** Resolves once a PUT is waiting at the closed door. */
  writeWaiting(): Promise<void>;
  /** Resolves once every request let through has been answered by Radicale. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

async function doorTo(target: string): Promise<Door> {
  let holding = false;
  let held: (() => void)[] = [];
  let waiting: (() => void) | undefined;
  let inFlight = 0;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    res.on('close', () => (inFlight -= 1));
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  };
  const server: Server = createServer((req, res) => {
    if (!holding || req.method !== 'PUT') return forward(req, res);
    held.push(() => forward(req, res));
    waiting?.();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold: () => {
      holding = true;
    },
    open: () => {
      holding = false;
      for (const go of held) go();
      held = [];
    },
    writeWaiting: () => (held.length > 0 ? Promise.resolve() : new Promise((resolve) => (waiting = resolve))),
    settled: async () => {
      while (inFlight > 0 || held.length > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('disconnecting a calendar while Breaker writes to it', () => {
  let radicale: RadicaleServer;
  let door: Door;
  let work: string;
  const subject = appForSuite('pglite', { env: { ALLOW_PRIVATE_FEEDS: 'true' } });
  let client: TestClient;

  beforeAll(async () => {
    radicale = await startRadicale();
    work = await radicale.makeCalendar('work', 'Work');
    door = await doorTo(radicale.origin);
    ({ client } = await signInWorkingEveryDay(subject.app, 'dora'));
  });
  afterAll(async () => {
    await door?.close();
    await radicale?.close();
  });

  const breakerObjects = async () => (await radicale.objects(work)).filter((o) => /^UID:[^\r\n]*@breaker\r?$/m.test(o.data));

  it('waits for the write-back in flight, then takes out every event, the late one too', async () => {
    const connected = await client.request('PUT', '/api/calendar/caldav', {
      url: door.origin,
      username: radicale.username,
      password: radicale.password,
    });
    expect(connected.statusCode).toBe(200);

    // New work hours re-plan the breaks; their write-back stops at its first PUT.
    door.hold();
    await client.request('PUT', '/api/user/preferences', { preferences: { workStartTime: '07:00' } });
    await door.writeWaiting();

    let answered = false;
    const disconnecting = client.request('DELETE', '/api/calendar/caldav').then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const answeredWhileWriting = answered;

    door.open();
    const disconnected = await disconnecting;
    await door.settled();
    expect(disconnected.statusCode).toBe(200);
    expect(await breakerObjects()).toEqual([]);
    expect(answeredWhileWriting).toBe(false);
    expect(await subject.db.selectFrom('calendar_connections').selectAll().execute()).toEqual([]);
  });
});
