/**
 * The weighted (balancer) pool's power, computed fast without changing a single output unit.
 *
 * Reference: both quotes are monotone functions of P, the 60-digit upper bound of POW_SCALE·x^(w1/w2) that powBounds
 * gives (within POW_ERROR of the exact power, pow.ts), plus a fixed offset:
 *   exact in:  out = floor(bOut·(S − P)/S)                        P = hi            x = bIn/(bIn + in·(1 − fee)) < 1
 *   exact out: in  = ceil(bIn·(P + MARGIN − S)/(S·(1 − fee)))      P = hi            x = bOut/(bOut − out) > 1
 * For a fractional exponent that costs two 60-digit series (ln, exp): about 0.1 ms, most of a weighted pool's quote.
 *
 * Fast path, when the reduced exponent p/q is fractional and small (the weight ratios pools use: 2/3, 3/7, 1/4, …):
 * estimate S·x^(p/q) (double precision, then Newton steps), take the output it implies, and prove it: the reference
 * can only produce a P within [S·x^(p/q), S·x^(p/q) + 2·POW_ERROR] (+ the offset), so if that whole interval maps to
 * the candidate, the candidate is the reference's answer. That is two exact integer comparisons (comparePow). When
 * the proof fails (the exact value within ~1e-50 of a rounding boundary, or estimates too coarse), the reference runs.
 * Equal weights (ratio 1) and integer ratios need neither: the reference's bound is an exact rational power there,
 * computed directly (one division instead of powBounds' two).
 */
import { DEC_ONE, type Dec } from '../types.js';
import { ceilDiv } from '../math/fixed.js';
import { POW_ERROR, POW_SCALE as S, comparePow, powBounds, powEstimates } from '../math/pow.js';

/** Extra upper margin on exact out's power, so its input stays on the safe side of exact in's error bound. */
export const EXACT_OUT_MARGIN = POW_ERROR * 100_000n;
/** Largest p + q the fast path takes on: its proof raises numbers to the p-th and q-th power. */
const MAX_FAST_EXPONENT = 40n;

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** The exponent a/b in lowest terms, or undefined when the fast path should not take it. */
function smallFraction(a: bigint, b: bigint): [bigint, bigint] | undefined {
  const g = gcd(a, b);
  const p = a / g;
  const q = b / g;
  return q > 1n && p + q <= MAX_FAST_EXPONENT ? [p, q] : undefined;
}

/** Output of `inAfterFee` (an 18-decimal Dec: amountIn·(1 − fee)) of the token with balance bIn, weight wIn. */
export function weightedOut(bIn: bigint, wIn: bigint, bOut: bigint, wOut: bigint, inAfterFee: Dec): bigint | undefined {
  const baseNum = bIn * DEC_ONE;
  const baseDen = baseNum + inAfterFee;
  if (wIn % wOut === 0n) {
    // Integer ratio (equal weights: 1): the reference's upper bound is the exact rational power, rounded up; only
    // that one division is needed.
    const e = wIn / wOut;
    const powHi = ceilDiv(baseNum ** e * S, baseDen ** e);
    return powHi >= S ? undefined : (bOut * (S - powHi)) / S;
  }
  const fraction = smallFraction(wIn, wOut);
  const fast = fraction ? fastOut(baseNum, baseDen, fraction[0], fraction[1], bOut) : undefined;
  return fast ?? weightedOutReference(baseNum, baseDen, wIn, wOut, bOut);
}

/** The reference exact in (what balancer.ts always computed). */
export function weightedOutReference(
  baseNum: bigint,
  baseDen: bigint,
  wIn: bigint,
  wOut: bigint,
  bOut: bigint,
): bigint | undefined {
  // Upper bound of the power gives a lower bound of the output.
  const [, powHi] = powBounds(baseNum, baseDen, wIn, wOut);
  if (powHi >= S) return undefined;
  return (bOut * (S - powHi)) / S;
}

