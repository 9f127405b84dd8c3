/** Times an in-process case: one warm-up run, then `iterations` timed runs. */
import type { InProcessCase, InProcessResult } from '../types.js';
import { round, statsOf } from './stats.js';

export async function runInProcessCase(c: InProcessCase): Promise<InProcessResult> {
  const run = await c.setup();
  run();
  const samples: number[] = [];
  for (let i = 0; i < c.iterations; i++) {
    const t = performance.now();
    run();
    samples.push(performance.now() - t);
  }
  const ms = statsOf(samples);
  return {
    name: c.name,
    kind: 'in-process',
    description: c.description,
    iterations: c.iterations,
    ms,
    ops_per_s: round(1000 / (ms.mean || Infinity), 1),
  };
}
