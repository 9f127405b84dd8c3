/**
 * The one price per denom the offline pools are re-priced to: the shipped price set, made consistent where the pools
 * fix a ratio that no re-pricing can move, and extended to denoms it lacks.
 *
 * 1. Shipped prices (USD per display unit, divided down to base units).
 * 2. Alloys: a transmuter exchanges its members at fixed rates, so the members get one price, that of the member the
 *    price set calls most liquid; the other members' shipped prices are overridden (listed in the output).
 * 3. Denoms without a price take the price implied by the deepest pool joining them to a priced denom, one at a time,
 *    deepest first (an alloy's members follow together). Denoms no pool joins to a price stay unpriced, and the pools
 *    holding them keep their recorded state.
 */
import type { PoolView } from './pools.js';

/** A starting price: USD per base unit, and the liquidity the price source saw behind it (picks alloy anchors). */
export interface StartPrice {
  perBaseUnit: number;
  liquidityUsd: number;
}

export interface PriceSet {
  prices: Map<string, number>;
  /** Members of an alloy whose shipped price gave way to the alloy's. */
  overridden: Map<string, { shipped: number; used: number; alloyPool: string }>;
  /** Denoms the price set lacks, with the pool that priced them. */
  derived: Map<string, { used: number; pool: string }>;
}

export function buildPriceSet(pools: readonly PoolView[], start: ReadonlyMap<string, StartPrice>): PriceSet {
  const prices = new Map<string, number>();
  const overridden: PriceSet['overridden'] = new Map();
  const derived: PriceSet['derived'] = new Map();
  const inPools = new Set(pools.flatMap((p) => p.denoms));
  for (const d of inPools) {
    const s = start.get(d);
    if (s && s.perBaseUnit > 0) prices.set(d, s.perBaseUnit);
  }

  const alloys = pools.filter((p) => p.pegged);
  /** Gives every member of a transmuter the price implied from `anchor`. */
  const unify = (alloy: PoolView, anchor: string) => {
    const anchored = new Map([[anchor, prices.get(anchor)!]]);
    for (const d of alloy.denoms) {
      if (d === anchor) continue;
      const used = alloy.implied(d, anchored)!.price;
      const before = prices.get(d);
      if (before === undefined) derived.set(d, { used, pool: alloy.id });
      else if (Math.abs(used / before - 1) > 1e-12) overridden.set(d, { shipped: before, used, alloyPool: alloy.id });
      prices.set(d, used);
    }
  };
  for (const alloy of alloys) {
    const priced = alloy.denoms.filter((d) => prices.has(d));
    if (priced.length === 0) continue;
    const liquidity = (d: string) => start.get(d)?.liquidityUsd ?? 0;
    unify(
      alloy,
      priced.reduce((a, b) => (liquidity(b) > liquidity(a) ? b : a)),
    );
  }

  for (;;) {
    let best: { denom: string; price: number; depth: number; pool: PoolView } | undefined;
    for (const pool of pools) {
      for (const d of pool.denoms) {
        if (prices.has(d)) continue;
        const c = pool.implied(d, prices);
        if (c && Number.isFinite(c.price) && c.price > 0 && (!best || c.depth > best.depth))
          best = { denom: d, ...c, pool };
      }
    }
    if (!best) break;
    prices.set(best.denom, best.price);
    derived.set(best.denom, { used: best.price, pool: best.pool.id });
    for (const alloy of alloys) if (alloy.denoms.includes(best.denom)) unify(alloy, best.denom);
  }
  return { prices, overridden, derived };
}
