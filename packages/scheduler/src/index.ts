export { placeBreaks, ENGINE_VERSION } from './place-breaks.js';
export { RULES, EYE_REST_TYPE, MOVEMENT_TYPES, DEFAULT_WORK_DAYS } from './rules.js';
export { verifyPlacement, roomPerDay, workDayFrames, keptSessions, type DayRoom, type WorkDayFrame } from './verify.js';
export type * from './types.js';
