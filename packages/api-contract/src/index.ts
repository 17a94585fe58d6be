export * from './constants.js';
export * from './messages.js';
export * from './errors.js';
export * from './auth.js';
export * from './preferences.js';
export * from './entities.js';
export * from './breaks.js';
export * from './jobs.js';
