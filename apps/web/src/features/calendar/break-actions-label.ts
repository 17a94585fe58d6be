import type { BreakSession } from '@breaker/api-contract';

/** The accessible name of a break's ⋯ button, the same before and after its menu code has arrived. */
export const breakActionsLabel = (session: BreakSession): string => `Actions for ${session.activity.name}`;
