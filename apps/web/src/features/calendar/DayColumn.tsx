import { memo, useDeferredValue, type CSSProperties } from 'react';
import { formatDay } from '../../time/day-key';
import { hourLabel, zonedInstant } from '../../time/time-zone';
import { AddBreakButton } from './AddBreakButton';
import { BreakBlock } from './BreakBlock';
import { HOUR_HEIGHT, MIN_BREAK_HEIGHT, MIN_MEETING_HEIGHT, PX_PER_MINUTE } from './grid-metrics';
import { MeetingBlock } from './MeetingBlock';
import type { DayPlan, PlacedItem } from './place-items';
import type { useBreakActions } from './use-break-actions';
import classes from './WeekGrid.module.css';

interface DayColumnProps {
  plan: DayPlan;
  hours: number[];
  isToday: boolean;
  /** A day before today: no hour of it can take a new break. */
  isPast: boolean;
  nowMinutes: number | undefined;
  timeZone: string;
  actions: ReturnType<typeof useBreakActions>;
  onOpenBreak: (id: string) => void;
}

function blockStyle(item: PlacedItem, gridStartMinute: number, gridHeight: number): CSSProperties {
  const minHeight = item.kind === 'break' ? MIN_BREAK_HEIGHT : MIN_MEETING_HEIGHT;
  const height = Math.max((item.end - item.start) * PX_PER_MINUTE, minHeight);
  const top = Math.min((item.start - gridStartMinute) * PX_PER_MINUTE, gridHeight - height);
  const width = 100 / item.columns;
  return { top, height, left: `calc(${item.column * width}% + 2px)`, width: `calc(${width}% - 4px)` };
}

/** Memoised: while a new week draws in the background, the grid shows the old one marked busy without redrawing it. */
export const DayColumn = memo(function DayColumn({
  plan,
  hours,
  isToday,
  isPast,
  nowMinutes,
  timeZone,
  actions,
  onOpenBreak,
}: DayColumnProps) {
  const gridStartMinute = (hours[0] ?? 0) * 60;
  const gridHeight = hours.length * HOUR_HEIGHT;
  const busyHours = new Set<number>();
  for (const item of plan.items) {
    for (let hour = Math.floor(item.start / 60); hour * 60 < Math.max(item.end, item.start + 1); hour += 1) busyHours.add(hour);
  }

  // The empty hours' + buttons show only on hover or focus: they follow the first paint, drawn in the background.
  const withAddButtons = useDeferredValue(true, false);
  const dayName = formatDay(plan.day, { weekday: 'long', month: 'long', day: 'numeric' });
  const hourOver = (hour: number) => isPast || (nowMinutes !== undefined && (hour + 1) * 60 <= nowMinutes);

  return (
    <div className={`${classes.dayColumn} ${isToday ? classes.todayColumn : ''}`} role="group" aria-label={dayName}>
      {hours.map((hour) => (
        <div key={hour} className={classes.slot}>
          {withAddButtons && !busyHours.has(hour) && !hourOver(hour) && (
            <AddBreakButton
              label={`Add break at ${hourLabel(hour)} on ${dayName}`}
              disabled={actions.adding}
              onAdd={() => actions.add(zonedInstant(plan.day, hour * 60, timeZone))}
            />
          )}
        </div>
      ))}
      {plan.items.map((item) => {
        const style = blockStyle(item, gridStartMinute, gridHeight);
        return item.kind === 'meeting' ? (
          <MeetingBlock key={`meeting-${item.id}`} event={item.event} timeZone={timeZone} style={style} />
        ) : (
          <BreakBlock
            key={`break-${item.id}`}
            session={item.session}
            timeZone={timeZone}
            style={style}
            actions={actions}
            onOpen={onOpenBreak}
          />
        );
      })}
      {nowMinutes !== undefined &&
        nowMinutes >= gridStartMinute &&
        nowMinutes <= gridStartMinute + gridHeight / PX_PER_MINUTE && (
          <div className={classes.nowLine} style={{ top: (nowMinutes - gridStartMinute) * PX_PER_MINUTE }} aria-hidden />
        )}
    </div>
  );
});
