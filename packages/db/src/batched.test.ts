import { describe, expect, it } from 'vitest';
import { batched, batchedPer } from './batched.js';

describe('batched calls', () => {
  it('runs the calls of one turn together, and those made meanwhile as the next batch, each answered its own result', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const double = batched(async (inputs: readonly number[]) => {
      batches.push([...inputs]);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return inputs.map((n) => n * 2);
    }, 100);
    const first = [1, 2, 3].map(double);
    await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = [4, 5].map(double);
    release();
    expect(await Promise.all([...first, ...meanwhile])).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('takes at most `max` calls a batch', async () => {
    const sizes: number[] = [];
    const same = batched(async (inputs: readonly number[]) => {
      sizes.push(inputs.length);
      return inputs;
    }, 4);
    expect(await Promise.all(Array.from({ length: 10 }, (_, i) => same(i)))).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('fails the calls of a failed batch only, and goes on with the next', async () => {
    const flaky = batched(async (inputs: readonly number[]) => {
      if (inputs.includes(0)) throw new Error('the database went away');
      return inputs;
    }, 2);
    const results = await Promise.allSettled([0, 1, 2, 3].map(flaky));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect(await flaky(7)).toBe(7);
  });

  it('keeps one batcher per key', async () => {
    const seen: string[] = [];
    const per = batchedPer(
      (key: { name: string }) => async (inputs: readonly number[]) => {
        seen.push(`${key.name}:${inputs.join(',')}`);
        return inputs;
      },
      10,
    );
    const a = { name: 'a' };
    const b = { name: 'b' };
    await Promise.all([per(a)(1), per(b)(2), per(a)(3)]);
    expect(seen.sort()).toEqual(['a:1,3', 'b:2']);
  });
});
