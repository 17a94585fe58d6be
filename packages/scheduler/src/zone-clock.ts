import { FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { MINUTES_PER_DAY } from './civil.js';

/**
 * Exact local time in one IANA zone, in "epoch minutes" (minutes since 1970-01-01T00:00Z), fast enough for the
 * placement hot path. The zone rules come from the platform's tz database (through luxon's Intl-backed IANAZone);
 * the answers are memoised, which is invisible to callers: the same question always gets the same answer.
 */
export interface ZoneClock {
  /** The zone it reads: UTC for a name luxon does not know. */
  readonly zone: Zone;
  /** UTC offset in minutes at an instant. */
  offsetAt(epochMinute: number): number;
  /** The instant of a local wall time; a wall time skipped by a DST change moves forward, like luxon does. */
  toEpochMinute(epochDay: number, minuteOfDay: number): number;
  /** Local date (as an epoch day) of an instant. */
  localDay(epochMinute: number): number;
  /** Local minute of the day (0–1439) of an instant. */
  localMinuteOfDay(epochMinute: number): number;
}

/** Offsets are memoised per 15-minute slice; a slice with an offset change inside it is never memoised (exact). */
const SLICE_MINUTES = 15;
const MAX_MEMO = 50_000;

class MemoClock implements ZoneClock {
  private readonly offsets = new Map<number, number>();
  private readonly instants = new Map<number, number>();

  constructor(readonly zone: Zone) {}

  offsetAt(epochMinute: number): number {
    const slice = Math.floor(epochMinute / SLICE_MINUTES);
    const known = this.offsets.get(slice);
    if (known !== undefined) return known;
    const first = this.zone.offset(slice * SLICE_MINUTES * 60_000);
    const last = this.zone.offset(((slice + 1) * SLICE_MINUTES - 1) * 60_000);
    if (first !== last) return this.zone.offset(Math.floor(epochMinute) * 60_000);
    if (this.offsets.size >= MAX_MEMO) this.offsets.clear();
    this.offsets.set(slice, first);
    return first;
  }

  toEpochMinute(epochDay: number, minuteOfDay: number): number {
    const local = epochDay * MINUTES_PER_DAY + minuteOfDay;
    const known = this.instants.get(local);
    if (known !== undefined) return known;
    const guess = this.offsetAt(local);
    let instant = local - guess;
    const second = this.offsetAt(instant);
    if (second !== guess) {
      instant = local - second;
      const third = this.offsetAt(instant);
      if (third !== second) instant = local - Math.min(second, third);
    }
    if (this.instants.size >= MAX_MEMO) this.instants.clear();
    this.instants.set(local, instant);
    return instant;
  }

  localDay(epochMinute: number): number {
    return Math.floor((epochMinute + this.offsetAt(epochMinute)) / MINUTES_PER_DAY);
  }

  localMinuteOfDay(epochMinute: number): number {
    const local = Math.floor(epochMinute + this.offsetAt(epochMinute));
    return ((local % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  }
}

const clocks = new Map<string, ZoneClock>();

/** The clock of an IANA zone; an unknown zone name gets UTC. */
export function zoneClock(name: string): ZoneClock {
  let clock = clocks.get(name);
  if (!clock) {
    const zone: Zone = IANAZone.isValidZone(name) ? IANAZone.create(name) : FixedOffsetZone.utcInstance;
    clock = new MemoClock(zone);
    if (clocks.size >= 1000) clocks.clear();
    clocks.set(name, clock);
  }
  return clock;
}
