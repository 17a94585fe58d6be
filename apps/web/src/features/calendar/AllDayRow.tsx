import type { CSSProperties } from 'react';
import { allDayColor } from './all-day-palette';
import type { DayPlan } from './place-items';
import classes from './WeekGrid.module.css';

export function AllDayRow({ days }: { days: DayPlan[] }) {
  return (
    <div className={classes.row}>
      <div className={`${classes.corner} ${classes.allDayLabel}`}>All day</div>
      {days.map(({ day, allDay }) => (
        <div key={day} className={classes.allDayCell}>
          {allDay.map((event) => {
            const color = allDayColor(event.id);
            const style = {
              '--all-day-light': `var(--mantine-color-${color}-1)`,
              '--all-day-accent': `var(--mantine-color-${color}-6)`,
            } as CSSProperties;
            return (
              <div key={event.id} className={classes.allDayEvent} style={style} title={event.title}>
                {event.title || 'Busy'}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
