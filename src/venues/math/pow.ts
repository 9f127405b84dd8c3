/**
 * base^exponent for a rational base in (0, 2) and a rational exponent, in bigint fixed point — the operation
 * Osmosis' balancer pools need (weights make the exponent fractional: wIn / wOut).
 *
 * Osmosis (osmomath.Pow) splits the exponent into an integer part and a fractional part and evaluates the fractional
 * part with the binomial series of (1 + x)^a, stopping when a term falls below 1e-8. That series converges slowly when
 * the base is far from 1, and its 1e-8 stop makes exact-in and exact-out disagree by up to ~1e-8 of the reserves.
 * We keep Osmosis' split (an exact rational power for the integer part, which is the whole answer for equal-weight
 * pools), but evaluate the fractional part as exp(a · ln(base)) with range-reduced series at 60 decimal digits:
 *
 *   stated precision: |result − exact| < 1e-50 (absolute, for results ≤ 2). Callers add or subtract POW_ERROR to get
 *   a one-sided bound, so a quote's rounding direction holds despite the approximation.
 *
 * The difference from the chain's own approximation is therefore at most Osmosis' 1e-8 relative error.
 */
import { ceilDiv, floorDiv, pow10 } from './fixed.js';

/** Working scale: 60 decimal digits. */
export const POW_SCALE = pow10(60);
/** Bound on the absolute error of `pow` at POW_SCALE (1e-50), with a wide margin over the series' real error. */
export const POW_ERROR = pow10(10);

/** atanh(z) = z + z³/3 + z⁵/5 + ... for 0 ≤ z < 1/3 (z scaled by POW_SCALE). */
function atanh(z: bigint): bigint {
  const z2 = (z * z) / POW_SCALE;
  let term = z;
  let sum = z;
  for (let k = 3n; term !== 0n; k += 2n) {
    term = (term * z2) / POW_SCALE;
    sum += term / k;
  }
  return sum;
}

/** ln 2 = 2·atanh(1/3). */
const LN2 = 2n * atanh(POW_SCALE / 3n);

function bitLength(n: bigint): number {
  return n === 0n ? 0 : n.toString(2).length;
}

/** ln(num/den) scaled by POW_SCALE, for num, den > 0. */
export function lnRatio(num: bigint, den: bigint): bigint {
  if (num <= 0n || den <= 0n) throw new RangeError('ln of a non-positive number');
  // Range reduction: num/den = m · 2^k with m in [1, 2), so ln = ln(m) + k·ln 2 and the atanh series converges fast.
  let k = bitLength(num) - bitLength(den);
  let n = num;
  let d = den;
  if (k > 0) d <<= BigInt(k);
  else if (k < 0) n <<= BigInt(-k);
  if (n < d) {
    n <<= 1n;
    k -= 1;
  }
  const m = (n * POW_SCALE) / d; // in [1, 2)
  const z = ((m - POW_SCALE) * POW_SCALE) / (m + POW_SCALE); // (m-1)/(m+1) in [0, 1/3)
  return 2n * atanh(z) + BigInt(k) * LN2;
}

/** exp(y) scaled by POW_SCALE, for y scaled by POW_SCALE (y ≤ ~100: amounts stay far below that). */
export function exp(y: bigint): bigint {
  // Range reduction: y = k·ln2 + r with r in [0, ln 2), exp(y) = 2^k · exp(r).
  const k = floorDiv(y, LN2);
  const r = y - k * LN2;
  let term = POW_SCALE;
  let sum = POW_SCALE;
  for (let i = 1n; term !== 0n; i++) {
    term = (term * r) / (POW_SCALE * i);
    sum += term;
  }
  return k >= 0n ? sum << k : sum >> -k;
}

/**
 * (baseNum/baseDen)^(expNum/expDen) scaled by POW_SCALE, within POW_ERROR. The exponent must be ≥ 0.
 * Integer exponents are computed exactly from the rational (rounded down), as Osmosis does for the integer part.
 */
export function powRatio(baseNum: bigint, baseDen: bigint, expNum: bigint, expDen: bigint): bigint {
  if (baseNum <= 0n || baseDen <= 0n) throw new RangeError('pow base must be positive');
  if (expNum < 0n || expDen <= 0n) throw new RangeError('pow exponent must be non-negative');
  const intPart = expNum / expDen;
  const fracNum = expNum % expDen;
  // Integer part: exact rational power. Exponents are weight ratios, so they stay small; cap to keep bigints sane.
  let result = POW_SCALE;
  if (intPart > 0n) {
    if (intPart > 64n) throw new RangeError('pow exponent too large');
    result = (baseNum ** intPart * POW_SCALE) / baseDen ** intPart;
  }
  if (fracNum === 0n) return result;
  const lnBase = lnRatio(baseNum, baseDen);
  const frac = exp((lnBase * fracNum) / expDen);
  return (result * frac) / POW_SCALE;
}

/** One-sided bounds of powRatio: [lower, upper] with lower ≤ exact ≤ upper. */
export function powBounds(baseNum: bigint, baseDen: bigint, expNum: bigint, expDen: bigint): [bigint, bigint] {
  if (expNum % expDen === 0n) {
    // Exact integer power: compute floor and ceil of the rational directly.
    const e = expNum / expDen;
    const n = baseNum ** e * POW_SCALE;
    const d = baseDen ** e;
    return [n / d, ceilDiv(n, d)];
  }
  const r = powRatio(baseNum, baseDen, expNum, expDen);
  return [r - POW_ERROR, r + POW_ERROR];
}

/**
 * Sign of (bn/bd)^(p/q) − cn/cd, exactly, for positive integers: both sides raised to the q-th power keep their
 * order, so this compares bn^p·cd^q with cn^q·bd^p. The proof step of fast paths that must agree with powBounds.
 */
export function comparePow(bn: bigint, bd: bigint, p: bigint, q: bigint, cn: bigint, cd: bigint): -1 | 0 | 1 {
  const left = bn ** p * cd ** q;
  const right = cn ** q * bd ** p;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Estimates of POW_SCALE·(bn/bd)^(p/q), cheapest first: double precision (about 15 digits), then Newton steps on
 * Y^q = POW_SCALE^q·(bn/bd)^p (each doubling the digits). They are not bounds: whatever is derived from them must
 * be checked with comparePow.
 */
export function* powEstimates(bn: bigint, bd: bigint, p: bigint, q: bigint): Generator<bigint, void, void> {
  const y = (Number(bn) / Number(bd)) ** (Number(p) / Number(q));
  if (!(y > 0 && Number.isFinite(y))) return;
  const e = Math.floor(Math.log10(y));
  const mantissa = BigInt(Math.round(y * 10 ** (15 - e))); // about 10^15
  const shift = 45 + e;
  let est = shift >= 0 ? mantissa * pow10(shift) : mantissa / pow10(-shift);
  yield est;
  const target = (POW_SCALE ** q * bn ** p) / bd ** p;
  for (let i = 0; i < 2 && est > 0n; i++) {
    const lower = est ** (q - 1n);
    est -= (lower * est - target) / (q * lower);
    yield est;
  }
}
