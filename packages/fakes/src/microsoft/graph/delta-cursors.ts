import { randomBytes } from 'node:crypto';

/** Where a paged read stands: the items still to send (event ids, or removals), and what the last page links to. */
export interface PageCursor {
  oid: string;
  generation: number;
  from: Date;
  to: Date;
  /** Event ids to send as events, or as `@removed` when they are gone or outside the window by then. */
  ids: string[];
  offset: number;
  /** The mailbox's change counter when this round began: the delta token its last page hands out. */
  seqAtStart: number;
}

/** What a delta token stands for: a window, and the change counter the client has seen everything up to. */
export interface DeltaState {
  oid: string;
  generation: number;
  from: Date;
  to: Date;
  seq: number;
}

/** A new opaque token standing for `value`. */
function issue<T>(tokens: Map<string, T>, value: T): string {
  const token = randomBytes(24).toString('base64url');
  tokens.set(token, value);
  return token;
}

/** Opaque `$skiptoken` and `$deltatoken` values, kept server-side as Graph's are opaque to clients. */
export class DeltaCursors {
  private readonly pages = new Map<string, PageCursor>();
  private readonly deltas = new Map<string, DeltaState>();

  savePage(cursor: PageCursor): string {
    return issue(this.pages, cursor);
  }

  page(token: string): PageCursor | undefined {
    return this.pages.get(token);
  }

  saveDelta(state: DeltaState): string {
    return issue(this.deltas, state);
  }

  /** Delta tokens can be replayed: the same token again reports the same changes and any newer ones. */
  delta(token: string): DeltaState | undefined {
    return this.deltas.get(token);
  }
}
