/**
 * Osmosis weighted (balancer) pool, x/gamm/pool-models/balancer.
 *
 *   exact in:  out = bOut · (1 − (bIn / (bIn + in·(1 − fee)))^(wIn/wOut)),   rounded down
 *   exact out: in  = bIn · ((bOut / (bOut − out))^(wOut/wIn) − 1) / (1 − fee), rounded up
 *
 * The power uses math/pow.ts (one-sided bounds, so rounding stays on the pool's side), through weighted-math.ts (a
 * proven-equal fast path for fractional weight ratios). Osmosis' Pow only accepts a base below 2, so an exact-out
 * that takes half of the output reserve or more is refused on chain; we refuse it too.
 */
import { DEC_ONE, type Dec, type Ratio } from '../types.js';
import { OsmosisPool } from './base.js';
import type { TakerFees } from './taker-fee.js';
import { weightedIn, weightedOut } from './weighted-math.js';

export interface BalancerAsset {
  denom: string;
  amount: bigint;
  weight: bigint;
}

export class BalancerPool extends OsmosisPool {
  readonly kind = 'balancer';
  readonly denoms: readonly string[];
  private readonly byDenom: ReadonlyMap<string, BalancerAsset>;

  constructor(
    id: string,
    swapFee: Dec,
    readonly assets: readonly BalancerAsset[],
    takerFees: TakerFees,
    takenAt?: Date,
  ) {
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
    return weightedOut(i.amount, i.weight, o.amount, o.weight, amountIn * (DEC_ONE - this.swapFee));
  }

  /**
   * out = bOut·(1 − (bIn/(bIn + in'))^(wIn/wOut)) with in' = in·(1 − fee), written with log1p and expm1 so that a
   * small trade (base close to 1) keeps full relative precision instead of cancelling.
   */
  protected override poolEstimate(denomIn: string, denomOut: string, amountIn: number): number | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p) return undefined;
    const [i, o] = p;
    const inAfterFee = amountIn * (1 - Number(this.swapFee) / 1e18);
    return (
      Number(o.amount) * -Math.expm1(-(Number(i.weight) / Number(o.weight)) * Math.log1p(inAfterFee / Number(i.amount)))
    );
  }

  protected poolIn(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p) return undefined;
    const [i, o] = p;
    // Osmosis requires the base bOut / (bOut − out) to be < 2, i.e. out < bOut / 2.
    if (2n * amountOut >= o.amount) return undefined;
    return weightedIn(i.amount, i.weight, o.amount, o.weight, amountOut, this.swapFee);
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
