/**
 * Astroport constant-product pair (contracts/pair): offer·ask = k.
 *
 *   exact in:  gross = ask − k / (offer + in) = ask·in / (offer + in), rounded down; then the commission
 *   exact out: in = offer·gross / (ask − gross), rounded up (the smallest input that yields `gross`)
 *
 * Astroport's own reverse simulation (compute_offer_amount) rounds the offer down, so swapping its answer can fall a
 * unit short; we round up so the quoted input always delivers the quoted output.
 */
import type { Ratio } from '../types.js';
import { ceilDiv } from '../math/fixed.js';
import { AstroportPair, type AstroportAsset } from './base.js';

export class XykPair extends AstroportPair {
  readonly kind = 'astroport-xyk';

  protected grossOut(offer: AstroportAsset, ask: AstroportAsset, amountIn: bigint): bigint {
    return (ask.amount * amountIn) / (offer.amount + amountIn);
  }

  protected inForGross(offer: AstroportAsset, ask: AstroportAsset, gross: bigint): bigint {
    return ceilDiv(offer.amount * gross, ask.amount - gross);
  }

  spotPrice(denomIn: string, denomOut: string): Ratio | undefined {
    const p = this.pair(denomIn, denomOut);
    return p ? { num: p[1].amount, den: p[0].amount } : undefined;
  }
}
