/** Pixel sizes of the week grid, shared by the layout maths and the components. */
export const HOUR_HEIGHT = 64;
export const PX_PER_MINUTE = HOUR_HEIGHT / 60;
/** A break of any length stays big enough to read and to click. */
export const MIN_BREAK_HEIGHT = 32;
export const MIN_MEETING_HEIGHT = 20;