function fastOut(baseNum: bigint, baseDen: bigint, p: bigint, q: bigint, bOut: bigint): bigint | undefined {
  for (const est of powEstimates(baseNum, baseDen, p, q)) {
    const c = (bOut * (S - est - POW_ERROR)) / S;
    if (c <= 0n) return undefined; // dust: the reference decides
    // c = floor(bOut·(S − P)/S) for every P in (S − S(c+1)/bOut, S − S·c/bOut]; the reference's P lies in
    // [S·x^(p/q), S·x^(p/q) + 2·POW_ERROR].
    const low = bOut - c - 1n;
    const lowOk = low <= 0n || comparePow(baseNum, baseDen, p, q, low, bOut) > 0;
    const high = (bOut - c) * S - 2n * POW_ERROR * bOut;
    if (lowOk && high > 0n && comparePow(baseNum, baseDen, p, q, high, bOut * S) <= 0) return c;
  }
  return undefined;
}

/**
 * Input (before the pool's fee) that buys `amountOut` of the token with balance bOut, weight wOut. The caller refuses
 * 2·amountOut ≥ bOut beforehand (Osmosis' Pow needs a base below 2).
 */
export function weightedIn(
  bIn: bigint,
  wIn: bigint,
  bOut: bigint,
  wOut: bigint,
  amountOut: bigint,
  fee: Dec,
): bigint | undefined {
  if (wOut % wIn === 0n && fee < DEC_ONE) {
    // Integer ratio: the reference's upper bound is the exact rational power, rounded up.
    const e = wOut / wIn;
    const powHi = ceilDiv(bOut ** e * S, (bOut - amountOut) ** e) + EXACT_OUT_MARGIN;
    return ceilDiv(bIn * (powHi - S) * DEC_ONE, S * (DEC_ONE - fee));
  }
  const fraction = smallFraction(wOut, wIn);
  const fast =
    fraction && fee < DEC_ONE ? fastIn(bOut, bOut - amountOut, fraction[0], fraction[1], bIn, fee) : undefined;
  return fast ?? weightedInReference(bIn, wIn, bOut, wOut, amountOut, fee);
}

/** The reference exact out (what balancer.ts always computed). */
export function weightedInReference(
  bIn: bigint,
  wIn: bigint,
  bOut: bigint,
  wOut: bigint,
  amountOut: bigint,
  fee: Dec,
): bigint {
  // An extra 1e-45 on the power keeps the input on the safe side of exact-in's own 1e-50 error bound.
  const [, hi] = powBounds(bOut, bOut - amountOut, wOut, wIn);
  const powHi = hi + EXACT_OUT_MARGIN;
  // in = bIn · (pow − 1) / (1 − fee), every step rounded up.
  return ceilDiv(bIn * (powHi - S) * DEC_ONE, S * (DEC_ONE - fee));
}

function fastIn(baseNum: bigint, baseDen: bigint, p: bigint, q: bigint, bIn: bigint, fee: Dec): bigint | undefined {
  const w = bIn * DEC_ONE;
  const d = S * (DEC_ONE - fee);
  const sw = S * w;
  for (const est of powEstimates(baseNum, baseDen, p, q)) {
    const m = ceilDiv(w * (est + POW_ERROR + EXACT_OUT_MARGIN - S), d);
    if (m <= 0n) return undefined;
    // m = ceil(w·(P − S)/d) for every P in (S + (m−1)·d/w, S + m·d/w]; the reference's P lies in
    // [S·x^(p/q) + MARGIN, S·x^(p/q) + MARGIN + 2·POW_ERROR].
    const low = sw + (m - 1n) * d - EXACT_OUT_MARGIN * w;
    const lowOk = low <= 0n || comparePow(baseNum, baseDen, p, q, low, sw) > 0;
    const high = sw + m * d - (EXACT_OUT_MARGIN + 2n * POW_ERROR) * w;
    if (lowOk && high > 0n && comparePow(baseNum, baseDen, p, q, high, sw) <= 0) return m;
  }
  return undefined;
}
