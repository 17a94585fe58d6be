import { z } from 'zod';

/** The longest text any input field takes unless it says otherwise. */
export const TEXT_MAX_LENGTH = 2048;

export const TEXT_MESSAGES = {
  nul: 'Text cannot contain NUL characters',
  surrogate: 'Text must be valid Unicode',
  tooLong: (max: number) => `Text must be at most ${max} characters`,
  required: 'This field is required',
} as const;

/** A lone UTF-16 surrogate: with the `u` flag a paired one reads as one code point, so only lone ones match. */
const LONE_SURROGATE = /\p{Cs}/u;

export const hasNul = (value: string): boolean => value.includes('\u0000');
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

export interface TextOptions {
  /** Fewest characters after trimming; 0 unless given. */
  min?: number;
  max?: number;
  /** The message for a missing or mistyped value, and for a too short one unless `tooShort` is given. */
  required?: string;
  tooShort?: string;
  /** The message for a too long value. */
  tooLong?: string;
  /** Kept exactly as typed (no trimming, no normalising): passwords, whose hashes depend on every code unit. */
  exact?: boolean;
}

/**
 * Every string the API takes: no NUL (PostgreSQL text cannot hold it), no lone surrogate (no valid UTF-8 for it),
 * bounded, and NFC-normalised and trimmed so that composed and decomposed spellings are the same value. The length
 * is checked before the work of normalising, so a huge value costs nothing. Building it has no side effects, which
 * the annotation tells the web app's bundler.
 */
/*@__NO_SIDE_EFFECTS__*/
export function text(options: TextOptions = {}) {
  const { min = 0, max = TEXT_MAX_LENGTH, exact = false } = options;
  const required = options.required ?? TEXT_MESSAGES.required;
  const tooShort = options.tooShort ?? required;
  const tooLong = options.tooLong ?? TEXT_MESSAGES.tooLong(max);
  const wellFormed = z
    .string({ error: required })
    .max(max, tooLong)
    .refine((value) => !hasNul(value), { message: TEXT_MESSAGES.nul, abort: true })
    .refine((value) => !hasLoneSurrogate(value), { message: TEXT_MESSAGES.surrogate, abort: true });
  if (exact) return wellFormed.min(min, tooShort);
  return wellFormed.transform((value) => value.normalize('NFC').trim()).pipe(z.string().min(min, tooShort).max(max, tooLong));
}
