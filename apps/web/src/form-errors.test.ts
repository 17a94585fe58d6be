import { registerInput, VALIDATION } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import { checkPasswordForm } from './form-errors';

const form = { username: 'ada', email: 'ada@example.com', password: 'secret1' };

describe('a form with a password typed twice', () => {
  it('is valid only when the schema accepts it and the two passwords match', () => {
    const checked = checkPasswordForm(registerInput.safeParse(form), form.password, form.password);
    expect(checked).toEqual({ errors: {}, valid: registerInput.parse(form) });
  });

  it('says when the confirmation differs, beside the schema’s own messages', () => {
    const mismatch = checkPasswordForm(registerInput.safeParse(form), form.password, 'secret2');
    expect(mismatch).toEqual({ errors: { confirmPassword: VALIDATION.passwordsMatch }, valid: undefined });
    const both = checkPasswordForm(registerInput.safeParse({ ...form, username: '' }), form.password, 'other');
    expect(both.valid).toBeUndefined();
    expect(Object.keys(both.errors).sort()).toEqual(['confirmPassword', 'username']);
  });
});
