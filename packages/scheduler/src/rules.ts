/** Bumped whenever the same input may give a different plan: replay compares it with the recorded one. */
export const ENGINE_VERSION = 'sitting-stretch-3.1.0';

/** Every rule's constant, in minutes (see README.md for what each one does). */
export const RULES = {
  /** A new break starts at least this long after `now`. */
  leadTimeMinutes: 5,
  /** Room left after a meeting ends, when the gap allows. */
  bufferAfterMeetingMinutes: 5,
  /** Room left before the next meeting starts, when the gap allows. */
  bufferBeforeMeetingMinutes: 2,
  /** In a gap too tight for the full buffers, each side next to a meeting still keeps this much. */
  minimumBufferMinutes: 1,
  /** From the end of one break to the start of the next (kept sessions included). */
  minimumSpacingMinutes: 30,
  /** Meetings with gaps shorter than this between them are back to back (one run). */
  backToBackGapMinutes: 5,
  /** A run of back-to-back meetings this long earns a break in the first gap after it that can hold one. */
  backToBackRunMinutes: 60,
  /** Where the first free moment after a run would stretch the day past rule 1's bound, its break may come this late. */
  recoveryWithinMinutes: 20,
  /** This many minutes of video calls since the last break make the next break an eye rest. */
  callMinutesForEyeRest: 45,
  /** Local minute of the day before which the morning's break falls (12:00). */
  noonMinuteOfDay: 720,
  /** This long since the last break (or the start of work) makes it a movement break. */
  longSittingMinutes: 120,
  /** Slot proposals for a break placed by hand step on this grid (local time); the planner uses whole minutes. */
  gridMinutes: 5,
} as const;

export const EYE_REST_TYPE = 'eye-rest';
/** Types that get the user out of the chair. */
export const MOVEMENT_TYPES: readonly string[] = ['walk', 'exercise', 'stretch'];
export const DEFAULT_WORK_DAYS: readonly number[] = [1, 2, 3, 4, 5];
