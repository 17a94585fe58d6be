import { z } from 'zod';
import { user } from './entities.js';

/**
 * The shapes of the REST calls' answers that are not an entity of their own. Each route of the REST table declares
 * its answer with one of these or an entity schema, and the OpenAPI document is generated from that declaration.
 */

/** Every non-ok JSON answer, 4xx and 5xx alike. */
export const errorAnswer = z.object({ message: z.string() });
export type ErrorAnswer = z.infer<typeof errorAnswer>;

export const okAnswer = z.object({ ok: z.literal(true) });
export const messageAnswer = z.object({ message: z.string() });
export const signedInAnswer = z.object({ user });
export const registeredAnswer = z.object({ id: z.string(), username: z.string() });
export const selectedActivitiesAnswer = z.object({ selectedActivities: z.array(z.string()) });
export const icsFeedConnected = z.object({ imported: z.number().int(), message: z.string() });

/** The private address of the user's breaks feed, shown once: only its hash is kept. */
export const breaksFeedAnswer = z.object({ url: z.string() });
export type BreaksFeedAnswer = z.infer<typeof breaksFeedAnswer>;

/** Whether the user has a breaks feed (its address cannot be shown again) and since when. */
export const breaksFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type BreaksFeedStatus = z.infer<typeof breaksFeedStatus>;

/** A breaks feed's token in its address; any token that opens no feed is a 404, whatever its form. */
export const breaksFeedTokenParam = z.object({ token: z.string().max(100) });
