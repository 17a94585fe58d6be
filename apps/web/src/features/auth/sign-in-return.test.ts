import { describe, expect, it } from 'vitest';
import { signInReturnSearch } from './sign-in-return';

describe('signInReturnSearch', () => {
  it('keeps a text error and drops anything else', () => {
    expect(signInReturnSearch({ error: 'google_failed', other: 'x' })).toEqual({ error: 'google_failed' });
    expect(signInReturnSearch({ error: 3 })).toEqual({});
    expect(signInReturnSearch({})).toEqual({});
  });
});
