/**
 * Osmosis CosmWasm transmuter pool (osmosis-labs/transmuter): swaps any pool asset for any other 1:1 after
 * normalization, with no price curve and (for the pools Osmosis runs) no swap fee. An alloyed-asset transmuter (v3)
 * also mints and burns its alloyed denom against the pool assets at the same normalized 1:1 rate.
 *
 *   out = in · (1 − fee) · nf(out) / nf(in)      rounded down   (fee: the pool's spread factor, 0 on mainnet)
 *   in  = out · nf(in) / (nf(out) · (1 − fee))   rounded up
 *
 * nf is the asset's normalization factor (10^decimals-like: an 8-decimal BTC against an 18-decimal one has factors
 * 1 : 10^10). A pool asset can only leave up to the pool's balance of it; the alloyed denom is minted, so it is not
 * limited by a balance. The contract's rate limiters (caps on each asset's share of the pool) are not modelled:
 * a quote may be refused on chain when it would push an asset past its limit.
 */
import { DEC_ONE, type Dec, type Ratio } from '../types.js';
import { ceilDiv } from '../math/fixed.js';
import { OsmosisPool } from './base.js';
import type { TakerFees } from './taker-fee.js';

export interface TransmuterAsset {
  denom: string;
  /** Pool balance (0 for the alloyed denom, which is minted). */
  amount: bigint;
  normalizationFactor: bigint;
}

export class TransmuterPool extends OsmosisPool {
  readonly kind = 'transmuter';
  readonly denoms: readonly string[];
  private readonly byDenom: ReadonlyMap<string, TransmuterAsset>;

  constructor(
    id: string,
    swapFee: Dec,
    readonly assets: readonly TransmuterAsset[],
    /** The alloyed denom (v3 pools), minted and burned rather than held. */
    readonly alloyedDenom: string | undefined,
    takerFees: TakerFees,
    takenAt?: Date,
  ) {
    super(id, swapFee, takerFees, takenAt);
    this.denoms = assets.map((a) => a.denom);
    this.byDenom = new Map(assets.map((a) => [a.denom, a]));
  }

  private factors(denomIn: string, denomOut: string): [bigint, bigint] | undefined {
    const i = this.byDenom.get(denomIn);
    const o = this.byDenom.get(denomOut);
    if (!i || !o || i.normalizationFactor <= 0n || o.normalizationFactor <= 0n) return undefined;
    return [i.normalizationFactor, o.normalizationFactor];
  }

  /** How much of `denom` can leave the pool. */
  private available(denom: string): bigint | undefined {
    return denom === this.alloyedDenom ? undefined : this.reserve(denom);
  }

  protected poolOut(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    const nf = this.factors(denomIn, denomOut);
    if (!nf) return undefined;
    const out = (amountIn * (DEC_ONE - this.swapFee) * nf[1]) / (DEC_ONE * nf[0]);
    const cap = this.available(denomOut);
    return cap !== undefined && out > cap ? undefined : out;
  }

  protected poolIn(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    const nf = this.factors(denomIn, denomOut);
    if (!nf) return undefined;
    const cap = this.available(denomOut);
    if (cap !== undefined && amountOut > cap) return undefined;
    const amountIn = ceilDiv(amountOut * nf[0] * DEC_ONE, nf[1] * (DEC_ONE - this.swapFee));
    // When the output unit is finer than the input unit, the rounded-up input (plus a unit of taker-fee rounding)
    // buys more than asked; if that exceeds the balance the chain refuses the swap, so refuse the quote too.
    if (cap !== undefined && this.poolOut(denomIn, denomOut, amountIn + 1n) === undefined) return undefined;
    return amountIn;
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const nf = this.factors(denomIn, denomOut);
    return nf ? { num: nf[1], den: nf[0] } : undefined;
  }

  reserve(denom: string): bigint {
    if (denom === this.alloyedDenom) {
      // Outstanding alloyed supply is backed 1:1 by the pool: report the normalized sum of the pool assets.
      const alloyNf = this.byDenom.get(denom)?.normalizationFactor ?? 0n;
      let sum = 0n;
      for (const a of this.assets)
        if (a.denom !== denom && a.normalizationFactor > 0n) sum += (a.amount * alloyNf) / a.normalizationFactor;
      return sum;
    }
    return this.byDenom.get(denom)?.amount ?? 0n;
  }
}
