/**
 * Builds the Registry at start-up from the chain-registry package (Cosmos chains, asset lists, channels; see
 * sources.ts) and the project's data files (capabilities, contracts, non-Cosmos chains, corrections); viem checksums
 * EVM addresses.
 */
import type { Asset as CrAsset, AssetList } from '@chain-registry/types';
import { getAddress, isAddress } from 'viem';
import type { Asset } from '../wire/asset.js';
import { isIbcDenom, parseTracePath, traceHopsString, type Hop } from '../denom/trace.js';
import {
  buildChannels,
  buildCosmosChain,
  collectCosmosAssets,
  isUsableCosmosChain,
  logoOf,
  type RawAsset,
} from './cosmos.js';
import { loadDataFiles, type DataFiles, type NonCosmosChainEntry } from './data-files.js';
import { buildNonCosmosChain, nativeCurrencyOf } from './non-cosmos.js';
import { Registry } from './registry.js';
import { withInitiaRollups } from './rollups.js';
import { loadRegistrySources, type RegistrySources } from './sources.js';
import { erc20Asset, loadTokenList, tokenListAssets, type TokenList } from './token-list.js';
import type { ChannelEnd, RegistryAsset, RegistryChain } from './types.js';

const IBC_TRACE_TYPES = new Set(['ibc', 'ibc-cw20', 'ibc-bridge']);
/** Token standards Junction can move: bank coins, CW20, ERC-20 and native gas tokens. */
const SUPPORTED_TYPES = new Set(['sdk.coin', 'ics20', 'cw20', 'erc20', 'evm-base', 'svm-base', 'sdk.factory']);

