import type { AnalyticsDay } from '@breaker/api-contract';
import { describe, expect, it } from 'vitest';
import {
  DAILY_CHART_DAYS,
  dailyChartData,
  meetingLoadChartData,
  durationText,
  percentText,
  sittingChartData,
  sittingSummaryText,
  typeMixChartData,
  weeklyChartData,
} from './chart-data';

function day(date: string, completed: number, skipped = 0, missed = 0): AnalyticsDay {
  const planned = completed + skipped + missed;
  return { day: date, planned, completed, skipped, missed, rate: planned ? completed / planned : null, busyMinutes: 0 };
}

describe('analytics chart data', () => {
  it('writes rates as whole percentages and nothing planned as a dash', () => {
    expect(percentText(2 / 3)).toBe('67 %');
    expect(percentText(0)).toBe('0 %');
    expect(percentText(null)).toBe('–');
  });

  it('keeps the last two weeks of days, labelled by weekday and date, whatever the browser zone', () => {
    const days = Array.from({ length: 20 }, (_, index) => day(`2026-11-${String(index + 1).padStart(2, '0')}`, index % 3, 1));
    const data = dailyChartData(days);
    expect(data).toHaveLength(DAILY_CHART_DAYS);
    expect(data[0]).toEqual({ label: 'Sat 7', Taken: 0, Skipped: 1, Missed: 0 });
    expect(data.at(-1)?.label).toBe('Fri 20');
  });

  it('labels weeks by their Monday and leaves weeks without breaks empty', () => {
    expect(
      weeklyChartData([
        { weekStart: '2026-11-09', planned: 4, completed: 3, rate: 0.75 },
        { weekStart: '2026-11-16', planned: 0, completed: 0, rate: null },
      ]),
    ).toEqual([
      { label: 'Week of Nov 9', 'Completion rate': 75 },
      { label: 'Week of Nov 16', 'Completion rate': null },
    ]);
  });

  it('names break types as the library does and gives each its own colour', () => {
    const data = typeMixChartData([
      { type: 'eye-rest', planned: 3, completed: 2 },
      { type: 'walk', planned: 1, completed: 1 },
    ]);
    expect(data.map((slice) => slice.name)).toEqual(['Eye rest', 'Walk']);
    expect(new Set(data.map((slice) => slice.color)).size).toBe(2);
  });

  it('shows meeting-load bands without breaks at zero', () => {
    expect(meetingLoadChartData([{ label: 'Under 2 h', days: 0, planned: 0, completed: 0, rate: null }])).toEqual([
      { label: 'Under 2 h', 'Completion rate': 0, days: 0 },
    ]);
  });
});

describe('the sitting-stretch chart', () => {
  const stretches = [
    { day: '2026-11-16', beforeMinutes: 540, afterMinutes: 240 },
    { day: '2026-11-17', beforeMinutes: 480, afterMinutes: 125 },
  ];

  it('has one point per day, both lines in minutes', () => {
    expect(sittingChartData(stretches)).toEqual([
      { label: 'Mon 16', 'Without breaks': 540, 'With your breaks': 240 },
      { label: 'Tue 17', 'Without breaks': 480, 'With your breaks': 125 },
    ]);
  });

  it('says the same in words, averaged over the days', () => {
    expect(sittingSummaryText(stretches)).toBe(
      'Over 2 work days, your longest time sitting averaged 3 h 3 min with the breaks you took, against 8 h 30 min without them.',
    );
    expect(sittingSummaryText([])).toBe('No work day with breaks planned yet: the chart fills in as you take breaks.');
  });

  it('writes durations in hours and minutes', () => {
    expect([durationText(45), durationText(60), durationText(425)]).toEqual(['45 min', '1 h', '7 h 5 min']);
  });
});
