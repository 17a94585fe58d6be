import { QUEUES } from '@breaker/api-contract';
import { JOBS } from '@breaker/jobs';
import { describe, expect, it } from 'vitest';
import { jobSlots } from './job-slots.js';

describe('job slots for background runs in-process', () => {
  it("runs at most a job's concurrency of its kind at once, the rest in the order they came", async () => {
    const slot = jobSlots();
    const limit = JOBS[QUEUES.breakReminder].concurrency as number;
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const runs = Array.from({ length: limit * 3 }, (_, i) =>
      slot(QUEUES.breakReminder, async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return i;
      }),
    );
    expect(await Promise.all(runs)).toEqual(Array.from({ length: limit * 3 }, (_, i) => i));
    expect(most).toBe(limit);
    expect(started).toEqual(Array.from({ length: limit * 3 }, (_, i) => i));
  });

  it('keeps kinds apart, and frees the slot of a run that failed', async () => {
    const slot = jobSlots();
    const failed = slot(QUEUES.maintenance, () => Promise.reject(new Error('sweep failed')));
    await expect(failed).rejects.toThrow('sweep failed');
    let mailsAtOnce = 0;
    let most = 0;
    const mail = () =>
      slot(QUEUES.passwordResetMail, async () => {
        mailsAtOnce += 1;
        most = Math.max(most, mailsAtOnce);
        await new Promise((resolve) => setTimeout(resolve, 5));
        mailsAtOnce -= 1;
      });
    await Promise.all([slot(QUEUES.maintenance, async () => 'swept again'), mail(), mail(), mail(), mail()]);
    expect(most).toBe(JOBS[QUEUES.passwordResetMail].concurrency);
  });
});
