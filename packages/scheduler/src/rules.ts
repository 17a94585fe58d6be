/** Bumped whenever the same input may give a different plan: replay compares it with the recorded one. */
export const ENGINE_VERSION = 'gap-spread-2.0.0';

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
  /** How far a break may move from its ideal time before the nearest slot further away is taken. */
  flexWindowMinutes: 45,
  /** A run of meetings this long without a usable gap earns a break in the first gap after it. */
  backToBackRunMinutes: 90,
  /** …if that gap's first free moment comes within this long of the run's end. */
  afterRunWithinMinutes: 30,
  /** A meeting run at least this long just before a break makes it an eye rest. */
  longMeetingMinutes: 60,
  /** This long since the last break (or the start of work) makes it a movement break. */
  longSittingMinutes: 120,
  /** Breaks start on this grid (local time) when the slot allows, else on a whole minute. */
  gridMinutes: 5,
} as const;

export const EYE_REST_TYPE = 'eye-rest';
/** Types that get the user out of the chair. */
export const MOVEMENT_TYPES: readonly string[] = ['walk', 'exercise', 'stretch'];
export const DEFAULT_WORK_DAYS: readonly number[] = [1, 2, 3, 4, 5];
