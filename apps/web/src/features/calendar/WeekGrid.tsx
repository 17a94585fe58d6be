import { memo, useMemo, type CSSProperties } from 'react';
import { formatDay, type DayKey } from '../../time/day-key';
import { hourLabel, zonedMoment } from '../../time/time-zone';
import { useNow } from '../../time/use-now';
import { AllDayRow } from './AllDayRow';
import { DayColumn } from './DayColumn';
import { HOUR_HEIGHT } from './grid-metrics';
import type { WeekPlan } from './place-items';
import type { useBreakActions } from './use-break-actions';
import classes from './WeekGrid.module.css';

interface WeekGridProps {
  plan: WeekPlan;
  today: DayKey;
  timeZone: string;
  busy: boolean;
  actions: ReturnType<typeof useBreakActions>;
  onOpenBreak: (id: string) => void;
}

/** Memoised: the page around it re-renders for dialogs and notices that leave the grid as it was. */
export const WeekGrid = memo(function WeekGrid({ plan, today, timeZone, busy, actions, onOpenBreak }: WeekGridProps) {
  const now = zonedMoment(useNow(), timeZone);
  const { firstHour, lastHour } = plan;
  const hours = useMemo(
    () => Array.from({ length: lastHour - firstHour + 1 }, (_, index) => firstHour + index),
    [firstHour, lastHour],
  );
  const vars = {
    '--days': plan.days.length,
    '--min-day-width': plan.days.length > 1 ? '6.5rem' : '12rem',
    '--hour-height': `${HOUR_HEIGHT}px`,
  } as CSSProperties;

  return (
    // A region the keyboard can reach and scroll, even on a day with nothing else to focus in it.
    <div className={classes.scroller} role="region" aria-label="Meetings and breaks" tabIndex={0} aria-busy={busy}>
      <div className={classes.canvas} style={vars}>
        <div className={classes.head}>
          <div className={classes.row}>
            <div className={classes.corner} />
            {plan.days.map(({ day }) => (
              <div key={day} className={`${classes.dayHeader} ${day === today ? classes.today : ''}`}>
                <span className={classes.weekday}>{formatDay(day, { weekday: 'short' }).toUpperCase()}</span>
                <span className={classes.dayNumber} aria-current={day === today ? 'date' : undefined}>
                  {formatDay(day, { day: 'numeric' })}
                </span>
              </div>
            ))}
          </div>
          <AllDayRow days={plan.days} />
        </div>
        <div className={classes.row}>
          <div className={classes.gutter} aria-hidden>
            {hours.map((hour) => (
              <div key={hour} className={classes.hourLabel}>
                {hourLabel(hour)}
              </div>
            ))}
          </div>
          {plan.days.map((dayPlan) => (
            <DayColumn
              key={dayPlan.day}
              plan={dayPlan}
              hours={hours}
              isToday={dayPlan.day === today}
              isPast={dayPlan.day < today}
              nowMinutes={dayPlan.day === now.day ? now.minutes : undefined}
              timeZone={timeZone}
              actions={actions}
              onOpenBreak={onOpenBreak}
            />
          ))}
        </div>
      </div>
    </div>
  );
});
