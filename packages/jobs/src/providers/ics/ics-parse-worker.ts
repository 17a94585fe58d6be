/**
 * The task a parse thread runs (ics-pool.ts starts the threads). Errors do not cross the thread boundary with their
 * code, so refusals come back as values.
 */
import { isAppError, type ErrorCode } from '@breaker/api-contract';
import { icsEvents, type IcsEvent, type IcsOptions } from './ics-events.js';

export interface ParseTask {
  text: string;
  options: IcsOptions;
}

export type ParseResult =
  | { kind: 'events'; events: IcsEvent[] }
  | { kind: 'refused'; code: ErrorCode; message: string }
  | { kind: 'unreadable'; reason: string };

export default function parseFeed(task: ParseTask): ParseResult {
  try {
    return { kind: 'events', events: icsEvents(task.text, task.options) };
  } catch (error) {
    if (isAppError(error)) return { kind: 'refused', code: error.code, message: error.message };
    return { kind: 'unreadable', reason: error instanceof Error ? error.message : String(error) };
  }
}
