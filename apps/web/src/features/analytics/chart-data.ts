import type { AnalyticsDay, AnalyticsSummary, AnalyticsWeek, BreakOutcome } from '@breaker/api-contract';
import { activityTypeLabel } from '../library/activity-type-label';

/** The daily chart shows the last two weeks: more days than that are too thin to read on a phone. */
export const DAILY_CHART_DAYS = 14;

/** A share as a whole percentage, or a dash when nothing was planned. */
export function percentText(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)} %`;
}

/** 'Sat 7': local dates are calendar days, not instants, so they are read at noon UTC and printed in UTC. */
function dayLabel(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' }).format(noon);
  return `${weekday} ${noon.getUTCDate()}`;
}

function weekLabel(weekStart: string): string {
  const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${weekStart}T12:00:00Z`),
  );
  return `Week of ${date}`;
}

export function dailyChartData(days: readonly AnalyticsDay[]) {
  return days.slice(-DAILY_CHART_DAYS).map((day) => ({
    label: dayLabel(day.day),
    Taken: day.completed,
    Skipped: day.skipped,
    Missed: day.missed,
  }));
}

export function weeklyChartData(weeks: readonly AnalyticsWeek[]) {
  return weeks.map((week) => ({
    label: weekLabel(week.weekStart),
    'Completion rate': week.rate === null ? null : Math.round(week.rate * 100),
  }));
}

const TYPE_COLOURS = ['violet.6', 'teal.6', 'blue.6', 'orange.6', 'pink.6', 'cyan.6', 'lime.7', 'grape.6'];

export function typeMixChartData(typeMix: AnalyticsSummary['typeMix']) {
  return typeMix.map((share, index) => ({
    name: activityTypeLabel(share.type),
    value: share.planned,
    completed: share.completed,
    color: TYPE_COLOURS[index % TYPE_COLOURS.length] ?? 'gray.6',
  }));
}

export function meetingLoadChartData(bands: AnalyticsSummary['meetingLoad']) {
  return bands.map((band) => ({
    label: band.label,
    'Completion rate': band.rate === null ? 0 : Math.round(band.rate * 100),
    days: band.days,
  }));
}

export const OUTCOME_LABELS: Record<BreakOutcome, string> = {
  completed: 'Taken',
  skipped: 'Skipped',
  missed: 'Missed',
};

/** Badge colours: the spec's green and yellow, in shades whose text passes AA contrast (a green darker than Mantine's darkest; black text on the yellow). */
export const OUTCOME_COLOURS: Record<BreakOutcome, string> = {
  completed: '#2b7a3a',
  skipped: 'yellow.5',
  missed: 'gray.7',
};

/** '7 h 5 min', '45 min'. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function sittingChartData(stretches: AnalyticsSummary['sittingStretches']) {
  return stretches.map((stretch) => ({
    label: dayLabel(stretch.day),
    'Without breaks': stretch.beforeMinutes,
    'With your breaks': stretch.afterMinutes,
  }));
}

const average = (values: readonly number[]): number => Math.round(values.reduce((sum, v) => sum + v, 0) / values.length);

/** The chart in words, for everyone who does not read it from the lines. */
export function sittingSummaryText(stretches: AnalyticsSummary['sittingStretches']): string {
  if (stretches.length === 0) return 'No work day with breaks planned yet: the chart fills in as you take breaks.';
  const before = average(stretches.map((s) => s.beforeMinutes));
  const after = average(stretches.map((s) => s.afterMinutes));
  const days = stretches.length === 1 ? '1 work day' : `${stretches.length} work days`;
  return `Over ${days}, your longest time sitting averaged ${durationText(after)} with the breaks you took, against ${durationText(before)} without them.`;
}
