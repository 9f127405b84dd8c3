/** Hyperlane warp routes from data/hyperlane.json: routers and domains per end, interchain gas table, durations. */
import { readDataFile } from '../../registry/data-files.js';

/**
 * How the user's transaction reaches the router: a CosmWasm contract (Neutron), the warp module of a Cosmos chain built
 * with hyperlane-cosmos (Celestia: `MsgRemoteTransfer` naming the token id), or an EVM router contract.
 */
export type WarpStandard =
  'CwHypCollateral' | 'CosmosNativeHypCollateral' | 'EvmHypSynthetic' | 'EvmHypCollateral' | 'EvmHypNative';

export interface WarpEnd {
  chainId: string;
  domain: number;
  /**
   * The warp router the user's transaction calls (`transfer_remote` / `transferRemote`); for a hyperlane-cosmos warp
   * module, the token id (32 bytes, hex) its MsgRemoteTransfer names and its messages carry as sender or recipient.
   */
  router: string;
  standard: WarpStandard;
  /** The token the user holds there: the collateral denom, or the synthetic ERC-20 (the router itself). */
  denom: string;
}

export interface HyperlaneConfig {
  logoUri: string;
  routes: readonly { symbol: string; ends: readonly WarpEnd[] }[];
  /** Chains Hyperlane's agents no longer serve (chain id → why): no lane starts or ends there. */
  retiredChains: ReadonlyMap<string, string>;
  /** Interchain gas per directed pair `from>to`: paid to the source router on top of the amount. */
  gas(from: string, to: string): { denom: string; amount: bigint } | undefined;
  seconds(from: string, to: string): number;
}

interface File {
  logo_uri: string;
  warp_routes: {
    symbol: string;
    ends: { chain_id: string; domain: number; router: string; standard: WarpStandard; denom: string }[];
  }[];
  retired_chains?: Record<string, string>;
  interchain_gas: Record<string, { denom: string; amount: string }>;
  duration_seconds: Record<string, number> & { default: number };
}

let loaded: HyperlaneConfig | undefined;

export function hyperlaneConfig(): HyperlaneConfig {
  if (loaded) return loaded;
  const f = readDataFile<File>('hyperlane.json');
  loaded = {
    logoUri: f.logo_uri,
    routes: f.warp_routes.map((r) => ({
      symbol: r.symbol,
      ends: r.ends.map((e) => ({
        chainId: e.chain_id,
        domain: e.domain,
        router: e.router,
        standard: e.standard,
        denom: e.denom,
      })),
    })),
    retiredChains: new Map(Object.entries(f.retired_chains ?? {})),
    gas: (from, to) => {
      const g = f.interchain_gas[`${from}>${to}`];
      return g ? { denom: g.denom, amount: BigInt(g.amount) } : undefined;
    },
    seconds: (from, to) => f.duration_seconds[`${from}>${to}`] ?? f.duration_seconds.default,
  };
  return loaded;
}
