import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './constants.js';
import { SERVER_MESSAGES, VALIDATION } from './messages.js';
import { text } from './text.js';

/** Passwords are taken exactly as typed: any Unicode, never trimmed. */
const password = text({
  exact: true,
  min: PASSWORD_MIN_LENGTH,
  max: PASSWORD_MAX_LENGTH,
  required: VALIDATION.passwordRequired,
  tooShort: VALIDATION.passwordMin,
  tooLong: VALIDATION.passwordMax,
});

const email = z.pipe(text({ max: 254, required: VALIDATION.email, tooLong: VALIDATION.email }), z.email(VALIDATION.email));

export const registerInput = z.object({
  username: text({
    min: USERNAME_MIN_LENGTH,
    tooShort: VALIDATION.usernameMin,
    max: USERNAME_MAX_LENGTH,
    required: VALIDATION.usernameMin,
    tooLong: `Username must be at most ${USERNAME_MAX_LENGTH} characters`,
  }),
  email,
  password,
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  username: text({
    min: 1,
    max: USERNAME_MAX_LENGTH,
    required: VALIDATION.usernameRequired,
    tooLong: SERVER_MESSAGES.invalidCredentials,
  }),
  password: text({
    exact: true,
    min: 1,
    max: 1024,
    required: VALIDATION.passwordRequired,
    tooLong: SERVER_MESSAGES.invalidCredentials,
  }),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({
  token: text({ min: 1, max: 256, required: 'Invalid reset link. Please request a new password reset.' }),
  newPassword: password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const emergencyLoginInput = z.object({
  email: z.pipe(text({ min: 1, required: VALIDATION.emailRequired }), email),
});
export type EmergencyLoginInput = z.infer<typeof emergencyLoginInput>;
