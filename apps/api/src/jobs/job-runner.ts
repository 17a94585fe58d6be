import type { PlaceBreaksPayload, RefreshBreaksResult } from '@breaker/api-contract';

/** How the API hands work to the job functions: through BullMQ when Redis is configured, in-process otherwise. */
export interface JobRunner {
  readonly mode: 'queue' | 'in-process';
  placeBreaks(payload: PlaceBreaksPayload): Promise<RefreshBreaksResult>;
  /** Throws while the queue backend cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
