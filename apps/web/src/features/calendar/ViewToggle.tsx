import { useId } from 'react';
import type { CalendarView } from './calendar-view';
import classes from './ViewToggle.module.css';

const VIEWS: readonly { value: CalendarView; label: string }[] = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
];

/** Day or week: native radio buttons (arrow keys move between them), drawn as a segmented control. */
export function ViewToggle({ view, onChange }: { view: CalendarView; onChange: (view: CalendarView) => void }) {
  const name = useId();
  return (
    <fieldset className={classes.root} aria-label="Calendar view">
      {VIEWS.map(({ value, label }) => (
        <label key={value} className={classes.option}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={value}
            checked={view === value}
            onChange={() => onChange(value)}
          />
          <span className={classes.label}>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
