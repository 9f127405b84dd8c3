/** A tiny AssetLookup for tests: assets declared inline instead of building the whole registry. */
import { assetKey, type AssetFacts, type AssetLookup } from '../sources/types.js';

export interface FakeAsset extends Partial<AssetFacts> {
  chainId: string;
  denom: string;
}

export function fakeAssets(assets: readonly FakeAsset[]): AssetLookup {
  const map = new Map<string, { wire: AssetFacts }>();
  for (const a of assets) {
    map.set(assetKey(a.chainId, a.denom), {
      wire: {
        decimals: a.decimals ?? null,
        coingecko_id: a.coingecko_id ?? null,
        origin_chain_id: a.origin_chain_id ?? a.chainId,
        origin_denom: a.origin_denom ?? a.denom,
      },
    });
  }
  return { asset: (chainId, denom) => map.get(assetKey(chainId, denom)) };
}
