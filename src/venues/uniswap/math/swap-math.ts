/**
 * One step of a Uniswap V3 swap inside a range of constant liquidity (v3-core SwapMath.computeSwapStep): from the
 * current sqrt price towards a target (the next initialized tick, the end of the tick-bitmap word, or the price limit),
 * for an exact input (`amountRemaining` > 0, fee included) or an exact output (`amountRemaining` < 0).
 *
 * The fee is taken from the input: a step that reaches its target charges ceil(in·fee/(1e6 − fee)); a step that ends
 * short of it (the input ran out) keeps everything left over as the fee, which is why an exact-in quote must follow
 * the contract's steps exactly to agree with it to the unit.
 */
import { PIPS, mulDiv, mulDivRoundingUp } from './full-math.js';
import { amount0Delta, amount1Delta, nextSqrtPriceFromInput, nextSqrtPriceFromOutput } from './sqrt-price-math.js';

export interface SwapStep {
  sqrtPriceNext: bigint;
  amountIn: bigint;
  amountOut: bigint;
  feeAmount: bigint;
}

export function computeSwapStep(
  sqrtPriceCurrent: bigint,
  sqrtPriceTarget: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feePips: bigint,
): SwapStep {
  const zeroForOne = sqrtPriceCurrent >= sqrtPriceTarget;
  const exactIn = amountRemaining >= 0n;
  let next: bigint;
  let amountIn = 0n;
  let amountOut = 0n;
  if (exactIn) {
    const remainingLessFee = mulDiv(amountRemaining, PIPS - feePips, PIPS);
    amountIn = zeroForOne
      ? amount0Delta(sqrtPriceTarget, sqrtPriceCurrent, liquidity, true)
      : amount1Delta(sqrtPriceCurrent, sqrtPriceTarget, liquidity, true);
    next =
      remainingLessFee >= amountIn
        ? sqrtPriceTarget
        : nextSqrtPriceFromInput(sqrtPriceCurrent, liquidity, remainingLessFee, zeroForOne);
  } else {
    amountOut = zeroForOne
      ? amount1Delta(sqrtPriceTarget, sqrtPriceCurrent, liquidity, false)
      : amount0Delta(sqrtPriceCurrent, sqrtPriceTarget, liquidity, false);
    next =
      -amountRemaining >= amountOut
        ? sqrtPriceTarget
        : nextSqrtPriceFromOutput(sqrtPriceCurrent, liquidity, -amountRemaining, zeroForOne);
  }
  const reached = sqrtPriceTarget === next;
  if (zeroForOne) {
    if (!(reached && exactIn)) amountIn = amount0Delta(next, sqrtPriceCurrent, liquidity, true);
    if (!(reached && !exactIn)) amountOut = amount1Delta(next, sqrtPriceCurrent, liquidity, false);
  } else {
    if (!(reached && exactIn)) amountIn = amount1Delta(sqrtPriceCurrent, next, liquidity, true);
    if (!(reached && !exactIn)) amountOut = amount0Delta(sqrtPriceCurrent, next, liquidity, false);
  }
  // An exact output never pays out more than asked, even where the price rounding would allow a unit more.
  if (!exactIn && amountOut > -amountRemaining) amountOut = -amountRemaining;
  const feeAmount =
    exactIn && next !== sqrtPriceTarget
      ? amountRemaining - amountIn
      : mulDivRoundingUp(amountIn, feePips, PIPS - feePips);
  return { sqrtPriceNext: next, amountIn, amountOut, feeAmount };
}
