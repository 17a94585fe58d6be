import type { Db } from '../client.js';
import type { BreakActivityRow } from '../schema.js';

export function listActivities(db: Db): Promise<BreakActivityRow[]> {
  return db.selectFrom('break_activities').selectAll().orderBy('sort_order').execute();
}

export async function findMissingActivityIds(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('break_activities').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function upsertActivities(db: Db, activities: readonly BreakActivityRow[]): Promise<void> {
  if (activities.length === 0) return;
  await db
    .insertInto('break_activities')
    .values([...activities])
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        type: eb.ref('excluded.type'),
        duration: eb.ref('excluded.duration'),
        difficulty: eb.ref('excluded.difficulty'),
        equipment: eb.ref('excluded.equipment'),
        summary: eb.ref('excluded.summary'),
        instructions: eb.ref('excluded.instructions'),
        sort_order: eb.ref('excluded.sort_order'),
      })),
    )
    .execute();
}
