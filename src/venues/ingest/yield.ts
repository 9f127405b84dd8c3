/** Gives the event loop a turn (I/O callbacks, timers, other requests) between chunks of ingest work. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Calls `f` on each item, yielding to the event loop whenever `budgetMs` of work has passed, so that building a
 * snapshot of thousands of pools never holds the loop for more than a few milliseconds.
 */
export async function forEachChunked<T>(
  items: readonly T[],
  f: (item: T, index: number) => void,
  budgetMs = 2,
): Promise<void> {
  let start = performance.now();
  for (let i = 0; i < items.length; i++) {
    f(items[i] as T, i);
    if (performance.now() - start >= budgetMs) {
      await yieldToEventLoop();
      start = performance.now();
    }
  }
}
