/** The spec's business constants (§9), in one place for the server, the worker and the web app. */

export const PRODUCT_NAME = 'Breaker';

/** Breaks are planned for the 6 days starting today. */
export const SCHEDULING_HORIZON_DAYS = 6;

export const BREAKS_PER_DAY_OPTIONS = [3, 4, 5, 6] as const;
/** A stored value outside the options is shown, and planned, as 5. */
export const BREAKS_PER_DAY_FALLBACK = 5;

export const WORK_START_OPTIONS = ['07:00', '08:00', '09:00', '10:00'] as const;
export const WORK_END_OPTIONS = ['16:00', '17:00', '18:00', '19:00'] as const;

/** How often a connected calendar is read again (SYNC_CADENCE_MS gives each one's period). */
export const SYNC_CADENCE_OPTIONS = ['hourly', 'every-4-hours', 'daily'] as const;
export type SyncCadence = (typeof SYNC_CADENCE_OPTIONS)[number];

/** ISO weekday numbers (1 = Monday … 7 = Sunday); breaks land on work days only. */
export const DEFAULT_WORK_DAYS = [1, 2, 3, 4, 5] as const;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 100;
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

export const DEFAULT_PREFERENCES = {
  breakFrequency: 3,
  workStartTime: '08:00',
  workEndTime: '17:00',
  selectedExercise: 'stretch',
  equipment: ['none'],
  selectedActivities: [] as string[],
  breakTypes: [] as string[],
  notificationsEnabled: true,
  calendarBookingEnabled: true,
  syncCadence: 'hourly',
  calendarView: 'week',
  timezone: null as string | null,
  workDays: [...DEFAULT_WORK_DAYS] as number[],
  reminderLeadMinutes: 1,
  calendarAlertsEnabled: true,
  skipBudget: 1,
  /** Tentative meetings and time out of office block breaks; working elsewhere does not. */
  blockingStatuses: ['tentative', 'outOfOffice'] as string[],
} as const;

/** Breaks a day a user may skip before a skip books a replacement: the setting's range. */
export const SKIP_BUDGET_MIN = 0;
export const SKIP_BUDGET_MAX = 5;

export const CALENDAR_GRID_FIRST_HOUR = 8;
export const CALENDAR_GRID_LAST_HOUR = 19;
export const ALL_DAY_PALETTE_SIZE = 7;
export const LIBRARY_SKELETON_CARDS = 6;

export const TIMINGS = {
  resetRedirectMs: 3000,
  emergencyRedirectMs: 1000,
  settingsSuccessMs: 3000,
  testModeLoginWaitMs: 100,
  toastDurationMs: 5000,
  toastLimit: 1,
  tooltipOpenDelayMs: 700,
  tooltipSkipDelayMs: 300,
} as const;

/** Header the web app sends on every call while the page URL carries test=true. */
export const TEST_MODE_HEADER = 'x-test-mode';

/**
 * The most tRPC calls one request may carry. The web app batches at most this many, and the server refuses more, so
 * one request cannot make the server read the database and serialise answers without end.
 */
export const TRPC_MAX_BATCH_SIZE = 10;

/**
 * The largest request body: a signed-in user's (preferences, activities) and a signed-out caller's (sign-in, sign-up,
 * password reset, a provider's form post). A signed-out caller is anyone, so it gets the smaller bound.
 */
export const REQUEST_BODY_LIMIT_BYTES = { signedIn: 64 * 1024, signedOut: 16 * 1024 } as const;

/** The deepest JSON a request may nest: every input the API takes is a few levels deep, tRPC's batch wrapper included. */
export const REQUEST_JSON_MAX_DEPTH = 32;
