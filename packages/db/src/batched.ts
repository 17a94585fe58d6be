/**
 * Group commit: calls made while a batch is under way wait, and go together as the next batch, one at a time. A lone
 * call goes at once (after the current turn of the event loop, so calls made in the same turn share it); under a burst
 * (thousands of reminders due in the same second, or the session reads of many conditional requests) each batch takes
 * everything that arrived meanwhile, up to `max`, so the database sees a few statements instead of several per call.
 * `run` answers one result per input, in order.
 */
export function batched<I, O>(run: (inputs: readonly I[]) => Promise<readonly O[]>, max: number): (input: I) => Promise<O> {
  let pending: { input: I; resolve(output: O): void; reject(error: unknown): void }[] = [];
  let running = false;

  async function drain(): Promise<void> {
    running = true;
    while (pending.length > 0) {
      const batch = pending.slice(0, max);
      pending = pending.slice(max);
      try {
        const outputs = await run(batch.map((call) => call.input));
        batch.forEach((call, i) => call.resolve(outputs[i]!));
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    running = false;
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ input, resolve, reject });
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    });
}

/** One batcher per key (a database handle), made when first asked for and let go with the key. */
export function batchedPer<K extends object, I, O>(
  make: (key: K) => (inputs: readonly I[]) => Promise<readonly O[]>,
  max: number,
): (key: K) => (input: I) => Promise<O> {
  const byKey = new WeakMap<K, (input: I) => Promise<O>>();
  return (key) => {
    let call = byKey.get(key);
    if (!call) {
      call = batched(make(key), max);
      byKey.set(key, call);
    }
    return call;
  };
}
