/**
 * The project's own data files (data/*.json): facts no npm package records. Each file carries a `_source` line saying
 * where its figures come from and when they were taken. Read synchronously once at start-up.
 */
import { readFileSync } from 'node:fs';
import { dataPath } from '../paths.js';
import type { CosmosFeeAssetsFile } from './fee-assets.js';

/** Reads data/<name>. */
export function readDataFile<T>(name: string): T {
  return JSON.parse(readFileSync(dataPath(name), 'utf8')) as T;
}

interface CapabilityEntry {
  pfm: boolean | null;
  ibc_hooks: boolean | null;
  ibc_callbacks: boolean | null;
  memo: boolean | null;
  autopilot: boolean;
  source: string;
}
export interface CapabilitiesFile {
  _default: { pfm: boolean; ibc_hooks: boolean; ibc_callbacks: boolean; memo: boolean; autopilot: boolean };
  chains: Record<string, CapabilityEntry>;
}

export interface NonCosmosChainEntry {
  chain_id: string;
  chain_type: 'evm' | 'svm';
  chain_name: string;
  registry_name: string;
  native_denom: string;
  pretty_name?: string;
  native_symbol?: string;
  native_name?: string;
  native_decimals?: number;
  logo_uri: string;
  /** Public JSON-RPC endpoints (EVM: viem's default; Solana: the foundation's public cluster). */
  rpc_urls: string[];
  /** Explorer transaction page, `${txHash}` standing for the hash. */
  explorer_tx_page: string;
  /** The chain's id in the Uniswap default token list (EVM: the chain id; Solana: 501000101). */
  token_list_chain_id?: number;
}

export interface ContractsFile {
  skip_entry_point: Record<
    string,
    { entry_point: string; ibc_adapter: string; callback_adapter?: string; swap_adapters?: Record<string, string> }
  >;
  cctp: {
    usdc: Record<string, string>;
    token_messenger_v1: Record<string, string>;
    message_transmitter_v1: Record<string, string>;
    token_messenger_v2: string;
    message_transmitter_v2: string;
    skip_relayer: Record<string, string>;
    skip_relayer_swap_router: Record<string, string>;
    noble_relayer_evm_caller: string;
    noble_relay_fee_receiver: string;
    /** Noble's Orbiter module account (null: none). */
    noble_orbiter: string | null;
    solana: {
      token_messenger_minter: string;
      message_transmitter: string;
      token_program: string;
      associated_token_program: string;
      system_program: string;
      /** CCTP V2 programs (TokenMessengerMinterV2, MessageTransmitterV2). */
      token_messenger_minter_v2: string;
      message_transmitter_v2: string;
    };
  };
  axelar: {
    gmp_account: string;
    gas_receiver: string;
    gateway: Record<string, string>;
    gas_service: string;
    skip_handler: Record<string, string>;
    skip_handler_swap_router: Record<string, string>;
    skip_go_swap_router: Record<string, string>;
  };
  go_fast: {
    gateway: Record<string, string>;
    handler: Record<string, string>;
    handler_swap_router: Record<string, string>;
  };
  eureka: {
    ics20_transfer: Record<string, string>;
    ics26_router: Record<string, string>;
    skip_handler: Record<string, string>;
    clients: { chain_id: string; client_id: string; counterparty_chain_id: string; counterparty_client_id: string }[];
  };
}

export interface BridgeDomainsFile {
  cctp_domain: Record<string, number>;
  cctp_v2_domain: Record<string, number>;
  axelar_chain_name: Record<string, string>;
  hyperlane_domain: Record<string, number>;
  go_fast_domain: Record<string, number>;
  layer_zero_eid: Record<string, number>;
}

/**
 * Circle's CCTP V2 fee model and attestation times (data/cctp-v2.json): fees in parts per million of the amount per
 * source chain; a source without a fast fee has no Fast Transfer.
 */
export interface CctpV2File {
  fast_fee_ppm: Record<string, number>;
  standard_fee_ppm: Record<string, number>;
  max_fee_margin_percent: number;
  fast_attestation_seconds: Record<string, number>;
  standard_attestation_seconds: Record<string, number>;
  mint_seconds: number;
  /** Circle's Forwarding Service fee per destination chain (USDC base units); absent: no forwarding there. */
  forward_fee: Record<string, string>;
}

/** Typical durations per bridge (data/bridge-durations.json). */
export interface BridgeDurationsFile {
  ibc_hop_seconds: number;
  cctp_attestation_seconds: Record<string, number>;
  cctp_mint_seconds: number;
  /** IBC Eureka: seconds per source chain. */
  eureka_seconds?: Record<string, number>;
}

export interface VenuesFile {
  venues: { name: string; chain_id: string; logo_uri: string; usdc_denom: string }[];
}

/** Corrections to asset-list facts the chain-registry package gets wrong, each with its evidence. */
interface AssetCorrectionsFile {
  assets: { chain_id: string; denom: string; decimals?: number; coingecko_id?: string; source: string }[];
}

/** One coin as the chain's JSON writes it (amount a decimal string). */
export interface CoinEntry {
  denom: string;
  amount: string;
}

/** Relayer fees a contract must attach to its IBC transfers, per chain (data/ibc-transfer-fees.json). */
export interface IbcTransferFeesFile {
  chains: Record<string, { recv_fee: CoinEntry[]; ack_fee: CoinEntry[]; timeout_fee: CoinEntry[] }>;
}

/** Tokens a bridge delivers that neither asset source lists (data/bridge-tokens.json). */
interface BridgeTokensFile {
  tokens: {
    chain_id: string;
    address: string;
    symbol: string;
    name: string;
    decimals: number;
    coingecko_id?: string;
    logo_uri?: string;
  }[];
}

/** ERC-20s that IBC Eureka mints for Cosmos assets (data/eureka-assets.json): the trace is an IBC v2 client hop. */
interface EurekaAssetsFile {
  assets: {
    chain_id: string;
    denom: string;
    client_id: string;
    base_denom: string;
    symbol: string;
    name: string;
    decimals: number;
    logo_uri: string;
    coingecko_id?: string;
  }[];
}

export interface DataFiles {
  capabilities: CapabilitiesFile;
  nonCosmosChains: { chains: NonCosmosChainEntry[] };
  contracts: ContractsFile;
  bridgeDomains: BridgeDomainsFile;
  assetCorrections: AssetCorrectionsFile;
  ibcTransferFees: IbcTransferFeesFile;
  bridgeTokens: BridgeTokensFile;
  eurekaAssets?: EurekaAssetsFile;
  /** Recorded gas prices for Cosmos chains the registry leaves unpriced (data/cosmos-fee-assets.json). */
  cosmosFeeAssets?: CosmosFeeAssetsFile;
}

export function loadDataFiles(): DataFiles {
  return {
    capabilities: readDataFile('ibc-capabilities.json'),
    nonCosmosChains: readDataFile('non-cosmos-chains.json'),
    contracts: readDataFile('contracts.json'),
    bridgeDomains: readDataFile('bridge-domains.json'),
    assetCorrections: readDataFile('asset-corrections.json'),
    ibcTransferFees: readDataFile('ibc-transfer-fees.json'),
    bridgeTokens: readDataFile('bridge-tokens.json'),
    eurekaAssets: readDataFile('eureka-assets.json'),
    cosmosFeeAssets: readDataFile('cosmos-fee-assets.json'),
  };
}