export function buildRegistry(
  data: DataFiles = loadDataFiles(),
  sources: RegistrySources = loadRegistrySources(),
  tokenList: TokenList = loadTokenList(),
): Registry {
  const { ibcData, nonCosmosAssetLists } = sources;
  const { chains: mainnetChains, assetLists: mainnetAssetLists } = withInitiaRollups(
    sources.chains,
    sources.assetLists,
  );
  const chains = new Map<string, RegistryChain>();
  const chainIdOfName = new Map<string, string>();

  for (const c of mainnetChains) {
    if (!isUsableCosmosChain(c) || chains.has(c.chainId)) continue;
    const recordedFee = data.cosmosFeeAssets?.recorded[c.chainId];
    chains.set(c.chainId, buildCosmosChain(c, data.capabilities, data.contracts, data.ibcTransferFees, recordedFee));
    chainIdOfName.set(c.chainName, c.chainId);
  }
  const nonCosmosByRegistryName = new Map<string, (typeof data.nonCosmosChains.chains)[number]>();
  for (const entry of data.nonCosmosChains.chains) {
    chains.set(entry.chain_id, buildNonCosmosChain(entry));
    nonCosmosByRegistryName.set(entry.registry_name, entry);
  }

  const ends: ChannelEnd[] = buildChannels(ibcData, chainIdOfName);
  for (const c of data.contracts.eureka.clients) {
    if (!chains.has(c.chain_id) || !chains.has(c.counterparty_chain_id)) continue;
    ends.push(
      {
        chainId: c.chain_id,
        port: 'transfer',
        channel: c.client_id,
        counterpartyChainId: c.counterparty_chain_id,
        counterpartyPort: 'transfer',
        counterpartyChannel: c.counterparty_client_id,
        preferred: true,
        ibcV2: true,
      },
      {
        chainId: c.counterparty_chain_id,
        port: 'transfer',
        channel: c.counterparty_client_id,
        counterpartyChainId: c.chain_id,
        counterpartyPort: 'transfer',
        counterpartyChannel: c.client_id,
        preferred: true,
        ibcV2: true,
      },
    );
  }

  // Raw asset entries, Cosmos first, then the non-Cosmos lists mapped to Junction's chain ids.
  const raw: RawAsset[] = collectCosmosAssets(mainnetAssetLists, chainIdOfName);
  const allLists: AssetList[] = [...mainnetAssetLists, ...nonCosmosAssetLists];
  for (const list of allLists) {
    const entry = nonCosmosByRegistryName.get(list.chainName);
    if (!entry) continue;
    const native = nativeAssetOf(list.assets, entry);
    for (const a of list.assets) {
      if (a === native) {
        // The gas token is `<chain>-native` on the wire whatever standard the list files it under.
        raw.push({
          chainId: entry.chain_id,
          denom: entry.native_denom,
          source: { ...a, typeAsset: entry.chain_type === 'evm' ? 'evm-base' : 'svm-base' },
        });
        continue;
      }
      if (a.deprecated || a.typeAsset === 'evm-base' || a.typeAsset === 'svm-base') continue;
      const denom = nonCosmosDenom(a, entry.chain_type);
      if (denom) raw.push({ chainId: entry.chain_id, denom, source: a });
    }
  }
  // A chain no chain-registry list describes (Linea, Sonic...) still has its gas token, from its own data entry.
  for (const entry of data.nonCosmosChains.chains) {
    if (!raw.some((r) => r.chainId === entry.chain_id && r.denom === entry.native_denom))
      raw.push({ chainId: entry.chain_id, denom: entry.native_denom, source: nativeFromEntry(entry) });
  }
  // Then the token list's main tokens of each EVM chain and Solana (a denom already listed keeps its first entry).
  for (const entry of data.nonCosmosChains.chains) {
    for (const a of tokenListAssets(tokenList, entry)) {
      // The list writes EVM addresses EIP-55 checksummed (token-list.test.ts checks every one): trusting a mixed-case
      // address saves a keccak per token at start-up.
      const denom =
        entry.chain_type === 'evm' && isChecksummedForm(a.address) ? a.address : nonCosmosDenom(a, entry.chain_type);
      if (denom) raw.push({ chainId: entry.chain_id, denom, source: a });
    }
  }
  // Then the tokens a bridge delivers that neither source lists (Hyperlane's TIA.n on Arbitrum, ...).
  for (const t of data.bridgeTokens.tokens) {
    if (data.nonCosmosChains.chains.some((c) => c.chain_id === t.chain_id))
      raw.push({
        chainId: t.chain_id,
        denom: t.address,
        source: erc20Asset({ ...t, coingeckoId: t.coingecko_id, logoUri: t.logo_uri }),
      });
  }

  // Then the ERC-20s IBC Eureka mints for Cosmos assets: their trace is an IBC v2 client hop, which resolves their
  // origin over the Eureka client ends above.
  for (const e of data.eurekaAssets?.assets ?? []) {
    const trace = { hops: [{ port: 'transfer', channel: e.client_id }], baseDenom: e.base_denom };
    raw.push({ chainId: e.chain_id, denom: getAddress(e.denom), trace, source: eurekaAssetSource(e) });
  }

  // First pass: every asset keyed by its denom, hops parsed, origin not yet resolved.
  const provisional = new Registry(chains, new Map(), ends);
  const listed = new Map<string, Map<string, RegistryAsset>>();
  const pending: { chainId: string; raw: RawAsset; hops: Hop[]; baseDenom: string }[] = [];
  for (const r of raw) {
    if (!SUPPORTED_TYPES.has(r.source.typeAsset)) continue;
    const chain = chains.get(r.chainId)!;
    const denom = chain.wire.chain_type === 'cosmos' ? cosmosDenom(r.source) : r.denom;
    let byDenom = listed.get(r.chainId);
    if (!byDenom) listed.set(r.chainId, (byDenom = new Map()));
    if (byDenom.has(denom)) continue;
    const { hops, baseDenom } = r.trace ?? traceOf(r.source, denom);
    pending.push({ chainId: r.chainId, raw: { ...r, denom }, hops, baseDenom });
    byDenom.set(denom, placeholder(r.chainId, denom, hops, baseDenom));
  }

  // Second pass: origins. Walk the hops over known channels; fall back to the registry's own trace pointer, resolved
  // recursively so the answer does not depend on the order of the asset lists. Vouchers whose origin cannot be
  // proven (retired chains, a trace that disagrees with its own pointer) cannot be routed and are left out.
  const pendingByKey = new Map(pending.map((p) => [`${p.chainId}\u0000${p.raw.denom}`, p]));
  const resolved = new Map<string, { chainId: string; denom: string } | null>();
  const originOf = (chainId: string, denom: string, depth = 0): { chainId: string; denom: string } | undefined => {
    const key = `${chainId}\u0000${denom}`;
    const memo = resolved.get(key);
    if (memo !== undefined) return memo ?? undefined;
    const p = pendingByKey.get(key);
    if (!p || depth > 8) return undefined;
    resolved.set(key, null); // a cycle of pointers resolves to nothing
    const origin =
      (p.hops.length === 0 ? { chainId: p.chainId, denom: p.baseDenom } : undefined) ??
      provisional.resolveOrigin(p.chainId, p.hops, p.baseDenom) ??
      registryPointerOrigin(p, chains, chainIdOfName, nonCosmosByRegistryName, pendingByKey, (c, d) =>
        originOf(c, d, depth + 1),
      );
    resolved.set(key, origin ?? null);
    return origin;
  };
  for (const p of pending) {
    const origin = originOf(p.chainId, p.raw.denom);
    if (!origin) {
      listed.get(p.chainId)!.delete(p.raw.denom);
      continue;
    }
    const asset = listed.get(p.chainId)!.get(p.raw.denom)!;
    Object.assign(asset, makeAsset(p.raw, chains.get(p.chainId)!, origin, p.hops, p.baseDenom, data));
  }

  const registry = new Registry(chains, listed, ends);
  registry.deferOneHopVouchers(oneHopVoucherPaths(registry));
  return registry;
}

