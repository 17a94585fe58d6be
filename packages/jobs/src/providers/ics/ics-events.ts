import { AppError, type MeetingStatus } from '@breaker/api-contract';
import type { StoredEvent } from '@breaker/db';
import ICAL from 'ical.js';
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { findIana, IANA_ALIAS_MAP } from 'windows-iana';
import { mayBlock } from '../meeting-status.js';
import { mentionsVideoCall } from '../video-call.js';

/**
 * One event, or one occurrence of a recurring event, as Breaker stores it; the feed is its one calendar. `externalId`
 * is the UID for a single event, `UID_YYYYMMDD` or `UID_YYYYMMDDTHHMMSSZ` for an occurrence (the original time);
 * `blocksTime` is false for transparent / free events, all-day markers, and invitations the owner declined; `showAs`
 * says whether it is busy, tentative, away or working elsewhere, for the user's setting of which block; `call` is
 * true when its LOCATION, DESCRIPTION or URL holds a video call's join link.
 */
export type IcsEvent = Omit<StoredEvent, 'calendarId'>;

export interface IcsOptions {
  /** The window: events overlapping [from, to) are returned. */
  from: Date;
  to: Date;
  /** The user's IANA zone: floating times and all-day dates are read in it. */
  timeZone: string;
  /**
   * The calendar owner's addresses, to recognise invitations they declined. Without them, a calendar named after an
   * address (X-WR-CALNAME, as Google exports it) is taken as its owner; otherwise declines cannot be told apart.
   */
  ownerEmails?: readonly string[];
}

/** A series is expanded at most this far (occurrences), whatever its RRULE says: a daily series for 130 years. */
const MAX_OCCURRENCES = 50_000;
/**
 * Bounds on one feed's work and memory, whatever it holds: occurrences walked over all series, and events kept in the
 * window. A real 4,778-event calendar stays far below both; a feed above them is refused, not cut short silently.
 */
export const MAX_OCCURRENCES_WALKED = 200_000;
export const MAX_EVENTS_IN_WINDOW = 20_000;
const DAY_MS = 86_400_000;

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;
type IcalDuration = InstanceType<typeof ICAL.Duration>;

/**
 * iCalendar text → the events of a window, with recurrences expanded (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides),
 * times converted exactly: embedded VTIMEZONEs first, then IANA names, then Windows names (also Outlook's
 * "(UTC-05:00) Eastern Time (US & Canada)" labels), floating times in the user's zone. Cancelled events and cancelled
 * occurrences are left out. Malformed lines are repaired when the intent is clear, dropped otherwise.
 */
export function icsEvents(text: string, options: IcsOptions): IcsEvent[] {
  const calendars = parseCalendars(text);
  const context: Context = {
    from: options.from.getTime(),
    to: options.to.getTime(),
    zone: IANAZone.isValidZone(options.timeZone) ? options.timeZone : 'UTC',
    owners: new Set((options.ownerEmails ?? []).map((e) => e.trim().toLowerCase())),
    zones: new Map(),
    walked: 0,
  };
  const events: IcsEvent[] = [];
  for (const calendar of calendars) {
    if (context.owners.size === 0 && options.ownerEmails === undefined) {
      const name = String(calendar.getFirstPropertyValue('x-wr-calname') ?? '').trim();
      if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(name)) context.owners.add(name.toLowerCase());
    }
    collect(calendar, context, events);
  }
  const seen = new Map<string, number>();
  for (const event of events) {
    const count = seen.get(event.externalId) ?? 0;
    seen.set(event.externalId, count + 1);
    if (count > 0) event.externalId = `${event.externalId}~${count}`;
  }
  return events.sort((a, b) => a.start.getTime() - b.start.getTime() || a.externalId.localeCompare(b.externalId));
}

