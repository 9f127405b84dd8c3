/**
 * The in-memory registry: chains, assets keyed by (chain_id, denom), ICS-20 channels and the table of known `ibc/`
 * hashes. Built once at start-up (build.ts); read-only afterwards except for the memo of derived vouchers, which
 * is a deterministic cache.
 */
import { getAddress, isAddress } from 'viem';
import type { Asset } from '../wire/asset.js';
import {
  denomOfTrace,
  ibcDenomOfPath,
  isIbcDenom,
  parseTracePath,
  traceHopsString,
  tracePath,
  type DenomTrace,
  type Hop,
} from '../denom/trace.js';
import type { ChannelEnd, RegistryAsset, RegistryChain } from './types.js';

export interface Origin {
  chainId: string;
  denom: string;
}

const endKey = (chainId: string, port: string, channel: string) => `${chainId}\u0000${port}\u0000${channel}`;
const pairKey = (from: string, to: string) => `${from}\u0000${to}`;

/** An ERC-20 token denom: its contract address. */
const ERC20_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export class Registry {
  private readonly endByKey = new Map<string, ChannelEnd>();
  private readonly endsFrom = new Map<string, ChannelEnd[]>();
  private readonly preferred = new Map<string, ChannelEnd>();
  /** `ibc/<HASH>` → full trace path, for every voucher an asset list names (on whichever chain) or a caller recorded. */
  private readonly ibcPaths = new Map<string, string>();
  /**
   * Per chain: `ibc/<HASH>` → path of each voucher that one IBC transfer of a listed asset mints there. Some 20,000
   * SHA-256 hashes in all (~0.2 s), so they are not computed while the server starts: a chain's table is filled
   * the first time a lookup on that chain needs it, and the start-up warm-up fills the rest in small slices.
   */
  private readonly oneHop = new Map<string, Map<string, string>>();
  /** Chains whose one-hop table is not filled yet, with the generator that fills it. */
  private readonly pendingOneHop = new Map<string, Iterator<unknown>>();
  private readonly derived = new Map<string, RegistryAsset | null>();
  /** ERC-20 asset-list entries by chain and lower-cased address, built on first use (listedAsset). */
  private erc20ByLowerCase: Map<string, RegistryAsset> | undefined;

  constructor(
    readonly chains: ReadonlyMap<string, RegistryChain>,
    /** Assets from the asset lists: chain id → denom → asset. */
    private readonly listed: ReadonlyMap<string, ReadonlyMap<string, RegistryAsset>>,
    channelEnds: readonly ChannelEnd[],
  ) {
    for (const end of channelEnds) {
      this.endByKey.set(endKey(end.chainId, end.port, end.channel), end);
      if (end.ibcV2) continue; // IBC v2 clients resolve traces but are routed by the Eureka bridge, not as channels.
      let list = this.endsFrom.get(end.chainId);
      if (!list) this.endsFrom.set(end.chainId, (list = []));
      list.push(end);
    }
    for (const [chainId, ends] of this.endsFrom) {
      ends.sort(compareEnds);
      for (const end of ends) {
        const k = pairKey(chainId, end.counterpartyChainId);
        if (!this.preferred.has(k)) this.preferred.set(k, end);
      }
    }
    for (const byDenom of listed.values()) {
      for (const a of byDenom.values()) if (a.hops.length > 0) this.rememberPath(tracePath(a));
    }
  }

  chain(chainId: string): RegistryChain | undefined {
    return this.chains.get(chainId);
  }

  /** Asset-list entries of a chain, in list order. */
  listedAssets(chainId: string): Iterable<RegistryAsset> {
    return this.listed.get(chainId)?.values() ?? [];
  }

  /**
   * An asset-list entry. An ERC-20 address matches in any letter case: the lists spell it in its EIP-55 checksum
   * form, while clients (and Skip's own answers, whose operations carry lower-case `denom_in`) often send it lower-case;
   * the entry answered keeps the list's spelling, which the rest of Junction then uses.
   */
  listedAsset(chainId: string, denom: string): RegistryAsset | undefined {
    const exact = this.listed.get(chainId)?.get(denom);
    if (exact || !ERC20_ADDRESS.test(denom)) return exact;
    return this.erc20Index().get(`${chainId}\u0000${denom.toLowerCase()}`);
  }

  private erc20Index(): Map<string, RegistryAsset> {
    if (this.erc20ByLowerCase) return this.erc20ByLowerCase;
    const index = new Map<string, RegistryAsset>();
    for (const [chainId, byDenom] of this.listed)
      for (const [denom, asset] of byDenom)
        if (ERC20_ADDRESS.test(denom)) index.set(`${chainId}\u0000${denom.toLowerCase()}`, asset);
    return (this.erc20ByLowerCase = index);
  }

  /**
   * The asset for (chain, denom): an asset-list entry, or an `ibc/` voucher whose trace is known and resolves to a
   * listed origin asset (metadata then comes from the origin).
   */
  asset(chainId: string, denom: string): RegistryAsset | undefined {
    const listed = this.listedAsset(chainId, denom);
    if (listed) return listed;
    if (!this.chains.has(chainId) || !isIbcDenom(denom)) return undefined;
    // Only denoms with a known path are memoised: unknown hashes a caller sends must not grow memory.
    const path = this.pathOfIbcDenom(chainId, denom);
    if (!path) return undefined;
    const key = `${chainId}\u0000${denom}`;
    const memo = this.derived.get(key);
    if (memo !== undefined) return memo ?? undefined;
    const made = this.deriveVoucher(chainId, parseTracePath(path));
    this.derived.set(key, made ?? null);
    return made;
  }

  channelEnd(chainId: string, port: string, channel: string): ChannelEnd | undefined {
    return this.endByKey.get(endKey(chainId, port, channel));
  }

  /** Classic ICS-20 channel ends of a chain, preferred ones first. */
  channelsFrom(chainId: string): readonly ChannelEnd[] {
    return this.endsFrom.get(chainId) ?? [];
  }

  /** The transfer channel to use from one chain to another: the registry's preferred one, else the lowest id. */
  transferChannel(from: string, to: string): ChannelEnd | undefined {
    return this.preferred.get(pairKey(from, to));
  }

  /** Where a trace held on `chainId` comes from, by walking its hops over known channel ends. */
  resolveOrigin(chainId: string, hops: readonly Hop[], baseDenom: string): Origin | undefined {
    let at = chainId;
    for (const hop of hops) {
      const end = this.endByKey.get(endKey(at, hop.port, hop.channel));
      if (!end) return undefined;
      at = end.counterpartyChainId;
    }
    const origin = this.chains.get(at);
    if (!origin) return undefined;
    // Eureka traces carry the ERC-20 address in lower case; the EVM denom on the wire is checksummed.
    const denom =
      origin.wire.chain_type === 'evm' && isAddress(baseDenom, { strict: false }) ? getAddress(baseDenom) : baseDenom;
    return { chainId: at, denom };
  }

  /** Records a full trace path so its `ibc/` hash can be resolved later. Returns the denom. */
  rememberPath(path: string): string {
    const denom = ibcDenomOfPath(path);
    if (!this.ibcPaths.has(denom)) this.ibcPaths.set(denom, path);
    return denom;
  }

  /** The trace path of an `ibc/` denom held on a chain: a listed or recorded voucher's, or a one-hop voucher's. */
  pathOfIbcDenom(chainId: string, denom: string): string | undefined {
    return this.ibcPaths.get(denom) ?? this.oneHopTable(chainId)?.get(denom);
  }

  /** How many distinct `ibc/` hashes the registry can resolve (fills every table first). */
  get knownIbcPathCount(): number {
    const all = new Set(this.ibcPaths.keys());
    for (const chainId of this.chains.keys())
      for (const denom of this.oneHopTable(chainId)?.keys() ?? []) all.add(denom);
    return all.size;
  }

  /**
   * Hands over, per chain, the trace paths of the vouchers one transfer mints there. Nothing is hashed yet: see
   * `oneHop`. Replaces whatever was handed over before.
   */
  deferOneHopVouchers(pathsByChain: ReadonlyMap<string, Iterable<string>>): void {
    this.oneHop.clear();
    this.pendingOneHop.clear();
    for (const [chainId, paths] of pathsByChain) {
      const table = new Map<string, string>();
      this.oneHop.set(chainId, table);
      this.pendingOneHop.set(chainId, fillInSlices(table, paths));
    }
  }

  /** Fills one slice (a few milliseconds) of the one-hop tables; false once all are filled (the warm-up calls it). */
  fillOneHopStep(): boolean {
    for (const [chainId, steps] of this.pendingOneHop) {
      if (steps.next().done) this.pendingOneHop.delete(chainId);
      break;
    }
    return this.pendingOneHop.size > 0;
  }

  private oneHopTable(chainId: string): ReadonlyMap<string, string> | undefined {
    const steps = this.pendingOneHop.get(chainId);
    if (steps) {
      this.pendingOneHop.delete(chainId);
      while (!steps.next().done);
    }
    return this.oneHop.get(chainId);
  }

  private deriveVoucher(chainId: string, trace: DenomTrace): RegistryAsset | undefined {
    const origin = this.resolveOrigin(chainId, trace.hops, trace.baseDenom);
    if (!origin) return undefined;
    const source = this.listedAsset(origin.chainId, origin.denom);
    if (!source) return undefined;
    const wire: Asset = {
      ...source.wire,
      denom: denomOfTrace(trace),
      chain_id: chainId,
      origin_denom: origin.denom,
      origin_chain_id: origin.chainId,
      trace: traceHopsString(trace.hops),
      is_cw20: false,
      is_evm: false,
      is_svm: false,
      token_contract: null,
    };
    return { wire, hops: trace.hops, baseDenom: trace.baseDenom, hasMetadata: source.hasMetadata };
  }
}

function channelNumber(end: ChannelEnd): number {
  const m = /(\d+)$/.exec(end.channel);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

/** Preferred channels first, then the oldest (lowest numbered) channel: deterministic ranking. */
function compareEnds(a: ChannelEnd, b: ChannelEnd): number {
  if (a.preferred !== b.preferred) return a.preferred ? -1 : 1;
  if (a.counterpartyChainId !== b.counterpartyChainId) return a.counterpartyChainId < b.counterpartyChainId ? -1 : 1;
  return channelNumber(a) - channelNumber(b);
}

/** Slices of ~500 hashes (about 2 ms): short enough that the warm-up never holds a request back for long. */
const PATHS_PER_SLICE = 500;

function* fillInSlices(table: Map<string, string>, paths: Iterable<string>): Generator<void> {
  let n = 0;
  for (const path of paths) {
    const denom = ibcDenomOfPath(path);
    if (!table.has(denom)) table.set(denom, path);
    if (++n % PATHS_PER_SLICE === 0) yield;
  }
}
