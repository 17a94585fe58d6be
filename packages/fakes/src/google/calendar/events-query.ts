import { apiError, badRequest, invalidParameter, orderingNotAvailable, timeRangeEmpty } from '../google-api-errors.js';
import { EVENT_TYPES, type EventType } from './event-resource.js';
import { isTimeZone, parseRfc3339 } from './zoned-time.js';

/** The events.list parameters the fake honours, checked the way the discovery doc describes them. */
export interface EventsQuery {
  timeMin?: number;
  timeMax?: number;
  updatedMin?: number;
  singleEvents: boolean;
  orderBy?: 'startTime' | 'updated';
  maxResults: number;
  pageToken?: string;
  syncToken?: string;
  showDeleted: boolean;
  timeZone?: string;
  eventTypes?: EventType[];
  iCalUID?: string;
  q?: string;
  privateExtendedProperty: Array<[string, string]>;
  sharedExtendedProperty: Array<[string, string]>;
}

/** maxResults: "By default the value is 250 events. The page size can never be larger than 2500 events." */
const DEFAULT_PAGE_SIZE = 250;
const MAX_PAGE_SIZE = 2500;

/** "There are several query parameters that cannot be specified together with nextSyncToken" (syncToken). */
const NOT_WITH_SYNC_TOKEN = [
  'iCalUID',
  'orderBy',
  'privateExtendedProperty',
  'q',
  'sharedExtendedProperty',
  'timeMin',
  'timeMax',
  'updatedMin',
];

function booleanParam(params: URLSearchParams, name: string): boolean | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw apiError(400, {
    domain: 'global',
    reason: 'invalidParameter',
    message: `Invalid boolean value: '${value}'.`,
    locationType: 'parameter',
    location: name,
  });
}

function timeParam(params: URLSearchParams, name: string): number | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  const instant = parseRfc3339(value);
  if (instant === undefined) throw badRequest();
  // "Milliseconds may be provided but are ignored."
  return Math.floor(instant / 1000) * 1000;
}

function pageSize(params: URLSearchParams): number {
  const value = params.get('maxResults');
  if (value === null) return DEFAULT_PAGE_SIZE;
  const size = Number(value);
  if (!/^\d+$/.test(value) || size < 1) throw invalidParameter('maxResults');
  return Math.min(size, MAX_PAGE_SIZE);
}

function propertyFilters(params: URLSearchParams, name: string): Array<[string, string]> {
  return params.getAll(name).map((constraint) => {
    const separator = constraint.indexOf('=');
    if (separator < 1) throw invalidParameter(name);
    return [constraint.slice(0, separator), constraint.slice(separator + 1)];
  });
}

export function parseEventsQuery(params: URLSearchParams): EventsQuery {
  const syncToken = params.get('syncToken') ?? undefined;
  if (syncToken !== undefined) {
    const clash = NOT_WITH_SYNC_TOKEN.find((name) => params.has(name));
    if (clash) throw invalidParameter(clash);
  }
  const singleEvents = booleanParam(params, 'singleEvents') ?? false;
  const showDeleted = booleanParam(params, 'showDeleted');
  // "All events deleted since the previous list request will always be in the result set and it is not allowed to set showDeleted to False."
  if (syncToken !== undefined && showDeleted === false) throw invalidParameter('showDeleted');
  const orderBy = params.get('orderBy') ?? undefined;
  if (orderBy !== undefined && orderBy !== 'startTime' && orderBy !== 'updated') throw invalidParameter('orderBy');
  if (orderBy === 'startTime' && !singleEvents) throw orderingNotAvailable();
  const timeMin = timeParam(params, 'timeMin');
  const timeMax = timeParam(params, 'timeMax');
  if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) throw timeRangeEmpty();
  const timeZone = params.get('timeZone') ?? undefined;
  if (timeZone !== undefined && !isTimeZone(timeZone)) throw invalidParameter('timeZone');
  const eventTypes = params.getAll('eventTypes');
  const unknownType = eventTypes.find((type) => !(EVENT_TYPES as readonly string[]).includes(type));
  if (unknownType !== undefined) throw invalidParameter('eventTypes');
  return {
    timeMin,
    timeMax,
    updatedMin: timeParam(params, 'updatedMin'),
    singleEvents,
    orderBy,
    maxResults: pageSize(params),
    pageToken: params.get('pageToken') ?? undefined,
    syncToken,
    showDeleted: showDeleted ?? false,
    timeZone,
    eventTypes: eventTypes.length > 0 ? (eventTypes as EventType[]) : undefined,
    iCalUID: params.get('iCalUID') ?? undefined,
    q: params.get('q') ?? undefined,
    privateExtendedProperty: propertyFilters(params, 'privateExtendedProperty'),
    sharedExtendedProperty: propertyFilters(params, 'sharedExtendedProperty'),
  };
}