/** The gas token of a chain as its data entry states it (`<chain>-native`, viem's currency facts). */
function nativeFromEntry(entry: NonCosmosChainEntry): CrAsset {
  const c = nativeCurrencyOf(entry);
  return {
    base: entry.native_denom,
    typeAsset: entry.chain_type === 'evm' ? 'evm-base' : 'svm-base',
    name: c.name,
    symbol: c.symbol,
    display: c.symbol,
    denomUnits: [
      { denom: entry.native_denom, exponent: 0 },
      { denom: c.symbol, exponent: c.decimals },
    ],
    logoURIs: { svg: entry.logo_uri },
  } as CrAsset;
}

/**
 * The list entry of a non-Cosmos chain's gas token: its live `evm-base` / `svm-base` entry, or else the live entry
 * carrying the native currency's symbol. Polygon files POL as an `erc20` (base 0x…1010, with WPOL's address) and keeps
 * only a deprecated `evm-base` MATIC, which once left Polygon without `polygon-native` and listed WPOL's address as POL.
 */
function nativeAssetOf(assets: readonly CrAsset[], entry: NonCosmosChainEntry): CrAsset | undefined {
  const live = assets.filter((a) => !a.deprecated);
  const base = live.find((a) => a.typeAsset === 'evm-base' || a.typeAsset === 'svm-base');
  if (base) return base;
  const symbol = nativeCurrencyOf(entry).symbol;
  return live.find((a) => a.symbol === symbol);
}

function nonCosmosDenom(a: CrAsset, type: 'evm' | 'svm'): string | undefined {
  if (a.typeAsset !== 'erc20') return undefined;
  const address = a.address ?? a.base;
  if (type === 'evm') {
    try {
      return getAddress(address);
    } catch {
      return undefined;
    }
  }
  return address; // SPL mint, base58, case-sensitive
}

/** An 0x address with both upper- and lower-case hex letters: the shape of an EIP-55 checksummed address. */
function isChecksummedForm(address: string | undefined): address is string {
  return address !== undefined && /^0x[0-9a-fA-F]{40}$/.test(address) && /[a-f]/.test(address) && /[A-F]/.test(address);
}

/** CW20 tokens are addressed as `cw20:<contract>` on the wire; the registry writes both spellings. */
function cosmosDenom(a: CrAsset): string {
  if (a.typeAsset === 'cw20') return a.base.startsWith('cw20:') ? a.base : `cw20:${a.address ?? a.base}`;
  return a.base;
}

