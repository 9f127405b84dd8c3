/**
 * Price impact of a swap: how far its execution price falls short of the pools' spot price before the swap,
 *   impact % = 100 × (1 − amount_out / (amount_in × spot)),
 * where spot is the product of the pools' marginal prices along the path (before fees). The pools' and the venue's
 * fees are therefore part of the impact, as they are part of what the user gets for their input: the figure is what
 * the trade costs against the market's current price. For a split swap the spot output is summed over the legs.
 *
 * A negative result (execution better than spot) can only come from integer rounding in the pool math; it is
 * reported as 0.
 */
import type { Pool } from '../venues/types.js';
import { Decimal } from './decimal.js';
import { RATIO_SCALE } from './usd.js';

export interface SwapHop {
  pool: Pool;
  denomIn: string;
  denomOut: string;
}

/** One path of a swap with the amounts simulated for it (exact in or exact out alike). */
export interface SwapLeg {
  hops: readonly SwapHop[];
  amountIn: bigint;
  amountOut: bigint;
}

/** Spot price of a path (denomOut of the last hop per denomIn of the first, base units), or undefined. */
export function pathSpotPrice(hops: readonly SwapHop[]): { num: bigint; den: bigint } | undefined {
  if (hops.length === 0) return undefined;
  let num = 1n;
  let den = 1n;
  for (const h of hops) {
    let r;
    try {
      r = h.pool.spotPrice(h.denomIn, h.denomOut);
    } catch {
      return undefined;
    }
    if (!r || r.num <= 0n || r.den <= 0n) return undefined;
    num *= r.num;
    den *= r.den;
  }
  return { num, den };
}

/**
 * Price impact in percent of a swap made of one or more legs (split routes), or undefined when a pool on the way
 * cannot give a spot price (the impact is then unknown, not zero).
 */
export function priceImpactPercent(legs: readonly SwapLeg[]): Decimal | undefined {
  if (legs.length === 0) return undefined;
  // spotOut = Σ in_i · num_i / den_i, kept as one exact fraction.
  let spotNum = 0n;
  let spotDen = 1n;
  let out = 0n;
  for (const leg of legs) {
    if (leg.amountIn <= 0n || leg.amountOut < 0n) return undefined;
    const s = pathSpotPrice(leg.hops);
    if (!s) return undefined;
    spotNum = spotNum * s.den + leg.amountIn * s.num * spotDen;
    spotDen *= s.den;
    out += leg.amountOut;
  }
  // 100 · (spotOut − out) / spotOut = 100 · (spotNum − out·spotDen) / spotNum
  const shortfall = spotNum - out * spotDen;
  if (shortfall <= 0n) return Decimal.ZERO;
  return Decimal.fromRatio(100n * shortfall, spotNum, RATIO_SCALE);
}

/** Impact of several swaps done one after another (e.g. on two chains): 1 − Π(1 − p_i). */
export function combineImpacts(percents: readonly Decimal[]): Decimal {
  const hundred = Decimal.fromInt(100);
  let kept = Decimal.ONE;
  for (const p of percents) kept = kept.mul(hundred.sub(p).div(hundred, RATIO_SCALE)).round(RATIO_SCALE);
  return Decimal.ONE.sub(kept)
    .mul(hundred)
    .round(RATIO_SCALE - 2);
}
