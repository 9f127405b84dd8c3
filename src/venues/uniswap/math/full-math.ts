/**
 * The integer arithmetic Uniswap V3's libraries do in 256 bits (FullMath, UnsafeMath, FixedPoint96), on bigint.
 * bigint never overflows, so a product that the contract keeps in 512 bits is simply exact here; where the contract
 * would revert (a result that does not fit its type) these functions throw RangeError, which the pools turn into
 * "no quote", as the swap would fail on chain.
 */

export const Q96 = 1n << 96n;
export const MAX_UINT128 = (1n << 128n) - 1n;
export const MAX_UINT160 = (1n << 160n) - 1n;
export const MAX_UINT256 = (1n << 256n) - 1n;
/** A pool's fee is in hundredths of a basis point ("pips"): 3000 = 0.3 %. */
export const PIPS = 1_000_000n;

/** floor(a·b / d) for non-negative operands, as FullMath.mulDiv (which reverts when the result exceeds 256 bits). */
export function mulDiv(a: bigint, b: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('mulDiv: division by zero');
  const r = (a * b) / d;
  if (r > MAX_UINT256) throw new RangeError('mulDiv: result exceeds uint256');
  return r;
}

/** ceil(a·b / d), as FullMath.mulDivRoundingUp. */
export function mulDivRoundingUp(a: bigint, b: bigint, d: bigint): bigint {
  if (d === 0n) throw new RangeError('mulDiv: division by zero');
  const p = a * b;
  const r = p / d + (p % d === 0n ? 0n : 1n);
  if (r > MAX_UINT256) throw new RangeError('mulDiv: result exceeds uint256');
  return r;
}

/** ceil(x / y) for non-negative x and positive y, as UnsafeMath.divRoundingUp. */
export function divRoundingUp(x: bigint, y: bigint): bigint {
  return x / y + (x % y === 0n ? 0n : 1n);
}
