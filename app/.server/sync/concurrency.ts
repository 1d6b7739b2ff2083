/**
 * Bounded concurrency over an async stream of batches, with backpressure:
 * at most `concurrency` calls of `fn` run at once, and the source is only
 * pulled when a slot is free. The first failure stops pulling, waits for the
 * calls in flight, and is rethrown (later failures are dropped).
 */
export async function forEachConcurrent<T>(
  source: AsyncIterable<readonly T[]> | Iterable<readonly T[]>,
  concurrency: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  const limit = Math.max(1, Math.floor(concurrency));
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const start = (item: T) => {
    const task: Promise<void> = fn(item).then(
      () => {
        running.delete(task);
      },
      (error: unknown) => {
        running.delete(task);
        failure ??= { error };
      },
    );
    running.add(task);
  };
  outer: for await (const batch of source) {
    for (const item of batch) {
      if (failure) break outer;
      while (running.size >= limit) await Promise.race(running);
      if (failure) break outer;
      start(item);
    }
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}

/** Maps each batch of an async stream. */
export async function* mapAsync<T, U>(source: AsyncIterable<T[]>, fn: (batch: T[]) => U[]): AsyncGenerator<U[]> {
  for await (const batch of source) yield fn(batch);
}
