import type { Db } from '../client.js';

/** A new request voids every older link of that user. */
export async function replacePasswordResetToken(db: Db, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
      .execute();
  });
}

/** Single use: the token is deleted in the same statement that reads it, so two requests cannot both use it. */
export async function consumePasswordResetToken(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const row = await db
    .deleteFrom('password_reset_tokens')
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row ? { userId: row.user_id, expiresAt: row.expires_at } : undefined;
}

/** Links past their hour: used ones are already gone (consuming deletes), so these are all that linger. */
export async function deleteExpiredPasswordResetTokens(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