interface Context {
  from: number;
  to: number;
  zone: string;
  owners: Set<string>;
  zones: Map<string, Zone | null>;
  /** Occurrences walked so far, over every series of the feed. */
  walked: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing, with repairs
// ---------------------------------------------------------------------------------------------------------------

/** Unfolds lines (CRLF or LF, one leading space or tab), repairs or drops lines without a value. */
export function repairIcs(text: string): string {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const lines: string[] = [];
  for (const line of physical) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && lines.length > 0) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const kept: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    if (hasValueSeparator(line)) {
      kept.push(line);
      continue;
    }
    // DTSTART;TZID="W. Europe Standard Time:20200609T090000": the closing quote is misplaced.
    const repaired = line.replace(/^([^"]*="[^"]*?):([^":]*)"$/, '$1":$2');
    if (repaired !== line && hasValueSeparator(repaired)) kept.push(repaired);
  }
  return `${kept.join('\r\n')}\r\n`;
}

/** A colon outside double quotes: "NAME;PARAMS:VALUE". */
function hasValueSeparator(line: string): boolean {
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ':' && !quoted) return true;
  }
  return false;
}

function parseCalendars(text: string): IcalComponent[] {
  const repaired = repairIcs(text);
  try {
    const parsed: unknown = ICAL.parse(repaired);
    const list = Array.isArray(parsed) && Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
    return list.map((jcal) => new ICAL.Component(jcal as [string, unknown[], unknown[]]));
  } catch {
    return parseEventByEvent(repaired);
  }
}

/** When the whole file does not parse: every VEVENT on its own, with the file's VTIMEZONEs; broken ones are skipped. */
function parseEventByEvent(text: string): IcalComponent[] {
  const timezones = text.match(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/g) ?? [];
  const calendars: IcalComponent[] = [];
  for (const block of text.match(/BEGIN:VEVENT[\s\S]*?END:VEVENT\r\n/g) ?? []) {
    try {
      const jcal = ICAL.parse(`BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${timezones.join('')}${block}END:VCALENDAR\r\n`);
      calendars.push(new ICAL.Component(jcal as [string, unknown[], unknown[]]));
    } catch {
      // A VEVENT that cannot be read at all is left out.
    }
  }
  return calendars;
}

// ---------------------------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------------------------

/** Outlook's display names that name no city. */
const DISPLAY_NAMES: Record<string, string> = {
  'eastern time (us & canada)': 'America/New_York',
  'central time (us & canada)': 'America/Chicago',
  'mountain time (us & canada)': 'America/Denver',
  'pacific time (us & canada)': 'America/Los_Angeles',
  'atlantic time (canada)': 'America/Halifax',
  alaska: 'America/Anchorage',
  hawaii: 'Pacific/Honolulu',
  arizona: 'America/Phoenix',
  'coordinated universal time': 'UTC',
  'greenwich mean time': 'Europe/London',
};

let ianaCities: Map<string, string[]> | undefined;

/** Last segment of every IANA zone name and alias, "new york" → ['America/New_York']. */
function citiesIndex(): Map<string, string[]> {
  if (!ianaCities) {
    const index = new Map<string, string[]>();
    const names = [...IANA_ALIAS_MAP.flatMap((entry) => entry.alias), ...Intl.supportedValuesOf('timeZone')];
    for (const zone of names) {
      if (!IANAZone.isValidZone(zone)) continue;
      const city = zone.split('/').at(-1)!.replace(/_/g, ' ').toLowerCase();
      const zones = index.get(city) ?? [];
      if (!zones.includes(zone)) index.set(city, [...zones, zone]);
    }
    ianaCities = index;
  }
  return ianaCities;
}

function standardOffset(zone: string): number {
  const year = new Date().getUTCFullYear();
  const iana = IANAZone.create(zone);
  return Math.min(iana.offset(Date.UTC(year, 0, 1)), iana.offset(Date.UTC(year, 6, 1)));
}

/** A TZID → a zone: IANA name, Windows name, Outlook display label ("(UTC+10:00) Canberra, Melbourne, Sydney"). */
export function resolveTimeZone(tzid: string): Zone | null {
  const name = tzid.trim().replace(/^"|"$/g, '').trim();
  if (name === '') return null;
  if (IANAZone.isValidZone(name)) return IANAZone.create(name);
  const windows = findIana(name);
  if (windows.length > 0 && IANAZone.isValidZone(windows[0]!)) return IANAZone.create(windows[0]!);
  const label = /^\((?:UTC|GMT)\s*(?:([+-])(\d{1,2}):?(\d{2})?)?\)\s*(.*)$/i.exec(name);
  if (!label) return null;
  const offset = label[1] ? (label[1] === '-' ? -1 : 1) * (Number(label[2]) * 60 + Number(label[3] ?? 0)) : 0;
  const text = label[4]!.trim().toLowerCase();
  const known = DISPLAY_NAMES[text] ?? DISPLAY_NAMES[text.split(':')[0]!.trim()];
  if (known) return IANAZone.create(known);
  const cities = citiesIndex();
  for (const part of text.split(/[:,]|\band\b/)) {
    for (const zone of cities.get(part.trim()) ?? []) {
      if (standardOffset(zone) === offset) return IANAZone.create(zone);
    }
  }
  return FixedOffsetZone.instance(offset);
}

