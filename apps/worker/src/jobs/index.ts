export type { JobDeps } from './job-deps.js';
export { runPlaceBreaks } from './place-breaks.js';
