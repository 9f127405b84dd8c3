/**
 * Osmosis weighted (balancer) pool, x/gamm/pool-models/balancer.
 *
 *   exact in:  out = bOut · (1 − (bIn / (bIn + in·(1 − fee)))^(wIn/wOut)),   rounded down
 *   exact out: in  = bIn · ((bOut / (bOut − out))^(wOut/wIn) − 1) / (1 − fee), rounded up
 *
 * The power uses math/pow.ts (one-sided bounds, so rounding stays on the pool's side). Osmosis' Pow only accepts a
 * base below 2, so an exact-out that takes half of the output reserve or more is refused on chain; we refuse it too.
 */
import { DEC_ONE, type Dec, type Ratio } from '../types.js';
import { ceilDiv } from '../math/fixed.js';
import { POW_ERROR, POW_SCALE, powBounds } from '../math/pow.js';
import { OsmosisPool } from './base.js';
import type { TakerFees } from './taker-fee.js';

const EXACT_OUT_MARGIN = POW_ERROR * 100_000n;

export interface BalancerAsset {
  denom: string;
  amount: bigint;
  weight: bigint;
}

export class BalancerPool extends OsmosisPool {
  readonly kind = 'balancer';
  readonly denoms: readonly string[];
  private readonly byDenom: ReadonlyMap<string, BalancerAsset>;

  constructor(id: string, swapFee: Dec, readonly assets: readonly BalancerAsset[], takerFees: TakerFees, takenAt?: Date) {
    super(id, swapFee, takerFees, takenAt);
    this.denoms = assets.map((a) => a.denom);
    this.byDenom = new Map(assets.map((a) => [a.denom, a]));
  }

  private pair(denomIn: string, denomOut: string): [BalancerAsset, BalancerAsset] | undefined {
    const a = this.byDenom.get(denomIn);
    const b = this.byDenom.get(denomOut);
    if (!a || !b || a.amount <= 0n || b.amount <= 0n || a.weight <= 0n || b.weight <= 0n) return undefined;
    return [a, b];
  }

  protected poolOut(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p) return undefined;
    const [i, o] = p;
    // base = bIn / (bIn + in·(1 − fee)), kept as an exact rational (fee is an 18-decimal Dec).
    const inAfterFee = amountIn * (DEC_ONE - this.swapFee);
    const baseNum = i.amount * DEC_ONE;
    const baseDen = baseNum + inAfterFee;
    // Upper bound of the power gives a lower bound of the output.
    const [, powHi] = powBounds(baseNum, baseDen, i.weight, o.weight);
    if (powHi >= POW_SCALE) return undefined;
    return (o.amount * (POW_SCALE - powHi)) / POW_SCALE;
  }

  protected poolIn(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p) return undefined;
    const [i, o] = p;
    // Osmosis requires the base bOut / (bOut − out) to be < 2, i.e. out < bOut / 2.
    if (2n * amountOut >= o.amount) return undefined;
    // An extra 1e-45 on the power keeps the input on the safe side of exact-in's own 1e-50 error bound.
    const [, hi] = powBounds(o.amount, o.amount - amountOut, o.weight, i.weight);
    const powHi = hi + EXACT_OUT_MARGIN;
    // in = bIn · (pow − 1) / (1 − fee), every step rounded up.
    return ceilDiv(i.amount * (powHi - POW_SCALE) * DEC_ONE, POW_SCALE * (DEC_ONE - this.swapFee));
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p) return undefined;
    const [i, o] = p;
    // (bOut / wOut) / (bIn / wIn): out per in at the margin, before fees.
    return { num: o.amount * i.weight, den: i.amount * o.weight };
  }

  reserve(denom: string): bigint {
    return this.byDenom.get(denom)?.amount ?? 0n;
  }
}
