/**
 * The asset questions of the information endpoints, answered from the registry alone (pure functions).
 */
import type { Asset } from '../wire/asset.js';
import type {
  AssetBetweenChains,
  AssetsBetweenChainsRequest,
  AssetsFromSourceRequest,
  OriginAssetEntry,
  RecommendationEntry,
} from '../wire/info.js';
import { invalidArgument, notFound } from '../errors.js';
import { isIbcDenom, parseTracePath } from '../denom/trace.js';
import { assetPasses } from '../registry/catalog.js';
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import type { AssetFamilies } from './reachability.js';
import type { MarketView } from './market.js';
import { swapReachable } from './swap-reach.js';

/** The asset a caller names, or a code-3 error naming the field at fault. */
export function requireAsset(registry: Registry, chainId: string, denom: string, prefix: string): RegistryAsset {
  if (!registry.chain(chainId)) throw invalidArgument(`invalid ${prefix}_chain_id: unknown chain id "${chainId}"`);
  const asset = registry.asset(chainId, denom);
  if (!asset) throw invalidArgument(`invalid ${prefix}_denom: unknown denom "${denom}" on chain ${chainId}`);
  return asset;
}

export function assetsFromSource(
  registry: Registry,
  families: AssetFamilies,
  market: MarketView,
  req: AssetsFromSourceRequest,
): Record<string, { assets: Asset[] }> {
  const source = requireAsset(registry, req.source_asset_chain_id, req.source_asset_denom, 'source_asset');
  const filter = {
    nativeOnly: req.native_only ?? false,
    includeNoMetadata: true,
    includeCw20: req.include_cw20_assets ?? false,
  };
  const allowMultiTx = req.allow_multi_tx ?? false;
  const out: Record<string, { assets: Asset[] }> = {};
  const seen = new Set<string>();
  const add = (a: RegistryAsset) => {
    const k = `${a.wire.chain_id}\u0000${a.wire.denom}`;
    if (
      seen.has(k) ||
      !assetPasses(a, filter) ||
      (a.wire.chain_id === source.wire.chain_id && a.wire.denom === source.wire.denom)
    )
      return;
    seen.add(k);
    (out[a.wire.chain_id] ??= { assets: [] }).assets.push(a.wire);
  };
  for (const r of families.reachable(source, allowMultiTx)) add(r.asset);
  if (req.include_swaps) {
    for (const r of swapReachable(registry, families, market, source, req.swap_venues ?? undefined)) {
      if (allowMultiTx || r.txsRequired === 1) add(r.asset);
    }
  }
  return out;
}

export function assetsBetweenChains(
  registry: Registry,
  families: AssetFamilies,
  req: AssetsBetweenChainsRequest,
): AssetBetweenChains[] {
  const source = registry.chain(req.source_chain_id);
  if (!source) throw notFound(`source chain not found: ${req.source_chain_id}`);
  const dest = registry.chain(req.dest_chain_id);
  if (!dest) throw notFound(`dest chain not found: ${req.dest_chain_id}`);
  const includeEvm = req.include_evm_assets ?? false;
  const filter = {
    nativeOnly: false,
    includeNoMetadata: req.include_no_metadata_assets ?? false,
    includeCw20: req.include_cw20_assets ?? false,
  };
  // include_evm_assets hides EVM tokens, except on a chain the caller named as source or destination: asking for
  // the assets between noble-1 and 1 must list USDC on Ethereum.
  const evmChainNamed = (a: RegistryAsset) =>
    a.wire.chain_id === source.wire.chain_id || a.wire.chain_id === dest.wire.chain_id;
  const passes = (a: RegistryAsset) => assetPasses(a, filter) && (includeEvm || !a.wire.is_evm || evmChainNamed(a));
  const out: AssetBetweenChains[] = [];
  for (const from of registry.listedAssets(source.wire.chain_id)) {
    if (!passes(from)) continue;
    for (const r of families.reachable(from, req.allow_multi_tx ?? false)) {
      if (r.asset.wire.chain_id !== dest.wire.chain_id || !passes(r.asset)) continue;
      out.push({
        asset_on_source: from.wire,
        asset_on_dest: r.asset.wire,
        txs_required: r.txsRequired,
        bridges: r.bridges,
      });
    }
  }
  return out;
}

export function recommendAssets(
  registry: Registry,
  families: AssetFamilies,
  requests: { source_asset_denom: string; source_asset_chain_id: string; dest_chain_id?: string | null | undefined }[],
): RecommendationEntry[] {
  const entries = requests.map((r): RecommendationEntry => {
    let source: RegistryAsset;
    try {
      source = requireAsset(registry, r.source_asset_chain_id, r.source_asset_denom, 'source_asset');
    } catch (err) {
      return { recommendations: [], error: { message: (err as Error).message } };
    }
    const destChain = r.dest_chain_id ?? source.wire.origin_chain_id;
    if (!registry.chain(destChain))
      return { recommendations: [], error: { message: `dest chain not found: ${destChain}` } };
    if (destChain === source.wire.chain_id) {
      return {
        recommendations: [{ asset: source.wire, reason: source.hops.length === 0 ? 'BASE_TOKEN' : 'DIRECT' }],
        error: null,
      };
    }
    const best = families.reachable(source, true).find((x) => x.asset.wire.chain_id === destChain);
    if (!best)
      return {
        recommendations: [],
        error: { message: `no recommendation found for ${r.source_asset_denom} on ${destChain}` },
      };
    return {
      recommendations: [{ asset: best.asset.wire, reason: best.asset.hops.length === 0 ? 'BASE_TOKEN' : 'DIRECT' }],
      error: null,
    };
  });
  if (entries.every((e) => e.recommendations.length === 0)) {
    const first = entries[0]?.error?.message;
    throw notFound(entries.length === 1 && first ? first : 'no recommendation found');
  }
  return entries;
}

/** A minimal asset record for something the registry does not list. */
function bareAsset(chainId: string, denom: string, origin?: { chainId: string; denom: string; trace: string }): Asset {
  return {
    denom,
    chain_id: chainId,
    origin_denom: origin?.denom ?? denom,
    origin_chain_id: origin?.chainId ?? chainId,
    trace: origin?.trace ?? '',
    is_cw20: denom.startsWith('cw20:'),
    is_evm: false,
    is_svm: false,
  };
}

export function ibcOriginAssets(registry: Registry, assets: { denom: string; chain_id: string }[]): OriginAssetEntry[] {
  return assets.map(({ denom, chain_id }): OriginAssetEntry => {
    if (!registry.chain(chain_id)) return { asset: bareAsset(chain_id, denom), asset_found: false };
    if (!isIbcDenom(denom)) {
      const listed = registry.listedAsset(chain_id, denom);
      return listed
        ? { asset: listed.wire, asset_found: true }
        : { asset: bareAsset(chain_id, denom), asset_found: false };
    }
    const held = registry.asset(chain_id, denom);
    if (held) {
      const origin = registry.listedAsset(held.wire.origin_chain_id, held.wire.origin_denom);
      if (origin) return { asset: origin.wire, asset_found: true };
    }
    // A voucher whose trace is known but whose origin asset is not in any asset list: report the origin we can prove.
    const path = registry.pathOfIbcDenom(chain_id, denom);
    if (path) {
      const trace = parseTracePath(path);
      const origin = registry.resolveOrigin(chain_id, trace.hops, trace.baseDenom);
      if (origin) return { asset: bareAsset(origin.chainId, origin.denom), asset_found: true };
    }
    return { asset: bareAsset(chain_id, denom), asset_found: false };
  });
}
