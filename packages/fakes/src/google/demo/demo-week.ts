import type { EventInput } from '../calendar/event-resource.js';
import { addDays, civilAt, formatRfc3339, instantOf, weekdayOf, type CivilDate } from '../calendar/zoned-time.js';
import type { FakeGoogleAccount } from '../state/accounts.js';

/** The people on a demo account's calendar besides its owner. */
export interface Colleagues {
  manager: { email: string; displayName: string };
  report: { email: string; displayName: string };
  team: Array<{ email: string; displayName: string }>;
}

/** The week the demo fills: the current Monday-to-Friday, or the next one when today is a weekend day. */
export function demoMonday(now: Date, timeZone: string): CivilDate {
  const today = civilAt(now.getTime(), timeZone);
  const weekday = weekdayOf(today);
  if (weekday === 6) return addDays(today, 2);
  if (weekday === 0) return addDays(today, 1);
  return addDays(today, 1 - weekday);
}

/**
 * A realistic working week for Breaker to plan breaks around, in the account's own zone: a daily standup series (one
 * instance moved, one cancelled), a weekly planning series, 1:1s, a long workshop, a declined and a tentative meeting,
 * a free "Focus" block and a day out of office.
 */
export function demoWeek(
  account: Required<Pick<FakeGoogleAccount, 'email' | 'timeZone'>>,
  colleagues: Colleagues,
  now: Date,
): EventInput[] {
  const { email, timeZone } = account;
  const monday = demoMonday(now, timeZone);
  const at = (day: number, time: string): { dateTime: string; timeZone: string } => {
    const [hour = 0, minute = 0] = time.split(':').map(Number);
    const instant = instantOf({ ...addDays(monday, day), hour, minute, second: 0 }, timeZone);
    return { dateTime: formatRfc3339(instant, timeZone), timeZone };
  };
  const me = (
    responseStatus: 'accepted' | 'declined' | 'tentative',
  ): { email: string; responseStatus: typeof responseStatus } => ({
    email,
    responseStatus,
  });
  const accepted = (person: {
    email: string;
    displayName: string;
  }): { email: string; displayName: string; responseStatus: 'accepted' } => ({
    ...person,
    responseStatus: 'accepted',
  });
  const teamLead = colleagues.team[0] ?? colleagues.manager;

  return [
    {
      id: 'standup',
      summary: 'Daily standup',
      start: at(-21, '09:30'),
      end: at(-21, '09:45'),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
      organizer: teamLead,
      attendees: [me('accepted'), ...colleagues.team.map(accepted)],
    },
    // Wednesday's standup moves earlier to make room for the workshop; Friday's is cancelled (out of office).
    {
      recurringEventId: 'standup',
      originalStartTime: at(2, '09:30'),
      summary: 'Daily standup (early)',
      start: at(2, '09:00'),
      end: at(2, '09:15'),
      organizer: teamLead,
      attendees: [me('accepted'), ...colleagues.team.map(accepted)],
    },
    { recurringEventId: 'standup', originalStartTime: at(4, '09:30'), status: 'cancelled' },
    {
      id: 'planning',
      summary: 'Weekly planning',
      start: at(-56, '14:00'),
      end: at(-56, '15:00'),
      recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO'],
      attendees: [me('accepted'), ...colleagues.team.map(accepted)],
    },
    {
      id: 'designcritique',
      summary: 'Design critique',
      start: at(0, '16:00'),
      end: at(0, '17:00'),
      organizer: teamLead,
      attendees: [me('tentative'), accepted(teamLead)],
    },
    {
      id: 'oneononemanager',
      summary: `1:1 ${colleagues.manager.displayName}`,
      start: at(1, '11:00'),
      end: at(1, '11:30'),
      organizer: colleagues.manager,
      attendees: [me('accepted'), accepted(colleagues.manager)],
    },
    { id: 'focusblock', summary: 'Focus', start: at(1, '14:00'), end: at(1, '16:00'), transparency: 'transparent' },
    {
      id: 'productsession',
      summary: 'Product discovery workshop',
      location: 'Room 4.12',
      start: at(2, '10:00'),
      end: at(2, '13:30'),
      attendees: [me('accepted'), ...colleagues.team.map(accepted)],
    },
    {
      id: 'vendordemo',
      summary: 'Vendor demo',
      start: at(3, '10:00'),
      end: at(3, '11:00'),
      organizer: { email: 'sales@vendor.example', displayName: 'Vendor Sales' },
      attendees: [me('declined'), { email: 'sales@vendor.example', displayName: 'Vendor Sales', responseStatus: 'accepted' }],
    },
    {
      id: 'oneononereport',
      summary: `1:1 ${colleagues.report.displayName}`,
      start: at(3, '15:00'),
      end: at(3, '15:30'),
      attendees: [me('accepted'), accepted(colleagues.report)],
    },
    // Google refuses date-only out-of-office events; an all-day one is stored from local midnight to midnight.
    {
      id: 'outofoffice',
      summary: 'Out of office',
      eventType: 'outOfOffice',
      start: at(4, '00:00'),
      end: at(5, '00:00'),
      outOfOfficeProperties: { autoDeclineMode: 'declineOnlyNewConflictingInvitations', declineMessage: 'Out of office today.' },
    },
  ];
}
