import { hash } from 'node:crypto';
import type { Db } from './client.js';
import { catalogueActivities } from './catalogue/activities.js';
import { upsertActivities } from './queries/activities.js';

/** Idempotent: the catalogue is upserted by its stable slugs on every start. */
export async function seedCatalogue(db: Db): Promise<number> {
  await upsertActivities(
    db,
    catalogueActivities.map((activity, index) => ({
      id: activity.slug,
      name: activity.name,
      type: activity.type,
      duration: activity.duration,
      difficulty: activity.difficulty,
      equipment: activity.equipment,
      summary: activity.summary,
      instructions: [...activity.steps],
      sort_order: index,
    })),
  );
  return catalogueActivities.length;
}

/**
 * The catalogue this process seeds, as a short digest: answers that show activities change with it, and it changes
 * only with a release, so an ETag carrying it is new after an upgrade that changed an activity.
 */
export const catalogueDigest: string = hash('sha1', JSON.stringify(catalogueActivities), 'base64url');
