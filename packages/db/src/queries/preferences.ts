import type { Db } from '../client.js';
import type { PreferencesPatch, PreferencesRow } from '../schema.js';

export function findPreferences(db: Db, userId: string): Promise<PreferencesRow | undefined> {
  return db.selectFrom('preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function updatePreferences(db: Db, userId: string, patch: PreferencesPatch): Promise<PreferencesRow> {
  return db
    .updateTable('preferences')
    .set({ ...patch, updated_at: new Date() })
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
