import { useId } from 'react';
import classes from './SegmentedChoice.module.css';

interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name, for example 'Calendar view'. */
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/**
 * One of a few options side by side (Day or Week, System, Light or Dark): the app's one segmented control. Native radio
 * buttons, so arrow keys move between the options, drawn as segments; no positioning or animation code to download.
 */
export function SegmentedChoice<T extends string>({ label, value, options, onChange }: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className={classes.root} aria-label={label}>
      {options.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            className={classes.input}
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span className={classes.label}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
