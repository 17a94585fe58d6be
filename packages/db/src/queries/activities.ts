import type { Db } from '../client.js';
import type { BreakActivityRow } from '../schema.js';

export function listActivities(db: Db): Promise<BreakActivityRow[]> {
  return db.selectFrom('break_activities').selectAll().orderBy('sort_order').execute();
}

const catalogues = new WeakMap<Db, Promise<ReadonlyMap<string, BreakActivityRow>>>();

/**
 * The activity catalogue by id, read once per process and database instead of once per request: it changes only when
 * a process seeds it at start. Asking for an id it does not know (a newer process seeded more) reads it again.
 * `via` reads it inside a transaction the caller holds (the embedded database has a single connection).
 */
export async function catalogueById(
  db: Db,
  needed: Iterable<string> = [],
  via: Db = db,
): Promise<ReadonlyMap<string, BreakActivityRow>> {
  const read = (): Promise<ReadonlyMap<string, BreakActivityRow>> => {
    const reading = listActivities(via).then((rows) => new Map(rows.map((row) => [row.id, row])));
    catalogues.set(db, reading);
    reading.catch(() => catalogues.delete(db));
    return reading;
  };
  const cached = await (catalogues.get(db) ?? read());
  for (const id of needed) if (!cached.has(id)) return read();
  return cached;
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