function traceOf(a: CrAsset, denom: string): { hops: Hop[]; baseDenom: string } {
  if (!denom.startsWith('ibc/')) return { hops: [], baseDenom: denom };
  const ibcTrace = [...(a.traces ?? [])].reverse().find((t) => IBC_TRACE_TYPES.has(t.type));
  const path = ibcTrace && 'chain' in ibcTrace ? (ibcTrace.chain as { path?: string }).path : undefined;
  if (!path) return { hops: [], baseDenom: denom };
  const t = parseTracePath(path);
  return { hops: t.hops, baseDenom: t.baseDenom };
}

/**
 * The origin of a voucher whose hops cannot be walked over known channels (a CW20 port, a channel the IBC data does
 * not list): follow the registry's trace pointer to the counterparty asset and take that asset's origin. Accepted
 * only when it is consistent with the voucher's own trace, whose hash the denom proves: the origin denom must be the
 * trace's base denom. A pointer to a voucher on an intermediate chain that itself cannot be resolved gives nothing
 * (the intermediate chain is not the origin).
 */
function registryPointerOrigin(
  p: { chainId: string; raw: RawAsset; baseDenom: string },
  chains: ReadonlyMap<string, RegistryChain>,
  chainIdOfName: Map<string, string>,
  nonCosmos: Map<string, { chain_id: string }>,
  pendingByKey: { has(key: string): boolean },
  originOf: (chainId: string, denom: string) => { chainId: string; denom: string } | undefined,
): { chainId: string; denom: string } | undefined {
  const t = [...(p.raw.source.traces ?? [])].reverse().find((x) => IBC_TRACE_TYPES.has(x.type));
  if (!t) return undefined;
  const chainId = chainIdOfName.get(t.counterparty.chainName) ?? nonCosmos.get(t.counterparty.chainName)?.chain_id;
  const chain = chainId === undefined ? undefined : chains.get(chainId);
  if (!chainId || !chain) return undefined;
  let origin: { chainId: string; denom: string } | undefined;
  if (chain.wire.chain_type === 'cosmos') {
    // The counterparty asset as listed there (CW20 bases are listed as cw20:<contract>).
    const base = t.counterparty.baseDenom;
    const listedAs = [base, `cw20:${base}`].find((d) => pendingByKey.has(`${chainId}\u0000${d}`));
    if (listedAs !== undefined) origin = originOf(chainId, listedAs);
    else if (!isIbcDenom(base)) origin = { chainId, denom: base }; // a native denom the asset list does not carry
  } else {
    // A non-Cosmos origin must be an asset Junction lists there (EVM addresses checksummed).
    const denom =
      chain.wire.chain_type === 'evm' && isAddress(p.baseDenom, { strict: false })
        ? getAddress(p.baseDenom)
        : p.baseDenom;
    if (pendingByKey.has(`${chainId}\u0000${denom}`)) origin = { chainId, denom };
  }
  if (!origin) return undefined;
  return sameDenom(origin.denom, p.baseDenom) ? origin : undefined;
}

/** Trace base denoms carry ERC-20 addresses in lower case; everything else compares exactly. */
function sameDenom(a: string, b: string): boolean {
  return a === b || (/^0x[0-9a-fA-F]{40}$/.test(a) && a.toLowerCase() === b.toLowerCase());
}

function placeholder(chainId: string, denom: string, hops: Hop[], baseDenom: string): RegistryAsset {
  return {
    wire: {
      denom,
      chain_id: chainId,
      origin_denom: baseDenom,
      origin_chain_id: chainId,
      trace: traceHopsString(hops),
      is_cw20: false,
      is_evm: false,
      is_svm: false,
    },
    hops,
    baseDenom,
    hasMetadata: false,
  };
}

/** A data-file Eureka ERC-20 in the shape of an asset-list entry. */
function eurekaAssetSource(e: NonNullable<DataFiles['eurekaAssets']>['assets'][number]): CrAsset {
  return {
    typeAsset: 'erc20',
    base: e.denom,
    address: e.denom,
    name: e.name,
    display: e.symbol.toLowerCase(),
    symbol: e.symbol,
    denomUnits: [
      { denom: e.denom, exponent: 0 },
      { denom: e.symbol.toLowerCase(), exponent: e.decimals },
    ],
    logoURIs: { png: e.logo_uri },
    ...(e.coingecko_id ? { coingeckoId: e.coingecko_id } : {}),
  } as CrAsset;
}

