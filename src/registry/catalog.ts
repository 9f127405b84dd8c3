/**
 * Chain and asset listings for the information endpoints. The JSON of each chain's asset list is rendered once per
 * filter combination and reused, and whole listings are kept as bytes: `/v2/fungible/assets` for every chain writes a
 * cached Buffer, not a serialisation of thousands of objects per request.
 */
import { gzipSync } from 'node:zlib';
import type { Asset } from '../wire/asset.js';
import type { Chain } from '../wire/chain.js';
import type { Registry } from './registry.js';
import type { RegistryAsset, RegistryChain } from './types.js';

export interface AssetFilter {
  nativeOnly: boolean;
  includeNoMetadata: boolean;
  includeCw20: boolean;
}

export interface ChainFilter {
  chainIds?: readonly string[] | undefined;
  includeEvm: boolean;
  includeSvm: boolean;
  onlyTestnets: boolean;
}

export function assetPasses(a: RegistryAsset, f: AssetFilter): boolean {
  if (f.nativeOnly && a.hops.length > 0) return false;
  if (!f.includeNoMetadata && !a.hasMetadata) return false;
  if (!f.includeCw20 && a.wire.is_cw20) return false;
  return true;
}

/** Chains selected by a filter, in registry order. Explicit chain ids are returned whatever their type. */
export function selectChains(registry: Registry, f: ChainFilter): RegistryChain[] {
  if (f.chainIds && f.chainIds.length > 0) {
    const seen = new Set<string>();
    const out: RegistryChain[] = [];
    for (const id of f.chainIds) {
      const c = registry.chain(id);
      if (c && !seen.has(id) && c.wire.is_testnet === f.onlyTestnets) out.push(c);
      seen.add(id);
    }
    return out;
  }
  return [...registry.chains.values()].filter(
    (c) =>
      c.wire.is_testnet === f.onlyTestnets &&
      (c.wire.chain_type === 'cosmos' ||
        (c.wire.chain_type === 'evm' && f.includeEvm) ||
        (c.wire.chain_type === 'svm' && f.includeSvm)),
  );
}

export class AssetCatalog {
  private readonly fragments = new Map<string, string>();
  /**
   * Whole response bodies of listings without an explicit chain list, as bytes ready for the socket: at most 64
   * keys (three chain-type flags by three asset filters). Concatenating ~1 MB of fragments and encoding it to UTF-8
   * on every request cost about 7 ms of server time per request, which under concurrent load queued into a p50 of
   * over 100 ms; writing a cached Buffer costs a fraction of a millisecond. The gzip form (for clients that accept
   * it, as fetch and browsers do) is made on first use: under a fifth of the bytes to write and to parse.
   */
  private readonly bodies = new Map<string, { json: Buffer; gzip?: Buffer }>();

  constructor(private readonly registry: Registry) {}

  /** Renders the default views of every chain, and the two usual whole listings, so no request pays for it. */
  warm(): void {
    const f: AssetFilter = { nativeOnly: false, includeNoMetadata: false, includeCw20: false };
    for (const id of this.registry.chains.keys()) this.fragment(id, f);
    this.listingBody({ includeEvm: false, includeSvm: false, onlyTestnets: false }, f);
    this.listingBody({ includeEvm: true, includeSvm: true, onlyTestnets: false }, f);
  }

  /**
   * The body of `/v2/fungible/assets` for a chain selection and filter, as UTF-8 JSON bytes, gzipped when the
   * caller accepts gzip and the listing is one of the cached whole listings.
   */
  listingBody(sel: ChainFilter, f: AssetFilter, acceptGzip = false): { body: Buffer; gzip: boolean } {
    if (sel.chainIds && sel.chainIds.length > 0) {
      return { body: Buffer.from(this.chainToAssetsJson(selectChains(this.registry, sel), f)), gzip: false };
    }
    const key = `${+sel.includeEvm}${+sel.includeSvm}${+sel.onlyTestnets}${+f.nativeOnly}${+f.includeNoMetadata}${+f.includeCw20}`;
    let entry = this.bodies.get(key);
    if (!entry)
      this.bodies.set(
        key,
        (entry = { json: Buffer.from(this.chainToAssetsJson(selectChains(this.registry, sel), f)) }),
      );
    if (!acceptGzip) return { body: entry.json, gzip: false };
    entry.gzip ??= gzipSync(entry.json);
    return { body: entry.gzip, gzip: true };
  }

  assets(chainId: string, f: AssetFilter): Asset[] {
    return [...this.registry.listedAssets(chainId)].filter((a) => assetPasses(a, f)).map((a) => a.wire);
  }

  /** `"<chain id>":{"assets":[...]}` for one chain under one filter. */
  fragment(chainId: string, f: AssetFilter): string {
    const key = `${chainId}\u0000${+f.nativeOnly}${+f.includeNoMetadata}${+f.includeCw20}`;
    let s = this.fragments.get(key);
    if (s === undefined) {
      s = `${JSON.stringify(chainId)}:${JSON.stringify({ assets: this.assets(chainId, f) })}`;
      this.fragments.set(key, s);
    }
    return s;
  }

  /** The body of `/v2/fungible/assets` for the given chains. */
  chainToAssetsJson(chains: readonly RegistryChain[], f: AssetFilter): string {
    return `{"chain_to_assets_map":{${chains.map((c) => this.fragment(c.wire.chain_id, f)).join(',')}}}`;
  }
}

export function chainsOf(chains: readonly RegistryChain[]): Chain[] {
  return chains.map((c) => c.wire);
}