function zoneFor(tzid: string, context: Context): Zone | null {
  let zone = context.zones.get(tzid);
  if (zone === undefined) {
    zone = resolveTimeZone(tzid);
    context.zones.set(tzid, zone);
  }
  return zone;
}

/** An iCalendar time → epoch milliseconds. `tzid` is the TZID parameter it was written with, if any. */
function instant(time: IcalTime, tzid: string | undefined, context: Context): number {
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  if (time.isDate) {
    return DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone: context.zone }).toMillis();
  }
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone) {
    return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  }
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== 'floating') {
    // Defined by a VTIMEZONE in the file.
    return time.toUnixTime() * 1000;
  }
  const named = tzid ? zoneFor(tzid, context) : null;
  return DateTime.fromObject(wall, { zone: named ?? context.zone }).toMillis();
}

// ---------------------------------------------------------------------------------------------------------------
// Events and recurrences
// ---------------------------------------------------------------------------------------------------------------

function tzidOf(component: IcalComponent, name: string): string | undefined {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

function timeOf(component: IcalComponent, name: string): IcalTime | undefined {
  const value = component.getFirstPropertyValue(name);
  return value instanceof ICAL.Time ? value : undefined;
}

function text(component: IcalComponent, name: string): string {
  const value = component.getFirstPropertyValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** FNV-1a of a string, for events without a UID (OWA exports them). */
function hash(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

function uidOf(component: IcalComponent): string {
  const uid = text(component, 'uid');
  if (uid) return uid;
  const seed = ['dtstart', 'dtend', 'summary', 'rrule'].map((p) => String(component.getFirstProperty(p)?.toICALString() ?? ''));
  return `ics-${hash(seed.join('|'))}`;
}

/** The key an occurrence is known by: its local date for all-day series, its UTC instant otherwise. */
function occurrenceKey(time: IcalTime, tzid: string | undefined, allDay: boolean, context: Context): string {
  const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
  if (allDay || time.isDate) return `${pad(time.year, 4)}${pad(time.month)}${pad(time.day)}`;
  return `${new Date(instant(time, tzid, context)).toISOString().replace(/[-:]|\.\d{3}/g, '')}`;
}

interface Shape {
  component: IcalComponent;
  start: IcalTime;
  startTzid: string | undefined;
  isAllDay: boolean;
}

function shapeOf(component: IcalComponent): Shape | undefined {
  const start = timeOf(component, 'dtstart');
  if (!start) return undefined;
  return { component, start, startTzid: tzidOf(component, 'dtstart'), isAllDay: start.isDate };
}

/** The event's length, as an iCalendar duration (wall-clock days for all-day events). */
function lengthOf(shape: Shape): IcalDuration {
  const { component, start } = shape;
  const duration = component.getFirstPropertyValue('duration');
  if (duration instanceof ICAL.Duration) return duration;
  const end = timeOf(component, 'dtend');
  if (end) {
    const length = end.subtractDate(start);
    return length.isNegative ? new ICAL.Duration({}) : length;
  }
  return start.isDate ? new ICAL.Duration({ days: 1 }) : new ICAL.Duration({});
}

/** Outlook's own busy status, when the feed carries it: it says more than TRANSP and STATUS. */
const OUTLOOK_BUSY_STATUSES: Record<string, MeetingStatus> = {
  BUSY: 'busy',
  TENTATIVE: 'tentative',
  OOF: 'outOfOffice',
  WORKINGELSEWHERE: 'workingElsewhere',
  FREE: 'free',
};

/**
 * The event in Breaker's words: Outlook's X-MICROSOFT-CDO-BUSYSTATUS when present; else TRANSP:TRANSPARENT is free,
 * and STATUS:TENTATIVE or the owner's PARTSTAT=TENTATIVE is tentative; anything else is busy.
 */
function meetingStatus(component: IcalComponent, context: Context): MeetingStatus {
  const outlook = OUTLOOK_BUSY_STATUSES[text(component, 'x-microsoft-cdo-busystatus').toUpperCase()];
  if (outlook) return outlook;
  if (text(component, 'transp').toUpperCase() === 'TRANSPARENT') return 'free';
  const tentative = text(component, 'status').toUpperCase() === 'TENTATIVE' || ownerAnswer(component, context) === 'TENTATIVE';
  return tentative ? 'tentative' : 'busy';
}

/** Whether it may block breaks (the user's setting then says which statuses do; meeting-status.ts). */
function blocksTime(component: IcalComponent, isAllDay: boolean, showAs: MeetingStatus, context: Context): boolean {
  if (ownerAnswer(component, context) === 'DECLINED') return false;
  // All-day events are markers (holidays, "working from home", trips) unless Outlook's status or TRANSP:OPAQUE says
  // otherwise: iCalendar's default for them is opaque, but no calendar app means it so.
  const marked = text(component, 'x-microsoft-cdo-busystatus') !== '' || text(component, 'transp').toUpperCase() === 'OPAQUE';
  if (isAllDay && !marked) return false;
  return mayBlock(showAs, isAllDay);
}

/** The calendar owner's PARTSTAT on the event (upper case), when they are among its attendees. */
function ownerAnswer(component: IcalComponent, context: Context): string | undefined {
  if (context.owners.size === 0) return undefined;
  for (const attendee of component.getAllProperties('attendee')) {
    const address = String(attendee.getFirstValue() ?? '')
      .replace(/^mailto:/i, '')
      .trim()
      .toLowerCase();
    const email = attendee.getParameter('email');
    const owner = context.owners.has(address) || (typeof email === 'string' && context.owners.has(email.trim().toLowerCase()));
    const status = attendee.getParameter('partstat');
    if (owner && typeof status === 'string') return status.toUpperCase();
  }
  return undefined;
}

function isCancelled(component: IcalComponent): boolean {
  return text(component, 'status').toUpperCase() === 'CANCELLED';
}

/** One instance from a component's own DTSTART/DTEND (a single event or an override). */
function single(shape: Shape, externalId: string, context: Context): IcsEvent | undefined {
  const { component, start, startTzid, isAllDay } = shape;
  const startMs = instant(start, startTzid, context);
  const end = timeOf(component, 'dtend');
  let endMs: number;
  if (end && !component.hasProperty('duration')) {
    endMs = instant(end, tzidOf(component, 'dtend') ?? startTzid, context);
  } else {
    const endTime = start.clone();
    endTime.addDuration(lengthOf(shape));
    endMs = instant(endTime, startTzid, context);
  }
  return emit(component, externalId, startMs, Math.max(startMs, endMs), isAllDay, context);
}

function emit(
  component: IcalComponent,
  externalId: string,
  start: number,
  end: number,
  isAllDay: boolean,
  context: Context,
): IcsEvent | undefined {
  const inside = end > start ? end > context.from && start < context.to : start >= context.from && start < context.to;
  if (!inside || isCancelled(component)) return undefined;
  const showAs = meetingStatus(component, context);
  return {
    externalId,
    title: text(component, 'summary') || '(No title)',
    start: new Date(start),
    end: new Date(end),
    isAllDay,
    blocksTime: blocksTime(component, isAllDay, showAs, context),
    showAs,
    call: mentionsVideoCall(text(component, 'location'), text(component, 'description'), text(component, 'url')),
  };
}

/**
 * A later start for iterating a long-running DAILY or WEEKLY series without COUNT: a whole number of INTERVAL periods
 * on, ending at least two days before the window, so the occurrences in the window are the same (EXDATE, RDATE and
 * overrides are absolute and unaffected) and years of history are not walked one by one.
 */
function fastForward(master: Shape, context: Context): IcalTime | undefined {
  const rules = master.component.getAllProperties('rrule');
  if (rules.length !== 1) return undefined;
  const rule = rules[0]!.getFirstValue();
  if (!(rule instanceof ICAL.Recur) || rule.count || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) return undefined;
  const periodDays = (rule.freq === 'DAILY' ? 1 : 7) * Math.max(1, rule.interval || 1);
  const { start } = master;
  const wall = Date.UTC(start.year, start.month - 1, start.day);
  const periods = Math.floor((context.from - 3 * DAY_MS - wall) / (periodDays * DAY_MS));
  if (periods <= 0) return undefined;
  const later = start.clone();
  later.adjust(periods * periodDays, 0, 0, 0);
  return later;
}

function keep(out: IcsEvent[], event: IcsEvent | undefined): void {
  if (!event) return;
  if (out.length >= MAX_EVENTS_IN_WINDOW) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The calendar feed has more than ${MAX_EVENTS_IN_WINDOW.toLocaleString('en-US')} events in the weeks Breaker plans; it reads at most that many`,
    );
  }
  out.push(event);
}

function walkOne(context: Context): void {
  context.walked += 1;
  if (context.walked > MAX_OCCURRENCES_WALKED) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The calendar feed repeats its events too often to read (more than ${MAX_OCCURRENCES_WALKED.toLocaleString('en-US')} occurrences)`,
    );
  }
}

function collect(calendar: IcalComponent, context: Context, out: IcsEvent[]): void {
  const masters = new Map<string, Shape[]>();
  const overrides = new Map<string, { shape: Shape; recurrenceId: IcalTime; tzid: string | undefined }[]>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const shape = shapeOf(component);
    if (!shape) continue;
    const uid = uidOf(component);
    const recurrenceId = timeOf(component, 'recurrence-id');
    if (recurrenceId) {
      overrides.set(uid, [...(overrides.get(uid) ?? []), { shape, recurrenceId, tzid: tzidOf(component, 'recurrence-id') }]);
    } else {
      masters.set(uid, [...(masters.get(uid) ?? []), shape]);
    }
  }

  for (const [uid, shapes] of masters) {
    for (const master of shapes) {
      // Overrides are matched here (`moved`); left to ical.js, every master would relate every override in the
      // calendar (it does not check UIDs), which is quadratic: seconds for a few thousand events.
      const event = new ICAL.Event(master.component, { exceptions: [] });
      if (!event.isRecurring()) {
        keep(out, single(master, uid, context));
        continue;
      }
      const moved = new Set(
        (overrides.get(uid) ?? []).map((o) => occurrenceKey(o.recurrenceId, o.tzid, master.isAllDay, context)),
      );
      const length = lengthOf(master);
      const lengthMs = length.toSeconds() * 1000;
      const iterator = event.iterator(fastForward(master, context));
      for (let n = 0; n < MAX_OCCURRENCES; n += 1) {
        const occurrence = iterator.next();
        if (!occurrence) break;
        walkOne(context);
        // Wall-clock time read as UTC is within a day of the real instant: skip the exact conversion far from the window.
        const wall = Date.UTC(occurrence.year, occurrence.month - 1, occurrence.day, occurrence.hour, occurrence.minute);
        if (wall + lengthMs + 2 * DAY_MS < context.from) continue;
        if (wall - 2 * DAY_MS >= context.to) break;
        const start = instant(occurrence, master.startTzid, context);
        if (start >= context.to) break;
        const key = occurrenceKey(occurrence, master.startTzid, master.isAllDay, context);
        if (moved.has(key)) continue;
        const endTime = occurrence.clone();
        endTime.addDuration(length);
        const end = instant(endTime, master.startTzid, context);
        keep(out, emit(master.component, `${uid}_${key}`, start, Math.max(start, end), master.isAllDay, context));
      }
    }
  }

  // Overrides stand on their own times (a moved occurrence may land anywhere); a cancelled one just removes its slot.
  for (const [uid, list] of overrides) {
    const master = masters.get(uid)?.[0];
    for (const override of list) {
      const key = occurrenceKey(override.recurrenceId, override.tzid, master?.isAllDay ?? override.shape.isAllDay, context);
      keep(out, single(override.shape, `${uid}_${key}`, context));
    }
  }
}
