import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants.js';
import { SERVER_MESSAGES, VALIDATION } from './messages.js';

/** Passwords are taken exactly as typed: any Unicode, never trimmed. */
const password = z
  .string({ error: VALIDATION.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordMin)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.passwordMax);

/** PostgreSQL text cannot hold NUL, and no name or address needs one. */
const withoutNul = (value: string) => !value.includes('\u0000');

const email = z
  .string({ error: VALIDATION.email })
  .trim()
  .max(254, VALIDATION.email)
  .pipe(z.email(VALIDATION.email))
  .refine(withoutNul, VALIDATION.email);

export const registerInput = z.object({
  username: z
    .string({ error: VALIDATION.usernameMin })
    .trim()
    .min(USERNAME_MIN_LENGTH, VALIDATION.usernameMin)
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
    .refine(withoutNul, 'Username cannot contain control characters'),
  email,
  password,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  username: z
    .string({ error: VALIDATION.usernameRequired })
    .trim()
    .min(1, VALIDATION.usernameRequired)
    .max(USERNAME_MAX_LENGTH, SERVER_MESSAGES.invalidCredentials)
    .refine(withoutNul, SERVER_MESSAGES.invalidCredentials),
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .min(1, VALIDATION.passwordRequired)
    .max(1024, SERVER_MESSAGES.invalidCredentials),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({
  token: z.string().min(1, 'Invalid reset link. Please request a new password reset.').max(256),
  newPassword: password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const emergencyLoginInput = z.object({
  email: z.string({ error: VALIDATION.emailRequired }).trim().min(1, VALIDATION.emailRequired).pipe(email),
});
export type EmergencyLoginInput = z.infer<typeof emergencyLoginInput>;
