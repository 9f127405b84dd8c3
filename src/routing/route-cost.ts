/**
 * What a route costs beyond the amounts it moves, in USD: fees paid on top of the transfer (FEE_BEHAVIOR_ADDITIONAL —
 * an Axelar gas payment or a LayerZero messaging fee in the source chain's native token) and the gas of every
 * transaction the user signs and of every claim (gas/route-gas.ts). Ranking expresses it in the base units of the side
 * of the route the caller did not fix, so that routes can be compared by what the user really gives up; price safety
 * (quote.ts) adds it to the loss it judges.
 *
 * Without this, a route whose fee is paid in ETH beside the transfer looks free next to one whose fee is deducted
 * from the USDC it moves, and a route of four transactions looks as cheap as one of one. Pure: prices, the gas table
 * and the clock are arguments.
 */
import { amountForUsd, Decimal, usdValueOf, type PriceSource } from '../pricing/index.js';
import type { Registry } from '../registry/registry.js';
import { routeGas, type TxGas } from './gas/route-gas.js';
import type { GasPrices, GasTable } from './gas/table.js';
import type { PlannedRoute } from './types.js';

export interface CostPricing {
  prices: PriceSource;
  nowMs: number;
  /** Gas per message kind (data/gas.json); without it, gas counts as zero. */
  gas?: GasTable | undefined;
  /** Live EVM gas prices, replacing the table's recorded ones where given. */
  gasPrices?: GasPrices | undefined;
}

/** The route's costs on top of its amounts, in USD, each part exact. */
export interface RouteCostUsd {
  /** Fees paid on top of the amount moved (FEE_BEHAVIOR_ADDITIONAL), priced. */
  additionalFeesUsd: Decimal;
  /** Gas of every transaction and claim, priced. */
  gasUsd: Decimal;
  /** The transactions and claims with their gas, for explanations. */
  gas: TxGas[];
  /** Costs whose asset has no price: not in the sums above. */
  unpriced: number;
}

export function routeCostUsd(registry: Registry, route: PlannedRoute, pricing: CostPricing): RouteCostUsd {
  let additional = Decimal.ZERO;
  let unpriced = 0;
  const value = (chainId: string, denom: string, amount: bigint) =>
    usdValueOf(pricing.prices, registry, chainId, denom, amount, pricing.nowMs)?.usd;
  for (const step of route.steps) {
    if (step.kind !== 'bridge') continue;
    for (const fee of step.fees) {
      if (fee.behavior !== 'FEE_BEHAVIOR_ADDITIONAL' || fee.amount === 0n) continue;
      const v = value(fee.chainId, fee.denom, fee.amount);
      if (v) additional = additional.add(v);
      else unpriced++;
    }
  }
  const gas = pricing.gas ? routeGas(registry, route, pricing.gas, pricing.gasPrices) : [];
  let gasUsd = Decimal.ZERO;
  for (const g of gas) {
    const v = value(g.chainId, g.feeDenom, g.feeAmount);
    if (v) gasUsd = gasUsd.add(v);
    else unpriced++;
  }
  return { additionalFeesUsd: additional, gasUsd, gas, unpriced };
}

/**
 * Additional fees and gas of the route in base units of its free side (the destination asset for exact-in, the
 * source asset for exact-out). A fee in that very asset counts as it is; anything else is converted through USD. A
 * cost whose asset or the free side's asset has no price cannot be compared and counts as zero (the ranking then
 * falls back to the amounts alone, as before prices were known).
 */
export function additionalCostInFreeSide(registry: Registry, route: PlannedRoute, pricing: CostPricing): bigint {
  const free = route.amountKind === 'in' ? route.dest.wire : route.source.wire;
  let sameAsset = 0n;
  let usd = Decimal.ZERO;
  const add = (chainId: string, denom: string, amount: bigint) => {
    if (amount === 0n) return;
    if (chainId === free.chain_id && denom === free.denom) {
      sameAsset += amount;
      return;
    }
    const v = usdValueOf(pricing.prices, registry, chainId, denom, amount, pricing.nowMs);
    if (v) usd = usd.add(v.usd);
  };
  for (const step of route.steps) {
    if (step.kind !== 'bridge') continue;
    for (const fee of step.fees)
      if (fee.behavior === 'FEE_BEHAVIOR_ADDITIONAL') add(fee.chainId, fee.denom, fee.amount);
  }
  if (pricing.gas)
    for (const g of routeGas(registry, route, pricing.gas, pricing.gasPrices)) add(g.chainId, g.feeDenom, g.feeAmount);
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

/**
 * What one more signature is worth to a user, for ranking only: 5 basis points of what the route moves, at most
 * 1 USD. A second transaction is a second wallet prompt, funds idle between them, and a chance to stop half-way; no
 * one takes a detour of two signatures through another chain to save three cents on 1,000 USDC (Polygon → OP →
 * Ethereum against the direct burn), while at 1,000 USD a route that saves 2 USD is still worth its second signature.
 * Never shown as a fee: /junction/routes says what each route costs and how many signatures it takes.
 */
const SIGNATURE_WEIGHT_BPS = 5n;
const SIGNATURE_WEIGHT_MAX_USD = Decimal.fromInt(1);

/** The weight of one signature in base units of the route's free side (see SIGNATURE_WEIGHT_BPS). */
export function signatureWeightInFreeSide(route: PlannedRoute, pricing: CostPricing | undefined): bigint {
  const free = route.amountKind === 'in' ? route.dest.wire : route.source.wire;
  const moved = route.amountKind === 'in' ? route.amountOut : route.amountIn;
  const relative = (moved * SIGNATURE_WEIGHT_BPS) / 10_000n;
  const price = pricing?.prices.usdPrice(free.chain_id, free.denom, pricing.nowMs)?.price;
  if (!price || typeof free.decimals !== 'number') return relative;
  const cap = amountForUsd(SIGNATURE_WEIGHT_MAX_USD, free.decimals, price);
  return cap !== undefined && cap < relative ? cap : relative;
}

/**
 * The figure routes of one query are ranked by: the net amount (netAmount) with every signature after the first
 * weighed as a cost (signatureWeightInFreeSide).
 */
export function rankingAmount(route: PlannedRoute, net: bigint, signatures: number, weight: bigint): bigint {
  const extra = BigInt(Math.max(0, signatures - 1)) * weight;
  return route.amountKind === 'in' ? net - extra : net + extra;
}
