/** Chains, assets, bridges and venues, loaded once from the API, with the look-ups the page needs. */
import { api } from './api.js';
import { fromBaseUnits } from './units.js';
import type { Asset, Bridge, Chain, Venue } from './wire.js';

export interface Catalog {
  chains: Chain[];
  chain(id: string | undefined): Chain | undefined;
  assets(chainId: string): Asset[];
  asset(chainId: string | undefined, denom: string): Asset | undefined;
  bridges: Bridge[];
  venues: Venue[];
  /** "1.5 ATOM" (or the base amount and denom when the asset is unknown). */
  amount(chainId: string | undefined, denom: string, amount: string): string;
  chainName(id: string | undefined): string;
  symbol(chainId: string | undefined, denom: string): string;
  /** The origin asset of an ibc/ voucher the asset list does not name (POST /v2/fungible/ibc_origin_assets), cached. */
  origin(chainId: string, denom: string): Promise<Asset | undefined>;
}

export async function loadCatalog(): Promise<Catalog> {
  const [chains, assets, bridges, venues] = await Promise.all([
    api<{ chains: Chain[] }>('/v2/info/chains?include_evm=true&include_svm=true'),
    api<{ chain_to_assets_map: Record<string, { assets: Asset[] }> }>(
      '/v2/fungible/assets?include_evm_assets=true&include_svm_assets=true&include_cw20_assets=true',
    ),
    api<{ bridges: Bridge[] }>('/v2/info/bridges'),
    api<{ venues: Venue[] }>('/v2/fungible/venues'),
  ]);
  return makeCatalog(chains.chains, assets.chain_to_assets_map, bridges.bridges, venues.venues);
}

function makeCatalog(
  chains: Chain[],
  byChain: Record<string, { assets: Asset[] }>,
  bridges: Bridge[],
  venues: Venue[],
): Catalog {
  const chainMap = new Map(chains.map((c) => [c.chain_id, c]));
  const sorted = [...chains].sort((a, b) => a.pretty_name.localeCompare(b.pretty_name));
  const assetMap = new Map<string, Asset>();
  const lists = new Map<string, Asset[]>();
  for (const [chainId, { assets }] of Object.entries(byChain)) {
    lists.set(
      chainId,
      [...assets].sort((a, b) => (a.symbol ?? a.denom).localeCompare(b.symbol ?? b.denom)),
    );
    for (const a of assets) assetMap.set(`${chainId}\n${a.denom}`, a);
  }
  const asset = (chainId: string | undefined, denom: string) =>
    chainId === undefined ? undefined : assetMap.get(`${chainId}\n${denom}`);
  const origins = new Map<string, Promise<Asset | undefined>>();
  return {
    chains: sorted,
    chain: (id) => (id === undefined ? undefined : chainMap.get(id)),
    assets: (chainId) => lists.get(chainId) ?? [],
    asset,
    bridges,
    venues,
    amount(chainId, denom, amount) {
      const a = asset(chainId, denom);
      if (!a || a.decimals === null || a.decimals === undefined || !/^-?\d+$/.test(amount)) return `${amount} ${denom}`;
      return `${fromBaseUnits(amount, a.decimals)} ${a.symbol ?? denom}`;
    },
    chainName: (id) => (id === undefined ? '' : (chainMap.get(id)?.pretty_name ?? id)),
    symbol: (chainId, denom) => asset(chainId, denom)?.symbol ?? denom,
    origin(chainId, denom) {
      const key = `${chainId}\n${denom}`;
      let p = origins.get(key);
      if (!p) {
        p = api<{ origin_assets: { asset?: Asset | null; asset_found: boolean }[] }>('/v2/fungible/ibc_origin_assets', {
          assets: [{ chain_id: chainId, denom }],
        }).then(
          (r) => (r.origin_assets[0]?.asset_found ? (r.origin_assets[0].asset ?? undefined) : undefined),
          () => undefined,
        );
        origins.set(key, p);
      }
      return p;
    },
  };
}

/**
 * Search over every chain's assets by symbol and chain: each word must start the symbol or appear in the chain's
 * names or id ("atom hub" → ATOM on Cosmos Hub). Exact symbol matches first, native assets before vouchers.
 */
export function searchAssets(catalog: Catalog, text: string, limit = 8): Asset[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const out: { a: Asset; score: number }[] = [];
  for (const chain of catalog.chains) {
    const names = `${chain.pretty_name} ${chain.chain_name} ${chain.chain_id}`.toLowerCase();
    for (const a of catalog.assets(chain.chain_id)) {
      const symbol = (a.symbol ?? '').toLowerCase();
      let score = 0;
      let ok = true;
      for (const w of words) {
        if (symbol === w) score += 4;
        else if (symbol.startsWith(w)) score += 2;
        else if (names.includes(w)) score += 1;
        else {
          ok = false;
          break;
        }
      }
      if (!ok || !words.some((w) => symbol.startsWith(w))) continue;
      if (a.origin_chain_id === a.chain_id) score += 1;
      out.push({ a, score });
    }
  }
  return out
    .sort((x, y) => y.score - x.score || catalog.chainName(x.a.chain_id).localeCompare(catalog.chainName(y.a.chain_id)))
    .slice(0, limit)
    .map((x) => x.a);
}
