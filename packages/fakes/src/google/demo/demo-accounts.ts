import type { FakeGoogleAccount } from '../state/accounts.js';
import type { Colleagues } from './demo-week.js';

/** The demo's two Google accounts, in different zones so time handling shows, each with the people on its calendar. */
export const DEMO_ACCOUNTS: Array<{ account: Required<FakeGoogleAccount>; colleagues: Colleagues }> = [
  {
    account: {
      sub: '110000000000000000001',
      email: 'alex.morgan@example.com',
      name: 'Alex Morgan',
      givenName: 'Alex',
      familyName: 'Morgan',
      picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
      locale: 'en',
      timeZone: 'Europe/Berlin',
    },
    colleagues: {
      manager: { email: 'priya.shah@example.com', displayName: 'Priya Shah' },
      report: { email: 'jonas.weber@example.com', displayName: 'Jonas Weber' },
      team: [
        { email: 'lena.fischer@example.com', displayName: 'Lena Fischer' },
        { email: 'jonas.weber@example.com', displayName: 'Jonas Weber' },
      ],
    },
  },
  {
    account: {
      sub: '110000000000000000002',
      email: 'sam.patel@example.com',
      name: 'Sam Patel',
      givenName: 'Sam',
      familyName: 'Patel',
      picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
      locale: 'en',
      timeZone: 'America/New_York',
    },
    colleagues: {
      manager: { email: 'maria.garcia@example.com', displayName: 'Maria Garcia' },
      report: { email: 'kevin.osei@example.com', displayName: 'Kevin Osei' },
      team: [
        { email: 'dana.kim@example.com', displayName: 'Dana Kim' },
        { email: 'kevin.osei@example.com', displayName: 'Kevin Osei' },
      ],
    },
  },
];
