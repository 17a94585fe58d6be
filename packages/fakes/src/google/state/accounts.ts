import { FakeCalendar, type AccessRole } from '../calendar/fake-calendar.js';
import { isTimeZone } from '../calendar/zoned-time.js';
import type { ChangeClock } from './change-clock.js';

/** A Google account that can sign in to the fake; its primary calendar's id is its e-mail, as on Google. */
export interface FakeGoogleAccount {
  /** Google's stable user id (the id_token `sub`, userinfo `id`). */
  sub: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  picture: string;
  /** userinfo `locale`; default `en`. */
  locale?: string;
  /** The primary calendar's zone; default `UTC`. */
  timeZone?: string;
}

/** Another calendar on the account's list, e.g. a shared team calendar the user may only read. */
export interface FakeGoogleCalendar {
  id: string;
  summary: string;
  description?: string;
  timeZone?: string;
  accessRole?: AccessRole;
}

export type AccountProfile = Required<FakeGoogleAccount>;

export class AccountRecord {
  readonly calendars = new Map<string, FakeCalendar>();
  /** Raised by invalidateSyncTokens: every sync token issued under an older generation answers 410. */
  syncGeneration = 0;

  constructor(readonly profile: AccountProfile) {}

  get primary(): FakeCalendar {
    const primary = this.calendars.get(this.profile.email);
    if (!primary) throw new Error(`fake-google: ${this.profile.email} lost its primary calendar`);
    return primary;
  }

  /** Resolves a calendarId path segment; `primary` is the signed-in user's own calendar. */
  calendar(calendarId: string): FakeCalendar | undefined {
    return calendarId === 'primary' ? this.primary : this.calendars.get(calendarId);
  }
}

export class AccountDirectory {
  private readonly records = new Map<string, AccountRecord>();

  constructor(private readonly clock: ChangeClock) {}

  add(account: FakeGoogleAccount): AccountRecord {
    const timeZone = account.timeZone ?? 'UTC';
    if (!isTimeZone(timeZone)) throw new Error(`fake-google: unknown time zone ${timeZone}`);
    if (this.byEmail(account.email) || this.bySub(account.sub)) {
      throw new Error(`fake-google: an account with e-mail ${account.email} or sub ${account.sub} already exists`);
    }
    const record = new AccountRecord({ locale: 'en', ...account, timeZone });
    record.calendars.set(
      account.email,
      new FakeCalendar(
        {
          id: account.email,
          summary: account.email,
          timeZone,
          accessRole: 'owner',
          primary: true,
          colorId: '14',
          backgroundColor: '#9fe1e7',
          foregroundColor: '#000000',
          defaultReminders: [{ method: 'popup', minutes: 10 }],
        },
        Date.now(),
        this.clock.tick(),
      ),
    );
    this.records.set(account.email, record);
    return record;
  }

  addCalendar(email: string, calendar: FakeGoogleCalendar): FakeCalendar {
    const record = this.require(email);
    const timeZone = calendar.timeZone ?? record.profile.timeZone;
    if (!isTimeZone(timeZone)) throw new Error(`fake-google: unknown time zone ${timeZone}`);
    if (record.calendars.has(calendar.id)) throw new Error(`fake-google: ${email} already has calendar ${calendar.id}`);
    const added = new FakeCalendar(
      {
        ...calendar,
        timeZone,
        accessRole: calendar.accessRole ?? 'owner',
        primary: false,
        colorId: '7',
        backgroundColor: '#42d692',
        foregroundColor: '#000000',
        defaultReminders: [],
      },
      Date.now(),
      this.clock.tick(),
    );
    record.calendars.set(calendar.id, added);
    return added;
  }

  byEmail(email: string): AccountRecord | undefined {
    return this.records.get(email);
  }

  bySub(sub: string): AccountRecord | undefined {
    return [...this.records.values()].find((record) => record.profile.sub === sub);
  }

  require(email: string): AccountRecord {
    const record = this.byEmail(email);
    if (!record) throw new Error(`fake-google: no account ${email}`);
    return record;
  }

  all(): AccountRecord[] {
    return [...this.records.values()];
  }
}
