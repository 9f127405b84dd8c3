/**
 * Request bodies for the route benchmarks, drawn from the real registry and the shipped pool snapshots with a fixed
 * seed (every run draws the same pairs):
 * - transfer pairs: a listed asset and another listed asset of the same origin on a different chain that an IBC path
 *   reaches in one transaction;
 * - swap pairs: two different assets among the venues' pool denoms and their origin assets, with a route.
 */
import type { AppContext } from '../../src/context.js';
import type { Registry } from '../../src/registry/registry.js';
import type { RegistryAsset } from '../../src/registry/types.js';
import { parseRouteQuery } from '../../src/routing/query.js';
import { quoteRoute, type QuoteContext } from '../../src/routing/quote.js';
import type { AssetFamilies } from '../../src/routing/reachability.js';

export interface TransferPair {
  source: RegistryAsset;
  dest: RegistryAsset;
}

/** Deterministic PRNG (mulberry32) so every run draws the same pairs. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function drawTransferPairs(
  registry: Registry,
  families: AssetFamilies,
  count: number,
  seed = 42,
): TransferPair[] {
  const all: RegistryAsset[] = [];
  for (const id of registry.chains.keys()) for (const a of registry.listedAssets(id)) all.push(a);
  const rand = prng(seed);
  const pairs: TransferPair[] = [];
  let attempts = 0;
  while (pairs.length < count && attempts < count * 200) {
    attempts++;
    const source = all[Math.floor(rand() * all.length)]!;
    const reach = families.reachable(source, false);
    if (reach.length === 0) continue;
    pairs.push({ source, dest: reach[Math.floor(rand() * reach.length)]!.asset });
  }
  return pairs;
}

export function routeBody(p: TransferPair, amount = '1000000') {
  return {
    source_asset_denom: p.source.wire.denom,
    source_asset_chain_id: p.source.wire.chain_id,
    dest_asset_denom: p.dest.wire.denom,
    dest_asset_chain_id: p.dest.wire.chain_id,
    amount_in: amount,
    cumulative_affiliate_fee_bps: '0',
  };
}

export interface SwapPair {
  source: RegistryAsset;
  dest: RegistryAsset;
  amount: string;
}

/** Assets a swap can start or end with: pool denoms on the venue chains, and their origin assets. */
function swappableAssets(ctx: AppContext): RegistryAsset[] {
  const out = new Map<string, RegistryAsset>();
  for (const v of ctx.market().venues) {
    for (const p of v.snapshot.pools) {
      for (const d of p.denoms) {
        const a = ctx.registry.asset(v.venue.chainId, d);
        if (!a?.hasMetadata) continue;
        out.set(`${a.wire.chain_id}/${a.wire.denom}`, a);
        const origin = ctx.registry.asset(a.wire.origin_chain_id, a.wire.origin_denom);
        if (origin?.hasMetadata) out.set(`${origin.wire.chain_id}/${origin.wire.denom}`, origin);
      }
    }
  }
  return [...out.values()];
}

export function quoteContextOf(ctx: AppContext): QuoteContext {
  return {
    registry: ctx.registry,
    market: ctx.market(),
    bridges: ctx.bridges,
    thresholds: ctx.safety,
    nowMs: Date.now(),
  };
}

/** Swap pairs with a route, one whole source token each (10^decimals base units). */
export function drawSwapPairs(ctx: AppContext, count: number, seed = 11): SwapPair[] {
  const assets = swappableAssets(ctx);
  const rand = prng(seed);
  const qc = quoteContextOf(ctx);
  const pairs: SwapPair[] = [];
  for (let attempts = 0; pairs.length < count && attempts < count * 50; attempts++) {
    const source = assets[Math.floor(rand() * assets.length)]!;
    const dest = assets[Math.floor(rand() * assets.length)]!;
    if (
      source.wire.origin_denom === dest.wire.origin_denom &&
      source.wire.origin_chain_id === dest.wire.origin_chain_id
    )
      continue;
    const pair = { source, dest, amount: (10n ** BigInt(source.wire.decimals ?? 6)).toString() };
    try {
      quoteRoute(qc, parseRouteQuery(ctx.registry, swapBody(pair)));
      pairs.push(pair);
    } catch {
      // no route between these two: draw again
    }
  }
  return pairs;
}

export function swapBody(p: SwapPair, extra: Record<string, unknown> = {}) {
  return {
    source_asset_denom: p.source.wire.denom,
    source_asset_chain_id: p.source.wire.chain_id,
    dest_asset_denom: p.dest.wire.denom,
    dest_asset_chain_id: p.dest.wire.chain_id,
    amount_in: p.amount,
    allow_unsafe: true,
    cumulative_affiliate_fee_bps: '0',
    ...extra,
  };
}
