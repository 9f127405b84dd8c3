/**
 * Astroport stable pair (contracts/pair_stable) with two assets: the invariant in stable-math.ts on reserves
 * normalized to 18 decimals, commission on the output as for every Astroport pair.
 *
 *   exact in:  x' = x + in;  gross = y − y'(x'),   y' rounded up to the ask token's precision
 *   exact out: y' = y − gross;  in = x'(y') − x,   rounded up to the offer token's precision
 */
import type { Dec, Ratio } from '../types.js';
import { ceilDiv, pow10 } from '../math/fixed.js';
import { AstroportPair, type AstroportAsset } from './base.js';
import { computeD, solveOther } from './stable-math.js';

/** 10^(18 − decimals): base units → 18-decimal atomics. */
function unit(a: AstroportAsset): bigint {
  if (a.decimals === undefined || a.decimals > 18 || a.decimals < 0)
    throw new RangeError('unknown or unsupported precision');
  return pow10(18 - a.decimals);
}

export class StablePair extends AstroportPair {
  readonly kind = 'astroport-stable';
  private d?: bigint;

  constructor(
    id: string,
    swapFee: Dec,
    assets: readonly AstroportAsset[],
    /** Amplification as stored by the contract: A × 100. */
    readonly amp: bigint,
    takenAt?: Date,
  ) {
    super(id, swapFee, assets, takenAt);
  }

  /** D for the current reserves (computed once: the pair is immutable). */
  private invariant(): bigint {
    if (this.d === undefined) {
      const [a, b] = this.assets;
      if (!a || !b || this.assets.length !== 2) throw new RangeError('stable pair needs two assets');
      this.d = computeD(this.amp, a.amount * unit(a), b.amount * unit(b));
    }
    return this.d;
  }

  protected grossOut(offer: AstroportAsset, ask: AstroportAsset, amountIn: bigint): bigint {
    const d = this.invariant();
    const newAsk = solveOther(this.amp, d, (offer.amount + amountIn) * unit(offer));
    return ask.amount - ceilDiv(newAsk, unit(ask));
  }

  protected inForGross(offer: AstroportAsset, ask: AstroportAsset, gross: bigint): bigint {
    const d = this.invariant();
    const newOffer = solveOther(this.amp, d, (ask.amount - gross) * unit(ask));
    return ceilDiv(newOffer - offer.amount * unit(offer), unit(offer));
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p) return undefined;
    try {
      const [offer, ask] = p;
      const d = this.invariant();
      const x = offer.amount * unit(offer);
      const y = ask.amount * unit(ask);
      // |dy/dx| on the invariant = (8·amp·x²y + 100·D³)·y / ((8·amp·x·y² + 100·D³)·x), then atomics → base units.
      const d3 = 100n * d * d * d;
      return {
        num: (8n * this.amp * x * x * y + d3) * y * unit(offer),
        den: (8n * this.amp * x * y * y + d3) * x * unit(ask),
      };
    } catch {
      return undefined;
    }
  }
}
