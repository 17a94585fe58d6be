import { describe, expect, it } from 'vitest';
import { laterModule } from './later-module';

describe('code loaded later', () => {
  it('downloads once however often it is asked for', async () => {
    let downloads = 0;
    const module = laterModule(async () => {
      downloads += 1;
      return { answer: 42 };
    });
    const [first, second] = await Promise.all([module.request(), module.request()]);
    expect(await module.request()).toBe(first);
    expect(second).toBe(first);
    expect(downloads).toBe(1);
  });

  it('asks again after a failed download, and keeps its failure message for the caller to show', async () => {
    let attempt = 0;
    const failure = { title: 'Break Unavailable', message: 'The break could not be opened. Please try again.' };
    const module = laterModule(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('connection failed');
      return { attempt };
    }, failure);
    await expect(module.request()).rejects.toThrow('connection failed');
    await expect(module.request()).resolves.toEqual({ attempt: 2 });
    expect(module.failure).toEqual(failure);
  });
});
