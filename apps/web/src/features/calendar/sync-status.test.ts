import { describe, expect, it } from 'vitest';
import { relativeTime, syncLabel } from './sync-status';

const now = new Date('2026-11-23T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('sync indicator', () => {
  it('says how long ago the calendar was read', () => {
    expect(relativeTime(ago(20_000), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(2 * 3_600_000), now)).toBe('2 hours ago');
    expect(relativeTime(ago(26 * 3_600_000), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
  });

  it('names every state', () => {
    expect(syncLabel('synced', ago(60_000).toISOString(), now)).toBe('Synced 1 minute ago');
    expect(syncLabel('synced', null, now)).toBe('Connected, not synced yet');
    expect(syncLabel('syncing', null, now)).toBe('Syncing…');
    expect(syncLabel('needs-reconnection', null, now)).toBe('Needs reconnection');
    expect(syncLabel('not-connected', null, now)).toBe('Not connected');
  });
});
