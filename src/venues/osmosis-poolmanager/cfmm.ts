/**
 * Osmosis' stableswap invariant (x/gamm/pool-models/stableswap/amm.go), on scaled reserves:
 *
 *   g(x, y) = x · y · (x² + y² + w) = k,   w = sum of squares of the other reserves (0 for two-asset pools)
 *
 * Both swap directions are "given the new reserve of one side, find the other": exact in moves y up by the input and
 * solves for x (the output side); exact out moves the output side down and solves for the input side. Osmosis does
 * this with a binary search to 1e-12; we solve the cubic h(x) = y·x³ + y(y² + w)·x − k = 0 exactly on integers with
 * Newton's method from above (h is increasing and convex for x > 0, so the iterates stay above the root), and return
 * the smallest integer x with h(x) ≥ 0 — i.e. the new reserve rounded up, which rounds outputs down and inputs up.
 */

/** k = x·y·(x² + y² + w). */
export function cfmmK(x: bigint, y: bigint, w: bigint): bigint {
  return x * y * (x * x + y * y + w);
}

/** Smallest integer x ≥ 1 with y·x·(x² + y² + w) ≥ k, for y > 0, k > 0. Throws RangeError if it cannot converge. */
export function solveCfmmX(y: bigint, w: bigint, k: bigint, start: bigint): bigint {
  const lin = y * (y * y + w);
  const h = (x: bigint): bigint => y * x * x * x + lin * x - k;
  let x = start > 0n ? start : 1n;
  // Find a point above the root (h ≥ 0) by doubling.
  for (let i = 0; h(x) < 0n; i++) {
    if (i > 256) throw new RangeError('cfmm: no upper bound');
    x *= 2n;
  }
  for (let i = 0; ; i++) {
    if (i > 512) throw new RangeError('cfmm: Newton did not converge');
    const hx = h(x);
    const step = hx / (3n * y * x * x + lin); // floor: the step never overshoots below the root
    if (step === 0n) break;
    x -= step;
  }
  // Newton stops within one unit of the root; settle on the smallest x with h(x) ≥ 0.
  while (x > 1n && h(x - 1n) >= 0n) x -= 1n;
  return x;
}