function decimalsOf(a: CrAsset): number | undefined {
  const display = a.denomUnits.find((u) => u.denom === a.display);
  if (display) return display.exponent;
  const max = Math.max(...a.denomUnits.map((u) => u.exponent));
  return Number.isFinite(max) ? max : undefined;
}

function makeAsset(
  r: RawAsset,
  chain: RegistryChain,
  origin: { chainId: string; denom: string },
  hops: Hop[],
  baseDenom: string,
  data: DataFiles,
): RegistryAsset {
  const a = r.source;
  const type = chain.wire.chain_type;
  const isNative = a.typeAsset === 'evm-base' || a.typeAsset === 'svm-base';
  const entry = data.nonCosmosChains.chains.find((c) => c.chain_id === r.chainId);
  const native = isNative && entry ? nativeCurrencyOf(entry) : undefined;
  const correction = data.assetCorrections.assets.find((c) => c.chain_id === r.chainId && c.denom === r.denom);
  const decimals = correction?.decimals ?? native?.decimals ?? decimalsOf(a);
  const tokenContract =
    a.typeAsset === 'cw20' ? r.denom.slice('cw20:'.length) : type !== 'cosmos' && !isNative ? r.denom : null;
  const wire: Asset = {
    denom: r.denom,
    chain_id: r.chainId,
    origin_denom: origin.denom,
    origin_chain_id: origin.chainId,
    trace: traceHopsString(hops),
    is_cw20: a.typeAsset === 'cw20',
    is_evm: type === 'evm',
    is_svm: type === 'svm',
    symbol: a.symbol ?? null,
    name: a.name ?? null,
    logo_uri: logoOf(a),
    decimals: decimals ?? null,
    token_contract: tokenContract,
    description: a.description ?? null,
    coingecko_id: correction?.coingecko_id ?? a.coingeckoId ?? null,
    recommended_symbol: a.symbol ?? null,
  };
  return {
    wire,
    hops,
    baseDenom: hops.length ? baseDenom : r.denom,
    hasMetadata: Boolean(a.symbol) && decimals !== undefined,
  };
}

/**
 * The trace path of every voucher one hop away from a listed asset, per chain it lands on, so that any voucher an IBC
 * transfer of a listed asset can mint is recognised by ibc_origin_assets and route requests without a network
 * lookup. Paths are produced lazily: the registry hashes them after start-up (Registry.deferOneHopVouchers).
 */
function oneHopVoucherPaths(registry: Registry): Map<string, Iterable<string>> {
  const sendersTo = new Map<string, ChannelEnd[]>();
  for (const chain of registry.chains.values()) {
    if (chain.wire.chain_type !== 'cosmos') continue;
    for (const end of registry.channelsFrom(chain.wire.chain_id)) {
      let list = sendersTo.get(end.counterpartyChainId);
      if (!list) sendersTo.set(end.counterpartyChainId, (list = []));
      list.push(end);
    }
  }
  const byChain = new Map<string, Iterable<string>>();
  for (const [chainId, ends] of sendersTo)
    byChain.set(chainId, { [Symbol.iterator]: () => pathsOverEnds(registry, ends) });
  return byChain;
}

/** Each listed asset of each end's chain, sent over that end (sends that unwind the asset's last hop excluded). */
function* pathsOverEnds(registry: Registry, ends: readonly ChannelEnd[]): Generator<string> {
  for (const end of ends) {
    for (const a of registry.listedAssets(end.chainId)) {
      if (a.wire.is_cw20) continue;
      const first = a.hops[0];
      if (first && first.port === end.port && first.channel === end.channel) continue; // that send unwinds
      const path = a.hops.length ? `${traceHopsString(a.hops)}/${a.baseDenom}` : a.baseDenom;
      yield `${end.counterpartyPort}/${end.counterpartyChannel}/${path}`;
    }
  }
}
