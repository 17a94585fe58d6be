import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TestClient, type AppUnderTest } from '../app.test-support.js';
import { startSmtpInbox } from '../mail/smtp-inbox.test-support.js';
import { RESET_LINK_INVALID_MESSAGE, RESET_REQUESTED_MESSAGE } from './password-reset.js';

function resetTokenIn(text: string): string {
  const match = /\/reset-password\?token=([a-z2-7]+)/.exec(text);
  if (!match?.[1]) throw new Error('no reset link in the e-mail');
  return match[1];
}

describe('password reset by e-mail', () => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let subject: AppUnderTest;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    subject = await startTestApp('pglite', { env: { SMTP_URL: inbox.url } });
  });
  afterAll(async () => {
    await subject?.close();
    await inbox?.close();
  });

  it('mails a link that sets a new password once, and ends every session', async () => {
    const browser = new TestClient(subject.app);
    const otherDevice = new TestClient(subject.app);
    await browser.registerAndSignIn('rosalind', 'old password');
    await otherDevice.request('POST', '/api/auth/login', { username: 'rosalind', password: 'old password' });

    const requested = await new TestClient(subject.app).request('POST', '/api/auth/forgot-password', {
      email: 'rosalind@example.com',
    });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    const mail = await inbox.waitFor('rosalind@example.com');
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    const token = resetTokenIn(mail.text);

    const anonymous = new TestClient(subject.app);
    const reset = await anonymous.request('POST', '/api/auth/reset-password', { token, newPassword: 'new password ✓' });
    expect(reset.statusCode).toBe(200);
    expect((await browser.request('GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await otherDevice.request('GET', '/api/auth/user')).statusCode).toBe(401);

    const reused = await anonymous.request('POST', '/api/auth/reset-password', { token, newPassword: 'another one' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
    expect(
      (await anonymous.request('POST', '/api/auth/login', { username: 'rosalind', password: 'old password' })).statusCode,
    ).toBe(401);
    expect(
      (await anonymous.request('POST', '/api/auth/login', { username: 'rosalind', password: 'new password ✓' })).statusCode,
    ).toBe(200);
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const client = new TestClient(subject.app);
    const before = inbox.messages.length;
    const unknown = await client.request('POST', '/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: RESET_REQUESTED_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(inbox.messages.length).toBe(before);
  });

  it('voids an older link when a new one is requested', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('dorothy');
    await client.request('POST', '/api/auth/forgot-password', { email: 'dorothy@example.com' });
    const first = resetTokenIn((await inbox.waitFor('dorothy@example.com', 1)).text);
    await client.request('POST', '/api/auth/forgot-password', { email: 'dorothy@example.com' });
    const second = resetTokenIn((await inbox.waitFor('dorothy@example.com', 2)).text);
    expect(second).not.toBe(first);
    expect(
      (await client.request('POST', '/api/auth/reset-password', { token: first, newPassword: 'whatever1' })).statusCode,
    ).toBe(400);
    expect(
      (await client.request('POST', '/api/auth/reset-password', { token: second, newPassword: 'whatever1' })).statusCode,
    ).toBe(200);
  });

  it('rejects malformed tokens and passwords with the spec messages', async () => {
    const client = new TestClient(subject.app);
    const long = await client.request('POST', '/api/auth/reset-password', { token: 'x', newPassword: 'a'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Password must be less than 100 characters' });
    const bogus = await client.request('POST', '/api/auth/reset-password', { token: 'not-a-token', newPassword: 'abcdef' });
    expect(bogus.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
  });
});

describe('password reset links expire', () => {
  let clock = Date.now();
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let subject: AppUnderTest;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    subject = await startTestApp('pglite', { env: { SMTP_URL: inbox.url }, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await subject?.close();
    await inbox?.close();
  });

  it('after one hour', async () => {
    const client = new TestClient(subject.app);
    await client.registerAndSignIn('hedy');
    await client.request('POST', '/api/auth/forgot-password', { email: 'hedy@example.com' });
    const token = resetTokenIn((await inbox.waitFor('hedy@example.com')).text);
    clock += 60 * 60 * 1000 + 1000;
    const late = await client.request('POST', '/api/auth/reset-password', { token, newPassword: 'too late' });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
  });
});
