import { VALIDATION } from '@breaker/api-contract';
import type { ChangeEvent } from 'react';
import type { ZodError, ZodSafeParseResult } from 'zod';

/** The first message per top-level field, for showing under each input. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The props that tie a text input to a piece of state and the message shown under it. */
export function boundField(value: string, setValue: (value: string) => void, error: string | undefined) {
  return { value, error, onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.currentTarget.value) };
}

/**
 * A form with a password typed twice: the schema's messages, and the confirmation's when the two differ. `valid` is
 * the parsed input only when there is no message at all.
 */
export function checkPasswordForm<T>(
  parsed: ZodSafeParseResult<T>,
  password: string,
  confirmation: string,
): { errors: Record<string, string>; valid: T | undefined } {
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (confirmation !== password) errors['confirmPassword'] = VALIDATION.passwordsMatch;
  return { errors, valid: parsed.success && Object.keys(errors).length === 0 ? parsed.data : undefined };
}
