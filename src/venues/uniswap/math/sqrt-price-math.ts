/**
 * Token amounts between two sqrt prices and the price after adding or removing an amount (v3-core SqrtPriceMath),
 * with the contract's rounding: amounts a trader pays round up, amounts a trader receives round down, and the next
 * price always moves less far than the exact one in the trader's favour (so the pool never gives away a unit).
 *
 *   Δtoken0 = L·(√b − √a)/(√a·√b)        (√ as Q64.96: L·2^96·(b − a)/(a·b))
 *   Δtoken1 = L·(√b − √a)                 (L·(b − a)/2^96)
 */
import { MAX_UINT160, Q96, divRoundingUp, mulDiv, mulDivRoundingUp } from './full-math.js';

/** Δtoken0 between sqrt prices a and b (any order), rounded up or down. */
export function amount0Delta(a: bigint, b: bigint, liquidity: bigint, roundUp: boolean): bigint {
  if (a > b) [a, b] = [b, a];
  if (a <= 0n) throw new RangeError('sqrt price must be positive');
  const numerator1 = liquidity << 96n;
  const numerator2 = b - a;
  return roundUp
    ? divRoundingUp(mulDivRoundingUp(numerator1, numerator2, b), a)
    : mulDiv(numerator1, numerator2, b) / a;
}

/** Δtoken1 between sqrt prices a and b (any order), rounded up or down. */
export function amount1Delta(a: bigint, b: bigint, liquidity: bigint, roundUp: boolean): bigint {
  if (a > b) [a, b] = [b, a];
  return roundUp ? mulDivRoundingUp(liquidity, b - a, Q96) : mulDiv(liquidity, b - a, Q96);
}

function toUint160(x: bigint): bigint {
  if (x < 0n || x > MAX_UINT160) throw new RangeError('sqrt price out of uint160');
  return x;
}

/**
 * √P after adding (`add`) or removing `amount` of token0 at liquidity L, rounded up:
 *   √P' = L·√P / (L ± amount·√P)
 */
function nextFromAmount0RoundingUp(sqrtP: bigint, liquidity: bigint, amount: bigint, add: boolean): bigint {
  if (amount === 0n) return sqrtP;
  const numerator1 = liquidity << 96n;
  const product = amount * sqrtP;
  if (add) {
    // The contract takes the exact form while amount·√P fits 256 bits, else the equivalent L/(L/√P + amount).
    if (product >> 256n === 0n) {
      const denominator = numerator1 + product;
      if (denominator >= numerator1 && denominator >> 256n === 0n)
        return toUint160(mulDivRoundingUp(numerator1, sqrtP, denominator));
    }
    return toUint160(divRoundingUp(numerator1, numerator1 / sqrtP + amount));
  }
  if (product >> 256n !== 0n || numerator1 <= product) throw new RangeError('not enough token0 liquidity');
  return toUint160(mulDivRoundingUp(numerator1, sqrtP, numerator1 - product));
}

/**
 * √P after adding or removing `amount` of token1 at liquidity L, rounded down:
 *   √P' = √P ± amount/L
 */
function nextFromAmount1RoundingDown(sqrtP: bigint, liquidity: bigint, amount: bigint, add: boolean): bigint {
  if (add) {
    const quotient = amount <= MAX_UINT160 ? (amount << 96n) / liquidity : mulDiv(amount, Q96, liquidity);
    return toUint160(sqrtP + quotient);
  }
  const quotient =
    amount <= MAX_UINT160 ? divRoundingUp(amount << 96n, liquidity) : mulDivRoundingUp(amount, Q96, liquidity);
  if (sqrtP <= quotient) throw new RangeError('not enough token1 liquidity');
  return sqrtP - quotient;
}

/** √P after `amountIn` of the input token (token0 if zeroForOne) enters at liquidity L (SqrtPriceMath.getNextSqrtPriceFromInput). */
export function nextSqrtPriceFromInput(
  sqrtP: bigint,
  liquidity: bigint,
  amountIn: bigint,
  zeroForOne: boolean,
): bigint {
  if (sqrtP <= 0n || liquidity <= 0n) throw new RangeError('empty pool');
  return zeroForOne
    ? nextFromAmount0RoundingUp(sqrtP, liquidity, amountIn, true)
    : nextFromAmount1RoundingDown(sqrtP, liquidity, amountIn, true);
}

/** √P after `amountOut` of the output token leaves at liquidity L (SqrtPriceMath.getNextSqrtPriceFromOutput). */
export function nextSqrtPriceFromOutput(
  sqrtP: bigint,
  liquidity: bigint,
  amountOut: bigint,
  zeroForOne: boolean,
): bigint {
  if (sqrtP <= 0n || liquidity <= 0n) throw new RangeError('empty pool');
  return zeroForOne
    ? nextFromAmount1RoundingDown(sqrtP, liquidity, amountOut, false)
    : nextFromAmount0RoundingUp(sqrtP, liquidity, amountOut, false);
}
