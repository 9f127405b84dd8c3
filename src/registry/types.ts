import type { Asset } from '../wire/asset.js';
import type { Chain } from '../wire/chain.js';
import type { Hop } from '../denom/trace.js';

/** What a chain's ICS-20 stack can do (data/ibc-capabilities.json). */
export interface IbcCapabilities {
  pfm: boolean;
  ibcHooks: boolean;
  ibcCallbacks: boolean;
  memo: boolean;
  autopilot: boolean;
}

/**
 * Relayer fees the chain's transfer module charges a contract for each IBC transfer (Neutron's feerefunder): the
 * three lists the entry point's ibc_info.fee carries, and the one coin they sum to, which the entry point takes out
 * of the swap input and hands to its IBC adapter.
 */
export interface IbcTransferFee {
  recvFee: { denom: string; amount: bigint }[];
  ackFee: { denom: string; amount: bigint }[];
  timeoutFee: { denom: string; amount: bigint }[];
  total: { denom: string; amount: bigint };
}

/** Skip entry-point deployment on a Cosmos chain (data/contracts.json, data/ibc-transfer-fees.json). */
export interface EntryPointContracts {
  entryPoint: string;
  ibcAdapter: string;
  callbackAdapter?: string;
  swapAdapters: Record<string, string>;
  /** Present where the IBC adapter must pay relayer fees (post-swap IBC transfers then cost this fee). */
  ibcTransferFee?: IbcTransferFee;
}

export interface RegistryChain {
  /** The wire record served by /v2/info/chains, built once. */
  wire: Chain;
  capabilities: IbcCapabilities;
  /** BIP-44 coin type; address re-derivation across chains is only valid for equal coin types and key algorithms. */
  slip44: number | undefined;
  keyAlgos: string[];
  entryPoint: EntryPointContracts | undefined;
  /** Numeric EVM chain id, for EVM chains. */
  evmChainId: number | undefined;
  /** Public node endpoints (registry / viem / data file), tried in order; CHAIN_RPC_URLS and CHAIN_REST_URLS win. */
  endpoints: ChainEndpoints;
  /** Explorer page of a transaction, `${txHash}` standing for the hash (chain-registry's `txPage` form). */
  explorerTxPage: string | undefined;
}

export interface ChainEndpoints {
  /** Cosmos: CometBFT RPC; EVM and Solana: JSON-RPC. */
  rpc: string[];
  /** Cosmos REST (LCD); empty for other chains. */
  rest: string[];
}

export interface RegistryAsset {
  wire: Asset;
  /** Parsed `wire.trace`, newest hop first; empty for assets native to their chain. */
  hops: Hop[];
  /** Base denom at the origin (equals `wire.origin_denom`). */
  baseDenom: string;
  /** False when the asset list gives no symbol or decimals (filtered unless include_no_metadata_assets). */
  hasMetadata: boolean;
}

/** One end of an ICS-20 transfer channel, seen from `chainId`. */
export interface ChannelEnd {
  chainId: string;
  port: string;
  channel: string;
  counterpartyChainId: string;
  counterpartyPort: string;
  counterpartyChannel: string;
  /** Registry tags: the channel the chain registry marks preferred for this pair. */
  preferred: boolean;
  /** IBC v2 (Eureka) client rather than a classic channel. */
  ibcV2: boolean;
}
