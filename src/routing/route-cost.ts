/**
 * What a route costs beyond the amounts it moves: fees paid on top of the transfer (FEE_BEHAVIOR_ADDITIONAL — an
 * Axelar gas payment or a LayerZero messaging fee in the source chain's native token), expressed in the base units of
 * the side of the route the caller did not fix, so that routes can be ranked by what the user really gives up.
 *
 * Without this, a route whose fee is paid in ETH beside the transfer looks free next to one whose fee is deducted
 * from the USDC it moves, and wins the ranking while costing the user more. Pure: prices and the clock are arguments.
 */
import { amountForUsd, Decimal, usdValueOf, type PriceSource } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import type { PlannedRoute } from './types.js';

export interface CostPricing {
  prices: PriceSource;
  nowMs: number;
}

/**
 * Additional fees of the route in base units of its free side (the destination asset for exact-in, the source asset
 * for exact-out). A fee in that very asset counts as it is; any other fee is converted through USD. A fee whose asset
 * or the free side's asset has no price cannot be compared and counts as zero (the ranking then falls back to the
 * amounts alone, as before prices were known).
 */
export function additionalCostInFreeSide(registry: Registry, route: PlannedRoute, pricing: CostPricing): bigint {
  const free = route.amountKind === 'in' ? route.dest.wire : route.source.wire;
  let sameAsset = 0n;
  let usd = Decimal.ZERO;
  for (const step of route.steps) {
    if (step.kind !== 'bridge') continue;
    for (const fee of step.fees) {
      if (fee.behavior !== 'FEE_BEHAVIOR_ADDITIONAL' || fee.amount === 0n) continue;
      if (fee.chainId === free.chain_id && fee.denom === free.denom) {
        sameAsset += fee.amount;
        continue;
      }
      const v = usdValueOf(pricing.prices, registry, fee.chainId, fee.denom, fee.amount, pricing.nowMs);
      if (v) usd = usd.add(v.usd);
    }
  }
  if (usd.isZero()) return sameAsset;
  const price = pricing.prices.usdPrice(free.chain_id, free.denom, pricing.nowMs)?.price;
  const decimals = free.decimals;
  if (!price || typeof decimals !== 'number') return sameAsset;
  return sameAsset + (amountForUsd(usd, decimals, price) ?? 0n);
}

/**
 * The route's amount on its free side after additional costs: what is delivered less the costs (exact-in), or what
 * is spent plus the costs (exact-out). Compare routes of one query with it.
 */
export function netAmount(route: PlannedRoute, additionalCost: bigint): bigint {
  return route.amountKind === 'in' ? route.amountOut - additionalCost : route.amountIn + additionalCost;
}
