import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chosenAction, notificationFor, readPushMessage, sameSitePath } from './push-message';

const ORIGIN = 'https://breaker.example';
const data = (value: unknown) => ({ text: () => (typeof value === 'string' ? value : JSON.stringify(value)) });

describe('a push message', () => {
  it("shows a break's reminder with its buttons, tag and where a click goes", () => {
    const message = readPushMessage(
      data({
        kind: 'break-reminder',
        title: 'Time for a break: Palming',
        body: '10:30 · 2 min',
        breakId: 'b1',
        url: '/?break=b1',
        tag: 'break-b1',
      }),
      ORIGIN,
    );
    expect(notificationFor(message, 3)).toEqual({
      title: 'Time for a break: Palming',
      options: {
        body: '10:30 · 2 min',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: 'break-b1',
        data: { url: '/?break=b1', breakId: 'b1' },
        actions: [
          { action: 'start', title: 'Start' },
          { action: 'later', title: 'Later' },
          { action: 'skip', title: 'Skip' },
        ],
      },
    });
  });

  it('leaves Start to a click on the notification where the browser shows two buttons only', () => {
    const message = readPushMessage(data({ kind: 'break-reminder', title: 'Break', body: '', breakId: 'b1' }), ORIGIN);
    expect(notificationFor(message, 2).options.actions).toEqual([
      { action: 'later', title: 'Later' },
      { action: 'skip', title: 'Skip' },
    ]);
  });

  it('shows a test notification without buttons', () => {
    const { options } = notificationFor(
      readPushMessage(data({ kind: 'test', title: 'It works', body: 'Hi', url: '/' }), ORIGIN),
      3,
    );
    expect(options.actions).toBeUndefined();
    expect(options.body).toBe('Hi');
  });

  it('never leaves the site, whatever url a push names', () => {
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)', '/\\evil', 42, undefined]) {
      expect(sameSitePath(url, ORIGIN), String(url)).not.toContain('evil');
    }
    expect(sameSitePath('/calendar?day=2', ORIGIN)).toBe('/calendar?day=2');
    fc.assert(
      fc.property(fc.string(), (url) => {
        expect(new URL(sameSitePath(url, ORIGIN), ORIGIN).origin).toBe(ORIGIN);
      }),
    );
  });

  it('reads any data without throwing, a plain text as the body', () => {
    expect(readPushMessage(data('Stand up'), ORIGIN)).toMatchObject({ title: 'Breaker', body: 'Stand up', kind: 'test' });
    expect(readPushMessage(null, ORIGIN)).toMatchObject({ title: 'Breaker', url: '/' });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        (text) => {
          const message = readPushMessage({ text: () => text }, ORIGIN);
          expect(message.title.length).toBeGreaterThan(0);
          expect(message.kind === 'test' || message.breakId !== undefined).toBe(true);
        },
      ),
    );
  });

  it('takes a click on the body as Start', () => {
    expect(chosenAction('')).toBe('start');
    expect(chosenAction('later')).toBe('later');
    expect(chosenAction('skip')).toBe('skip');
    expect(chosenAction('other')).toBe('start');
  });
});
