import type { Migration } from 'kysely';
import * as initial from './2026-11-22T0001-initial.js';
import * as syncWindow from './2026-11-22T0002-sync-window.js';
import * as pinnedBreaks from './2026-11-22T0003-pinned-breaks.js';
import * as normalisedNamesAndUsableZones from './2026-11-25T0004-normalised-names-and-usable-zones.js';
import * as breaksNeverOverlap from './2026-11-25T0005-breaks-never-overlap.js';
import * as developmentSessions from './2026-11-25T0006-development-sessions.js';
import * as pushSubscriptions from './2026-11-26T0007-push-subscriptions.js';
import * as caldav from './2026-11-26T0008-caldav.js';
import * as signInIdentities from './2026-11-26T0010-sign-in-identities.js';
import * as breaksFeed from './2026-11-26T0011-breaks-feed.js';
import * as meetingCalls from './2026-11-26T0012-meeting-calls.js';
import * as skipBudget from './2026-11-26T0013-skip-budget.js';
import * as planVersion from './2026-11-26T0016-plan-version.js';
import * as meetingStatuses from './2026-11-26T0017-meeting-statuses.js';
import * as eventGenerations from './2026-11-26T0020-event-generations.js';
import * as userChangeNotices from './2026-11-26T0021-user-change-notices.js';
import * as oneCalendarWriter from './2026-11-26T0022-one-calendar-writer.js';
import * as noUserChangeNotices from './2026-11-27T0023-no-user-change-notices.js';
import * as planVersionFollowsPlanning from './2026-11-28T0024-plan-version-follows-planning.js';
import * as reminderSweepPages from './2026-12-07T0025-reminder-sweep-pages.js';

/** Listed statically so the compiled and the source builds find the same migrations, in order. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-initial': initial,
  '2026-11-22T0002-sync-window': syncWindow,
  '2026-11-22T0003-pinned-breaks': pinnedBreaks,
  '2026-11-25T0004-normalised-names-and-usable-zones': normalisedNamesAndUsableZones,
  '2026-11-25T0005-breaks-never-overlap': breaksNeverOverlap,
  '2026-11-25T0006-development-sessions': developmentSessions,
  '2026-11-26T0007-push-subscriptions': pushSubscriptions,
  '2026-11-26T0008-caldav': caldav,
  '2026-11-26T0010-sign-in-identities': signInIdentities,
  '2026-11-26T0011-breaks-feed': breaksFeed,
  '2026-11-26T0012-meeting-calls': meetingCalls,
  '2026-11-26T0013-skip-budget': skipBudget,
  '2026-11-26T0016-plan-version': planVersion,
  '2026-11-26T0017-meeting-statuses': meetingStatuses,
  '2026-11-26T0020-event-generations': eventGenerations,
  '2026-11-26T0021-user-change-notices': userChangeNotices,
  '2026-11-26T0022-one-calendar-writer': oneCalendarWriter,
  '2026-11-27T0023-no-user-change-notices': noUserChangeNotices,
  '2026-11-28T0024-plan-version-follows-planning': planVersionFollowsPlanning,
  '2026-12-07T0025-reminder-sweep-pages': reminderSweepPages,
};
