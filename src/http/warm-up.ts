/**
 * What a cold start leaves for after the server listens: indexing the `ibc/` hashes of one-hop vouchers (~0.2 s)
 * and compiling the request validators (~0.15 s). Both are also done on demand by their first user, so a request
 * that arrives before the warm-up is over gets the same answer; the warm-up only makes sure no request pays for
 * them later. It runs in slices of a few milliseconds (slices.ts), so requests interleave with it.
 */
import type { AppContext } from '../context.js';
import { compileNextValidator } from './validation.js';
import { runInSlices, type Steps } from '../slices.js';

function* warmUpSteps(ctx: AppContext): Steps<void> {
  while (ctx.registry.fillOneHopStep()) yield;
  while (compileNextValidator()) yield;
}

/** Runs the warm-up; resolves with its duration in milliseconds (wall time, requests included). */
export async function warmUp(ctx: AppContext): Promise<number> {
  const t0 = performance.now();
  await runInSlices(warmUpSteps(ctx), 3);
  return performance.now() - t0;
}
