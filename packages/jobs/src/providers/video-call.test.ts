import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCallHost, mentionsVideoCall } from './video-call.js';

describe('mentionsVideoCall', () => {
  it.each([
    'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0',
    'Join: https://us02web.zoom.us/j/81234567890?pwd=abc',
    '<https://meet.google.com/abc-defg-hij>',
    'https://acme.webex.com/acme/j.php?MTID=m123',
    'Room 4 / zoom.us/j/123456',
    'https://teams.live.com/meet/9876',
    'HTTPS://MEET.GOOGLE.COM/abc-defg-hij',
  ])('finds a call in %s', (text) => {
    expect(mentionsVideoCall(text)).toBe(true);
  });

  it.each([
    'Room 4.12, second floor',
    'https://zoom.us.evil.example/j/1',
    'https://evilzoom.us/j/1',
    'https://meet.google.com.attacker.test/abc',
    'write to someone@zoom.us/ for access',
    'https://evil.example/redirect?to=https://zoom.us/j/1',
    'https://zoom.us@evil.example/j/1',
    'We talked about zoom.us and Teams',
    'https://teams.microsoft.com.phish.example/l/meetup-join',
  ])('finds no call in %s', (text) => {
    expect(mentionsVideoCall(text)).toBe(false);
  });

  it('reads every field it is given, and no field', () => {
    expect(mentionsVideoCall(undefined, null, '', 'Desk 3', 'https://meet.google.com/x-y-z')).toBe(true);
    expect(mentionsVideoCall()).toBe(false);
  });

  it('never counts a lookalike host built on a service domain', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,12}$/);
    const domain = fc.constantFrom('zoom.us', 'teams.microsoft.com', 'meet.google.com', 'webex.com');
    fc.assert(
      fc.property(domain, label, label, fc.constantFrom('', 'https://', 'http://'), (service, evil, tld, scheme) => {
        expect(mentionsVideoCall(`${scheme}${service}.${evil}.${tld}x/j/1`)).toBe(false);
        expect(mentionsVideoCall(`${scheme}${evil}${service}/j/1`)).toBe(false);
        expect(mentionsVideoCall(`${scheme}${evil}-${service}/j/1`)).toBe(false);
      }),
    );
  });

  it('finds a real link wherever it sits in hostile text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.string({ maxLength: 2000 }), (before, after) => {
        expect(mentionsVideoCall(`${before} https://zoom.us/j/42 ${after}`)).toBe(true);
      }),
    );
  });

  it('answers on any text without throwing, the same as its hosts say', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5000, unit: 'binary' }), (text) => {
        const found = mentionsVideoCall(text);
        const hosts = [...text.matchAll(/https?:\/\/([^/\s]+)\//gi)].map((m) => m[1] ?? '');
        if (!found) expect(hosts.filter((host) => /^[a-z0-9.-]+$/i.test(host)).some(isCallHost)).toBe(false);
      }),
    );
  });

  it('reads megabytes of near-links in linear time', () => {
    const hostile = [
      'a.'.repeat(1_000_000),
      'https://'.repeat(200_000),
      `${'zoom.us.'.repeat(100_000)}evil/`,
      `${'-'.repeat(500_000)}zoom.us/`,
    ];
    for (const text of hostile) expect(mentionsVideoCall(text)).toBe(false);
    expect(mentionsVideoCall(`https://zoom.us/j/1 ${'x'.repeat(5_000_000)}`)).toBe(true);
  });
});
