import type { CalendarProvider, MeetingStatus } from '@breaker/api-contract';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string | null;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  google_subject: string | null;
  calendar_provider: CalendarProvider | null;
  is_onboarding_completed: Generated<boolean>;
  /** Moves with every change to what the user's upcoming breaks and calendar events answer (migration 0016's triggers). */
  /** A bigint: node-postgres reads it as a string, PGlite as a number; only its digits are used. */
  plan_version: ColumnType<string | number, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** `id` is the SHA-256 of the session secret: the secret itself is never stored. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  /** Opened by a development sign-in (ALLOW_DEV_LOGIN). */
  development: Generated<boolean>;
}

/** A single-sign-on account: the provider's issuer and its subject id for the person, unique together. */
export interface SignInIdentitiesTable {
  id: Generated<string>;
  user_id: string;
  issuer: string;
  subject: string;
  /** The e-mail the provider gave at the first sign-in, kept for support; the account's own e-mail is users.email. */
  email: string | null;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface PreferencesTable {
  user_id: string;
  break_frequency: number;
  work_start_time: string;
  work_end_time: string;
  selected_exercise: string | null;
  equipment: string[];
  selected_activities: string[];
  break_types: string[];
  notifications_enabled: boolean;
  calendar_booking_enabled: boolean;
  sync_cadence: string;
  calendar_view: string;
  timezone: string | null;
  work_days: number[];
  /** Minutes before a break its push reminder goes out: 0, 1 or 5. */
  reminder_lead_minutes: Generated<number>;
  /** Breaks written to the calendar carry a popup alert at their start. */
  calendar_alerts_enabled: Generated<boolean>;
  /** Breaks a day the user may skip before a skip books a replacement: 0 to 5. */
  skip_budget: Generated<number>;
  /** Which meetings besides busy ones block breaks (the contract's CHOOSABLE_BLOCKING_STATUSES). */
  blocking_statuses: Generated<string[]>;
  updated_at: UpdatedAt;
}

export interface BreakActivitiesTable {
  id: string;
  name: string;
  type: string;
  duration: number;
  difficulty: 'easy' | 'medium' | 'hard';
  equipment: string;
  summary: string;
  instructions: string[];
  sort_order: number;
}

export interface BreakSessionsTable {
  id: Generated<string>;
  user_id: string;
  activity_id: string;
  scheduled_time: Timestamp;
  duration: number;
  completed_at: Timestamp | null;
  skipped: Generated<boolean>;
  /** Placed, moved or changed by hand: re-planning keeps it while it is still to take. */
  pinned: Generated<boolean>;
  placement_reason: string | null;
  scheduling_run_id: string | null;
  /** The start time the reminder announced: a break moved since then is announced again, one never twice. */
  reminded_for: Timestamp | null;
  created_at: CreatedAt;
}

/** A browser's Web Push subscription: where to send, and the keys to encrypt for it. */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  /** The subscription's P-256 public key (base64url): public by nature. */
  p256dh: string;
  /** The subscription's auth secret, sealed like the other secrets at rest. */
  auth_encrypted: string;
  expiration_time: Timestamp | null;
  /** "Firefox on Android": read from the User-Agent when it subscribed; the header itself is not kept. */
  label: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  last_success_at: Timestamp | null;
}

export interface CalendarConnectionsTable {
  id: Generated<string>;
  user_id: string;
  provider: CalendarProvider;
  account_email: string | null;
  /** AES-GCM ciphertext; the key never touches the database. */
  refresh_token_encrypted: string | null;
  feed_url_encrypted: string | null;
  /** A CalDAV account's URL, user name and password, sealed like the refresh token. */
  credentials_encrypted: Generated<string | null>;
  scopes: string | null;
  /** 'disconnecting' from the moment a disconnect begins: no write-back starts on it any more. */
  status: Generated<'active' | 'needs_reconnection' | 'disconnecting'>;
  last_synced_at: Timestamp | null;
  /** The generation of events readers see (migration 0020): a full sync writes the next one, then switches. */
  events_generation: Generated<string | number>;
  /** When the write-back running now began; null when none runs (migration 0022). */
  write_back_since: Timestamp | null;
  created_at: CreatedAt;
}

export interface CalendarSyncStateTable {
  connection_id: string;
  calendar_id: string;
  sync_token: string | null;
  window_end: Timestamp | null;
  updated_at: UpdatedAt;
}

/** A calendar of a connection with several (CalDAV): whether its events are busy time, whether breaks go into it. */
export interface ConnectionCalendarsTable {
  connection_id: string;
  calendar_id: string;
  name: string;
  busy: boolean;
  write_target: boolean;
}

/** A break Breaker wrote into a calendar, with the ETag the server gave it. */
export interface CalendarWrittenEventsTable {
  connection_id: string;
  external_id: string;
  calendar_id: string;
  href: string;
  etag: string | null;
  start_time: Timestamp;
  end_time: Timestamp;
  summary: string;
}

export interface CalendarEventsTable {
  id: Generated<string>;
  user_id: string;
  connection_id: string;
  calendar_id: string;
  external_id: string;
  title: string;
  start_time: Timestamp;
  end_time: Timestamp;
  is_all_day: boolean;
  /** Whether it may block breaks at all: not free, declined or cancelled, and an all-day one only when busy or away. */
  blocks_time: boolean;
  /** How it shows the user's time (the contract's MEETING_STATUSES); the user's setting says which statuses block. */
  show_as: Generated<MeetingStatus>;
  /** A video call (screen time), for the planner's eye-rest rule. */
  call: Generated<boolean>;
  /** Readers see the events of their connection's `events_generation` only (migration 0020). */
  generation: Generated<string | number>;
  updated_at: UpdatedAt;
}

export interface SchedulingRunsTable {
  id: Generated<string>;
  user_id: string;
  trigger: string;
  engine_version: string;
  seed: number;
  input: unknown;
  output: unknown;
  duration_ms: number;
  created_at: CreatedAt;
}

/** The private address of a user's breaks feed: only the SHA-256 of its token is kept. */
export interface BreaksFeedsTable {
  user_id: string;
  token_hash: string;
  /** Replacing the address starts it again. */
  created_at: UpdatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_identities: SignInIdentitiesTable;
  password_reset_tokens: PasswordResetTokensTable;
  preferences: PreferencesTable;
  break_activities: BreakActivitiesTable;
  break_sessions: BreakSessionsTable;
  calendar_connections: CalendarConnectionsTable;
  calendar_sync_state: CalendarSyncStateTable;
  calendar_events: CalendarEventsTable;
  connection_calendars: ConnectionCalendarsTable;
  calendar_written_events: CalendarWrittenEventsTable;
  scheduling_runs: SchedulingRunsTable;
  breaks_feeds: BreaksFeedsTable;
  push_subscriptions: PushSubscriptionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SignInIdentityRow = Selectable<SignInIdentitiesTable>;
export type PreferencesRow = Selectable<PreferencesTable>;
export type PreferencesPatch = Updateable<PreferencesTable>;
export type BreakActivityRow = Selectable<BreakActivitiesTable>;
export type BreakSessionRow = Selectable<BreakSessionsTable>;
/** An event as readers see it: its generation is the concern of the writes that replace a connection's events. */
export type CalendarEventRow = Omit<Selectable<CalendarEventsTable>, 'generation'>;
export type SchedulingRunRow = Selectable<SchedulingRunsTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
