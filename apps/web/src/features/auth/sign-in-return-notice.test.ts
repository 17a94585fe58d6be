import { describe, expect, it } from 'vitest';
import { signInReturnNotice } from './sign-in-return-notice';

describe('signInReturnNotice', () => {
  it('explains an e-mail address that already has a password account', () => {
    expect(signInReturnNotice({ error: 'google_email_in_use' })).toEqual({
      title: 'Google sign-in failed',
      message: 'An account with this email already exists. Sign in with your password.',
    });
  });

  it('gives a Microsoft sign-in the same refusal with its own name', () => {
    expect(signInReturnNotice({ error: 'microsoft_email_in_use' })).toEqual({
      title: 'Microsoft sign-in failed',
      message: 'An account with this email already exists. Sign in with your password.',
    });
    expect(signInReturnNotice({ error: 'microsoft_failed' })?.message).toBe(
      'Microsoft sign-in did not complete. Please try again.',
    );
  });

  it('asks to try again when the round trip failed', () => {
    expect(signInReturnNotice({ error: 'google_failed' })?.message).toBe('Google sign-in did not complete. Please try again.');
  });

  it('words how a single sign-on came back', () => {
    expect(signInReturnNotice({ error: 'oidc_email_in_use' })).toEqual({
      title: 'Single sign-on failed',
      message: 'An account with this email already exists. Sign in the way you did before.',
    });
    expect(signInReturnNotice({ error: 'oidc_unavailable' })?.message).toBe(
      'The sign-on provider could not be reached. Please try again later.',
    );
    expect(signInReturnNotice({ error: 'oidc_failed' })?.title).toBe('Single sign-on failed');
  });

  it('says nothing without an error or for an unknown one', () => {
    expect(signInReturnNotice({})).toBeUndefined();
    expect(signInReturnNotice({ error: 'toString' })).toBeUndefined();
    expect(signInReturnNotice({ error: 'google_not_configured' })).toBeUndefined();
  });
});
