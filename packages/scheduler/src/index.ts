export { placeBreaks, ENGINE_VERSION } from './place-breaks.js';
export type * from './types.js';
