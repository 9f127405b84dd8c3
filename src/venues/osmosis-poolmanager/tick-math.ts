/**
 * Osmosis concentrated-liquidity tick ↔ price (x/concentrated-liquidity/math/tick.go). Ticks are not log-spaced as
 * in Uniswap v3: with exponent_at_price_one = −6, every 9,000,000 ticks the price gains a power of ten, and within
 * that decade each tick adds 10^(−6 + decade) to the price. Tick 0 is price 1, tick 1 is 1.000001, tick 9,000,000 is
 * 10, tick −1 is 0.9999999.
 *
 * Sqrt prices are 36-decimal fixed point (osmomath.BigDec). As on chain, ticks at or above the at-launch minimum
 * (−108,000,000, price 1e-12) take the 18-decimal square root rounded up, widened to 36 decimals.
 */
import { DEC18, DEC36, isqrtCeil, pow10 } from '../math/fixed.js';

const EXPONENT_AT_PRICE_ONE = -6;
const GEOMETRIC_DISTANCE = 9 * 10 ** -EXPONENT_AT_PRICE_ONE; // 9,000,000 ticks per decade
export const MIN_INITIALIZED_TICK = -108_000_000;
export const MIN_TICK_V2 = -270_000_000;
export const MAX_TICK = 342_000_000;

/** Price at a tick as a 36-decimal fixed-point integer (exact: tick prices have at most 7 significant digits). */
export function tickToPrice36(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK_V2 || tick > MAX_TICK)
    throw new RangeError(`tick out of range: ${tick}`);
  if (tick === 0) return DEC36;
  if (tick === MIN_TICK_V2) return pow10(6); // 1e-30
  const decade = Math.trunc(tick / GEOMETRIC_DISTANCE);
  const additive = tick - decade * GEOMETRIC_DISTANCE;
  let exponent = EXPONENT_AT_PRICE_ONE + decade;
  let unscaled = 1_000_000;
  if (tick < 0) {
    exponent -= 1;
    unscaled *= 10;
  }
  const mantissa = BigInt(unscaled + additive);
  const shift = exponent + 36;
  return shift >= 0 ? mantissa * pow10(shift) : mantissa / pow10(-shift);
}

const cache = new Map<number, bigint>();

/** Sqrt price at a tick, 36-decimal fixed point, rounded up (memoized: a pool reuses its boundary ticks). */
export function tickToSqrtPrice(tick: number): bigint {
  let v = cache.get(tick);
  if (v !== undefined) return v;
  const price36 = tickToPrice36(tick);
  if (tick >= MIN_INITIALIZED_TICK) {
    const price18 = price36 / DEC18;
    v = isqrtCeil(price18 * DEC18) * DEC18;
  } else {
    v = isqrtCeil(price36 * DEC36);
  }
  if (cache.size > 100_000) cache.clear();
  cache.set(tick, v);
  return v;
}
