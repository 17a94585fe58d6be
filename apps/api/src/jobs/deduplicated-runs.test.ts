import { describe, expect, it } from 'vitest';
import { deduplicatedRuns } from './deduplicated-runs.js';

/** A run that finishes only when the test says so, recording which calls started. */
function controlledRuns() {
  const started: string[] = [];
  const finish: Array<(outcome: 'ok' | 'fail') => void> = [];
  const run = (payload: { userId: string; label: string }) => {
    started.push(payload.label);
    return new Promise<string>((resolve, reject) =>
      finish.push((outcome) => (outcome === 'ok' ? resolve(`done ${payload.label}`) : reject(new Error('failed')))),
    );
  };
  return { started, finish, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Placement's deduplication: one run per user at a time, and one more behind it. */
function oneRunPerUser<R>(run: (payload: { userId: string; label: string }) => Promise<R>) {
  const runs = deduplicatedRuns();
  return (payload: { userId: string; label: string }) => runs({ id: payload.userId, keepLastIfActive: true }, () => run(payload));
}

describe('one placement run per user at a time', () => {
  it('makes a burst during a run wait for one more run, which they all share', async () => {
    const { started, finish, run } = controlledRuns();
    const place = oneRunPerUser(run);
    const first = place({ userId: 'u', label: 'first' });
    const burst = Array.from({ length: 10 }, (_, i) => place({ userId: 'u', label: `burst ${i}` }));
    await settle();
    expect(started).toEqual(['first']);

    finish[0]!('ok');
    await expect(first).resolves.toBe('done first');
    await settle();
    expect(started).toEqual(['first', 'burst 0']);
    finish[1]!('ok');
    expect(await Promise.all(burst)).toEqual(Array.from({ length: 10 }, () => 'done burst 0'));

    // Nothing is left running: the next call starts at once.
    void place({ userId: 'u', label: 'later' });
    expect(started).toEqual(['first', 'burst 0', 'later']);
  });

  it('runs different users side by side, and a failed run does not stop the one waiting', async () => {
    const { started, finish, run } = controlledRuns();
    const place = oneRunPerUser(run);
    const failing = place({ userId: 'a', label: 'a1' });
    void place({ userId: 'b', label: 'b1' });
    const next = place({ userId: 'a', label: 'a2' });
    expect(started).toEqual(['a1', 'b1']);

    finish[0]!('fail');
    await expect(failing).rejects.toThrow('failed');
    await settle();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    finish[2]!('ok');
    await expect(next).resolves.toBe('done a2');
  });
});

describe('a job deduplicated without keepLastIfActive', () => {
  it('joins the run under way instead of queueing another', async () => {
    const { started, finish, run } = controlledRuns();
    const runs = deduplicatedRuns();
    const sync = (label: string) => runs({ id: 'calendar-sync-u' }, () => run({ userId: 'u', label }));
    const first = sync('first');
    const second = sync('second');
    expect(started).toEqual(['first']);
    finish[0]!('ok');
    expect(await Promise.all([first, second])).toEqual(['done first', 'done first']);
    void sync('later');
    expect(started).toEqual(['first', 'later']);
  });
});
