/** Calendar arithmetic on "epoch days" (days since 1970-01-01), with no Date objects and no zone. */

export const MINUTES_PER_DAY = 1440;

/** The proleptic Gregorian date of an epoch day (H. Hinnant's algorithm). */
export function civilFromDays(epochDay: number): { year: number; month: number; day: number } {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** ISO weekday, 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(epochDay: number): number {
  return ((((epochDay + 3) % 7) + 7) % 7) + 1;
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** 'YYYY-MM-DD'. */
export function formatDate(epochDay: number): string {
  const { year, month, day } = civilFromDays(epochDay);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** 'HH:MM' for a minute of the day. */
export function formatClock(minuteOfDay: number): string {
  const m = ((minuteOfDay % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** 'HH:MM' (or 'H:MM') to minutes after midnight; undefined when it is not a time of day. 24:00 is allowed as an end. */
export function parseClock(text: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return undefined;
  return hours * 60 + minutes;
}

/** '90 minutes', '2 hours', '2 h 15 min'. */
export function formatSpan(minutes: number): string {
  const m = Math.round(minutes);
  if (m < 120) return `${m} minutes`;
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  return rest === 0 ? `${hours} hours` : `${hours} h ${rest} min`;
}
