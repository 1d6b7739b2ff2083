import pLimit from "p-limit";

/**
 * Bounded concurrency over an async stream of batches, with backpressure:
 * at most `concurrency` calls of `fn` run at once (p-limit's bound), and the
 * source is only pulled when a slot is free, so a long stream is never read
 * ahead into memory. The first failure stops pulling, waits for the calls in
 * flight, and is rethrown (later failures are dropped).
 * @param concurrency the bound: a fraction is floored, and anything below 1 counts as 1.
 */
export async function forEachConcurrent<T>(
  source: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  concurrency: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  const limit = pLimit(Math.max(1, Math.floor(concurrency)));
  // The calls handed to the limiter and not yet settled (running or queued):
  // the source waits while they fill every slot, so nothing queues behind them.
  const inFlight = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  outer: for await (const batch of source) {
    for (const item of batch) {
      while (!failure && inFlight.size >= limit.concurrency) await Promise.race(inFlight);
      if (failure) break outer;
      const call: Promise<void> = limit(fn, item).then(
        () => void inFlight.delete(call),
        (error: unknown) => {
          inFlight.delete(call);
          failure ??= { error };
        },
      );
      inFlight.add(call);
    }
  }
  await Promise.all(inFlight);
  if (failure) throw failure.error;
}

/** Maps each batch of an async stream. */
export async function* mapAsync<T, U>(source: AsyncIterable<T[]>, fn: (batch: T[]) => U[]): AsyncGenerator<U[]> {
  for await (const batch of source) yield fn(batch);
}
