import { route, type Exchange, type Route } from '../../http/router.js';
import type { FakeState } from '../fake-state.js';
import { readText, sendJson, sendNoContent } from '../http/respond.js';
import type { Mailbox, StoredEvent } from '../state/mailbox.js';
import { applyInput, renderEvent, type EventInput } from './event-resource.js';
import { invalidRequest, itemNotFound } from './graph-errors.js';
import { caller, GRAPH_VERSION, responseZone } from './graph-request.js';

const WRITE_SCOPES = ['Calendars.ReadWrite'];
const READ_SCOPES = ['Calendars.Read', 'Calendars.ReadWrite'];

async function eventBody(exchange: Exchange): Promise<EventInput> {
  const text = await readText(exchange.request);
  try {
    return JSON.parse(text) as EventInput;
  } catch {
    throw invalidRequest(
      'Unable to read JSON request payload. Please ensure Content-Type header is set and payload is of valid JSON format.',
    );
  }
}

/** Creates an event, or (a seed with a known id) replaces it. */
export function createEvent(mailbox: Mailbox, input: EventInput, now: Date): StoredEvent {
  const existing = input.id === undefined ? undefined : mailbox.live(input.id);
  return mailbox.save(
    {
      id: input.id ?? mailbox.newId(),
      createdDateTime: existing?.createdDateTime ?? now,
      ...applyInput(input, existing),
    },
    now,
  );
}

/**
 * `POST /v1.0/me/events` (and `/me/calendar/events`): 201 with the event. A `transactionId` the mailbox already holds on
 * a live event creates nothing and answers that event: what the property is for, though Graph's pages do not say
 * which status such a retry gets (the fake sends 201 again).
 */
function create(state: FakeState, path: string): Route {
  return route('POST', path, async (exchange) => {
    const { mailbox } = caller(state, exchange, WRITE_SCOPES);
    const input = await eventBody(exchange);
    if ('id' in input) throw invalidRequest("The property 'id' is read-only and cannot be set.");
    const repeated =
      input.transactionId === undefined
        ? undefined
        : mailbox.liveEvents().find((event) => event.transactionId === input.transactionId);
    const event = repeated ?? createEvent(mailbox, input, new Date());
    sendJson(exchange.response, 201, renderEvent(event, responseZone(exchange)));
  });
}

const EVENT_PATHS = [`${GRAPH_VERSION}/me/events/:eventId`, `${GRAPH_VERSION}/me/calendar/events/:eventId`];

function eventRoutes(state: FakeState, path: string): Route[] {
  const find = (mailbox: Mailbox, exchange: Exchange): StoredEvent => {
    const event = mailbox.live(exchange.params['eventId'] ?? '');
    if (!event) throw itemNotFound();
    return event;
  };
  return [
    route('GET', path, (exchange) => {
      const { mailbox } = caller(state, exchange, READ_SCOPES);
      sendJson(exchange.response, 200, renderEvent(find(mailbox, exchange), responseZone(exchange)));
    }),
    route('PATCH', path, async (exchange) => {
      const { mailbox } = caller(state, exchange, WRITE_SCOPES);
      const current = find(mailbox, exchange);
      const input = await eventBody(exchange);
      const updated = mailbox.save({ ...current, ...applyInput(input, current) }, new Date());
      sendJson(exchange.response, 200, renderEvent(updated, responseZone(exchange)));
    }),
    route('DELETE', path, (exchange) => {
      const { mailbox } = caller(state, exchange, WRITE_SCOPES);
      mailbox.remove(find(mailbox, exchange).id, new Date());
      sendNoContent(exchange.response);
    }),
  ];
}

export function eventsRoutes(state: FakeState): Route[] {
  return [
    create(state, `${GRAPH_VERSION}/me/events`),
    create(state, `${GRAPH_VERSION}/me/calendar/events`),
    ...EVENT_PATHS.flatMap((path) => eventRoutes(state, path)),
  ];
}
