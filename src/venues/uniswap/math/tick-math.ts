/**
 * Uniswap V3 ticks and sqrt prices (v3-core TickMath). A tick t stands for the price 1.0001^t (token1 per token0, in
 * base units); pools store √price as a Q64.96 fixed-point number, `sqrtPriceX96`.
 *
 * `sqrtRatioAtTick` reproduces the contract's value bit for bit: √1.0001^|t| is built as a product of the
 * precomputed Q128 factors 1/√1.0001^(2^i) for the set bits of |t|, each product truncated to 128 fractional bits, then
 * inverted for positive ticks and rounded up from Q128 to Q96. These constants are the contract's own (they define
 * which price every tick has on chain; a value off by one unit would change swap results).
 *
 * `tickAtSqrtRatio` returns what the contract's getTickAtSqrtRatio is specified to return, the greatest tick whose
 * sqrt ratio is at most the given one, found from a floating-point estimate and checked with `sqrtRatioAtTick`.
 */
import { MAX_UINT256 } from './full-math.js';

export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
/** sqrtRatioAtTick(MIN_TICK) and sqrtRatioAtTick(MAX_TICK). */
export const MIN_SQRT_RATIO = 4295128739n;
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;

/** Q128 factors 1/√1.0001^(2^i), i = 1..19 (bit 0 seeds the product). */
const FACTORS: readonly bigint[] = [
  0xfff97272373d413259a46990580e213an,
  0xfff2e50f5f656932ef12357cf3c7fdccn,
  0xffe5caca7e10e4e61c3624eaa0941cd0n,
  0xffcb9843d60f6159c9db58835c926644n,
  0xff973b41fa98c081472e6896dfb254c0n,
  0xff2ea16466c96a3843ec78b326b52861n,
  0xfe5dee046a99a2a811c461f1969c3053n,
  0xfcbe86c7900a88aedcffc83b479aa3a4n,
  0xf987a7253ac413176f2b074cf7815e54n,
  0xf3392b0822b70005940c7a398e4b70f3n,
  0xe7159475a2c29b7443b29c7fa6e889d9n,
  0xd097f3bdfd2022b8845ad8f792aa5825n,
  0xa9f746462d870fdf8a65dc1f90e061e5n,
  0x70d869a156d2a1b890bb3df62baf32f7n,
  0x31be135f97d08fd981231505542fcfa6n,
  0x9aa508b5b7a84e1c677de54f3e99bc9n,
  0x5d6af8dedb81196699c329225ee604n,
  0x2216e584f5fa1ea926041bedfe98n,
  0x48a170391f7dc42444e8fa2n,
];
const BIT0 = 0xfffcb933bd6fad37aa2d162d1a594001n;
const Q128_ONE = 1n << 128n;

/** √1.0001^tick as Q64.96, exactly as TickMath.getSqrtRatioAtTick. */
export function sqrtRatioAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK || tick > MAX_TICK) throw new RangeError(`tick out of range: ${tick}`);
  const abs = Math.abs(tick);
  let ratio = abs & 1 ? BIT0 : Q128_ONE;
  for (let i = 0; i < FACTORS.length; i++) {
    if (abs & (2 << i)) ratio = (ratio * FACTORS[i]!) >> 128n;
  }
  if (tick > 0) ratio = MAX_UINT256 / ratio;
  // Q128.128 → Q64.96, rounded up so that tickAtSqrtRatio(sqrtRatioAtTick(t)) = t.
  return (ratio >> 32n) + ((ratio & 0xffffffffn) === 0n ? 0n : 1n);
}

const LN_SQRT_BASE = Math.log(1.0001) / 2;
const LN_Q96 = 96 * Math.LN2;

/** The greatest tick t with sqrtRatioAtTick(t) ≤ sqrtPriceX96 (TickMath.getTickAtSqrtRatio's contract). */
export function tickAtSqrtRatio(sqrtPriceX96: bigint): number {
  if (sqrtPriceX96 < MIN_SQRT_RATIO || sqrtPriceX96 >= MAX_SQRT_RATIO)
    throw new RangeError(`sqrt price out of range: ${sqrtPriceX96}`);
  // ln(√P) from the value's magnitude: the top 53 bits give the mantissa, the bit length the exponent.
  const bits = sqrtPriceX96.toString(2).length;
  const shift = Math.max(0, bits - 53);
  const ln = Math.log(Number(sqrtPriceX96 >> BigInt(shift))) + shift * Math.LN2 - LN_Q96;
  let t = Math.min(MAX_TICK, Math.max(MIN_TICK, Math.floor(ln / LN_SQRT_BASE)));
  while (t > MIN_TICK && sqrtRatioAtTick(t) > sqrtPriceX96) t--;
  while (t < MAX_TICK && sqrtRatioAtTick(t + 1) <= sqrtPriceX96) t++;
  return t;
}
