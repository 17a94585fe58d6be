export { placeBreaks, ENGINE_VERSION } from './place-breaks.js';
export { startOfLocalDay } from './local-day.js';
export { RULES, EYE_REST_TYPE, MOVEMENT_TYPES, DEFAULT_WORK_DAYS } from './rules.js';
export { verifyPlacement, roomPerDay, keptSessions, type DayRoom } from './verify.js';
export { workDayFrames, type WorkDayFrame } from './work-day-frames.js';
export type * from './types.js';
export { proposeSlots, allowedStarts, slotProblem, type SlotProblem, type SlotRequest } from './slot-proposals.js';
export { chooseSlotActivity, swapOptions, type SlotNeighbours } from './slot-activity.js';
export { reminderTime, type ReminderSettings } from './reminder-time.js';
