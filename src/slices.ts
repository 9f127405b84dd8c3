/**
 * Work in slices. A computation over the whole market (pool-derived prices, the swap index) is written once, as a
 * generator that yields at points where stopping is safe, and then either run to the end at once (start-up, tests)
 * or run a few milliseconds at a time with the event loop free in between (rebuilds after live ingest), so that
 * requests never wait behind it for long.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now and returns the result. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs the steps in slices of about `budgetMs`, giving the event loop a turn (setImmediate) between slices. */
export async function runInSlices<T>(steps: Steps<T>, budgetMs = 2): Promise<T> {
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= budgetMs) {
      await new Promise((resolve) => setImmediate(resolve));
      start = performance.now();
    }
  }
}
