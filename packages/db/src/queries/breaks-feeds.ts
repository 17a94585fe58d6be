import type { Db } from '../client.js';

/** A new address replaces the old one in the same statement: only one of a user's feed addresses ever works. */
export async function replaceBreaksFeed(db: Db, userId: string, tokenHash: string): Promise<void> {
  await db
    .insertInto('breaks_feeds')
    .values({ user_id: userId, token_hash: tokenHash })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ token_hash: tokenHash, created_at: new Date() }))
    .execute();
}

export async function deleteBreaksFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('breaks_feeds').where('user_id', '=', userId).execute();
}

/** The owner of the feed whose token hashes to this, if any. */
export async function findBreaksFeedOwner(db: Db, tokenHash: string): Promise<string | undefined> {
  const row = await db.selectFrom('breaks_feeds').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.user_id;
}

export async function findBreaksFeedCreatedAt(db: Db, userId: string): Promise<Date | undefined> {
  const row = await db.selectFrom('breaks_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.created_at;
}
