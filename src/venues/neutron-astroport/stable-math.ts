/**
 * Astroport's StableSwap invariant for two assets (contracts/pair_stable/src/math.rs), on amounts normalized to
 * 18 decimals ("atomics" of Decimal256). `amp` is the contract's stored amplification, i.e. A × AMP_PRECISION (100).
 *
 *   Ann·(x + y) + D = Ann·D + D³ / (4·x·y),   Ann = A·n = 2·amp / 100
 *
 * D is found with the contract's Newton iteration. Given one side's new reserve, the other side solves the quadratic
 * (multiplied out to integers)
 *
 *   G(y) = 8·amp·x·y² + 4x·(2·amp·x + 100·D − 2·amp·D)·y − 100·D³ = 0
 *
 * which is the contract's `calc_y` equation. We return the smallest integer y with G(y) ≥ 0 (the new reserve rounded
 * up, so outputs round down and inputs up); the contract stops its Newton loop at a 1e-6 tolerance instead.
 */

/** The invariant D for reserves x, y (atomics) and amp (A·100). */
export function computeD(amp: bigint, x: bigint, y: bigint): bigint {
  const s = x + y;
  if (s === 0n) return 0n;
  let d = s;
  for (let i = 0; i < 256; i++) {
    // d_product = D³ / (2x · 2y); D' = (lev·S + 2·dp)·D / ((lev − 1)·D + 3·dp) with lev = 2·amp/100, times 100.
    const dp = (d * d * d) / (4n * x * y);
    const next = ((2n * amp * s + 200n * dp) * d) / ((2n * amp - 100n) * d + 300n * dp);
    const diff = next > d ? next - d : d - next;
    d = next;
    if (diff <= 1n) return d;
  }
  throw new RangeError('stableswap: D did not converge');
}

/** Smallest integer y ≥ 1 with G(y; x) ≥ 0 — the other reserve on the invariant curve, rounded up. */
export function solveOther(amp: bigint, d: bigint, x: bigint): bigint {
  if (x <= 0n || d <= 0n) throw new RangeError('stableswap: empty reserve');
  const a = 8n * amp * x;
  const b = 4n * x * (2n * amp * x + 100n * d - 2n * amp * d);
  const c = 100n * d * d * d;
  const g = (y: bigint): bigint => (a * y + b) * y - c;
  let y = d > 0n ? d : 1n;
  for (let i = 0; g(y) < 0n; i++) {
    if (i > 256) throw new RangeError('stableswap: no upper bound');
    y *= 2n;
  }
  // Newton from above the (single positive) root of a convex quadratic: iterates stay above it.
  for (let i = 0; ; i++) {
    if (i > 512) throw new RangeError('stableswap: y did not converge');
    const step = g(y) / (2n * a * y + b);
    if (step === 0n) break;
    y -= step;
  }
  while (y > 1n && g(y - 1n) >= 0n) y -= 1n;
  return y;
}
