import { randomBytes } from 'node:crypto';

/**
 * Page and sync tokens for list methods. Both are opaque handles to state kept here, shaped like Google's (base64,
 * often ending in `=`), so a client that forgets to URL-encode them breaks here as it would against Google.
 */

/** What a sync token stands for: "this list, as of this ChangeClock value, in this sync generation". */
export interface Checkpoint {
  scope: string;
  changeSeq: number;
  generation: number;
}

/** A result computed on the first page and served page by page, so changes between pages cannot shift it. */
export interface ResultSnapshot {
  scope: string;
  items: readonly unknown[];
  checkpoint: Checkpoint;
}

export interface Page {
  items: readonly unknown[];
  nextPageToken?: string;
}

const opaqueToken = (): string => randomBytes(25).toString('base64');

export class ListCursors {
  private readonly checkpoints = new Map<string, Checkpoint>();
  private readonly remainders = new Map<string, ResultSnapshot>();

  issueSyncToken(checkpoint: Checkpoint): string {
    const token = opaqueToken();
    this.checkpoints.set(token, checkpoint);
    return token;
  }

  readSyncToken(token: string): Checkpoint | undefined {
    return this.checkpoints.get(token);
  }

  /** The first `size` items; the rest stays behind a page token. */
  takePage(snapshot: ResultSnapshot, size: number): Page {
    if (snapshot.items.length <= size) return { items: snapshot.items };
    const nextPageToken = opaqueToken();
    this.remainders.set(nextPageToken, { ...snapshot, items: snapshot.items.slice(size) });
    return { items: snapshot.items.slice(0, size), nextPageToken };
  }

  /** The rest of a result, if the token was issued for this same list. */
  resume(pageToken: string, scope: string): ResultSnapshot | undefined {
    const snapshot = this.remainders.get(pageToken);
    return snapshot?.scope === scope ? snapshot : undefined;
  }
}
