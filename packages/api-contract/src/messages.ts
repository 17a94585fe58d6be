import { PRODUCT_NAME, REQUEST_JSON_MAX_DEPTH, TRPC_MAX_BATCH_SIZE } from './constants.js';

/** Validation messages of spec §5, word for word. */
export const VALIDATION = {
  breakFrequency: 'Select break frequency',
  workStartTime: 'Select work start time',
  workEndTime: 'Select work end time',
  usernameMin: 'Username must be at least 3 characters',
  email: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 6 characters',
  passwordsMatch: "Passwords don't match",
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  passwordMax: 'Password must be less than 100 characters',
  emailRequired: 'Email required',
  timezone: 'Choose a valid time zone',
  reminderLeadMinutes: 'Choose a reminder time of 0, 1 or 5 minutes before a break',
  userNotAuthenticated: 'User not authenticated',
} as const;

/** Messages the server answers with; the web app shows them as they come. */
export const SERVER_MESSAGES = {
  notSignedIn: 'You are not signed in',
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'That username is already taken',
  emailTaken: 'An account with that email already exists',
  registrationClosed:
    'Registration is closed on this server; sign in with single sign-on or ask your administrator for an account',
  foreignOrigin: 'This request came from another site and was refused',
  foreignHost: 'This server does not answer under that name',
  refreshOwnOnly: `You can only refresh your own ${PRODUCT_NAME}s...`,
  syncOwnOnly: 'You can only sync your own calendar',
  breakNotFound: 'That break was not found',
  notFound: 'Not found',
  unavailable: 'The service is temporarily unavailable, please try again shortly',
  internal: 'Something went wrong on our side, please try again',
  batchTooLarge: `A request may carry at most ${TRPC_MAX_BATCH_SIZE} calls`,
  inputNotJson: 'The input must be sent as JSON',
  bodyTooLarge: 'The request body is too large',
  bodyTooDeep: `The request body nests deeper than ${REQUEST_JSON_MAX_DEPTH} levels`,
  calendarSyncFailed: 'The calendar could not be synced; please try again shortly',
  tooManyRequests: 'Too many requests, please wait a moment and try again',
  unknownActivity: 'One or more selected activities do not exist',
  breakAlreadyTaken: 'That break is already completed or skipped',
  breakOverlaps: 'That time overlaps another of your breaks; refresh the page and choose another time',
  activityNotFound: 'That activity was not found',
  activityNotForBreak: 'That activity does not fit this break (too long, or needs equipment you do not have)',
  slotPast: 'That time has already passed; choose a later one',
  slotOutsideWorkHours: 'That time is outside your work hours',
  slotMeeting: 'That time overlaps a meeting',
  slotNearMeeting: 'That time is too close to a meeting',
  slotNearBreak: 'That time is too close to another break (they stay 30 minutes apart)',
  slotDayFull: 'That day already has all the breaks you asked for',
} as const;
