/**
 * How a price keyed by something other than (chain, denom) is found for an asset: the same token held as an IBC
 * voucher on another chain has the same price, so lookups fall back from the exact asset to its origin asset, and
 * CoinGecko-keyed sources use the asset's `coingecko_id` (or its origin's).
 */
import { assetKey, type AssetLookup } from './types.js';

/** Keys to try for (chainId, denom), most specific first: the asset itself, then its origin asset. */
export function candidateKeys(lookup: AssetLookup | undefined, chainId: string, denom: string): string[] {
  const own = assetKey(chainId, denom);
  const wire = lookup?.asset(chainId, denom)?.wire;
  if (!wire || !wire.origin_chain_id || !wire.origin_denom) return [own];
  const origin = assetKey(wire.origin_chain_id, wire.origin_denom);
  return origin === own ? [own] : [own, origin];
}

/** The asset's origin key when the lookup knows it. */
export function originKey(lookup: AssetLookup | undefined, chainId: string, denom: string): string | undefined {
  const wire = lookup?.asset(chainId, denom)?.wire;
  if (!wire || !wire.origin_chain_id || !wire.origin_denom) return undefined;
  return assetKey(wire.origin_chain_id, wire.origin_denom);
}

/** CoinGecko id of the asset, or of its origin asset when the asset itself has none. */
export function coingeckoIdOf(lookup: AssetLookup, chainId: string, denom: string): string | undefined {
  const wire = lookup.asset(chainId, denom)?.wire;
  if (!wire) return undefined;
  if (wire.coingecko_id) return wire.coingecko_id;
  if (wire.origin_chain_id && (wire.origin_chain_id !== chainId || wire.origin_denom !== denom)) {
    return lookup.asset(wire.origin_chain_id, wire.origin_denom)?.wire.coingecko_id ?? undefined;
  }
  return undefined;
}

/** Decimals of the asset when known (a USD value cannot be computed without them). */
export function decimalsOf(lookup: AssetLookup, chainId: string, denom: string): number | undefined {
  const d = lookup.asset(chainId, denom)?.wire.decimals;
  return typeof d === 'number' && Number.isInteger(d) && d >= 0 ? d : undefined;
}
