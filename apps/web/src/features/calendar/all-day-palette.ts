import { ALL_DAY_PALETTE_SIZE } from '@breaker/api-contract';

/** Colours kept apart from the break statuses (violet, green, yellow) and meetings (grey). */
const PALETTE = ['blue', 'teal', 'orange', 'pink', 'cyan', 'grape', 'indigo'] as const;

function hash(text: string): number {
  let value = 0;
  for (let index = 0; index < text.length; index += 1) value = (value * 31 + text.charCodeAt(index)) >>> 0;
  return value;
}

/** A stable palette colour per event id. */
export function allDayColor(eventId: string): (typeof PALETTE)[number] {
  return PALETTE[hash(eventId) % ALL_DAY_PALETTE_SIZE] ?? PALETTE[0];
}
