import { addDays, formatDay, startOfWeek, type DayKey } from '../../time/day-key';

export type CalendarView = 'week' | 'day';

export function visibleDays(view: CalendarView, anchor: DayKey): DayKey[] {
  if (view === 'day') return [anchor];
  const monday = startOfWeek(anchor);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** Week view: month and year (both months when the week spans two); day view: the full date. */
export function viewHeading(view: CalendarView, days: DayKey[]): string {
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? first;
  if (view === 'day') return formatDay(first, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const firstMonth = formatDay(first, { month: 'long' });
  const lastMonth = formatDay(last, { month: 'long' });
  const firstYear = formatDay(first, { year: 'numeric' });
  const lastYear = formatDay(last, { year: 'numeric' });
  if (firstYear !== lastYear) return `${firstMonth} ${firstYear} – ${lastMonth} ${lastYear}`;
  if (firstMonth !== lastMonth) return `${firstMonth} – ${lastMonth} ${lastYear}`;
  return `${firstMonth} ${firstYear}`;
}
