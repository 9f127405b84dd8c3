/**
 * EVM chains and Solana. The chain-registry package lists their tokens but does not describe them as chains in the
 * way routing needs, so chain facts come from data/non-cosmos-chains.json. The EVM facts there are copied from
 * viem's chain definitions (a test keeps them equal): importing viem/chains loads some 800 modules, about 0.2 s of
 * start-up for seven names and currencies.
 */
import { createRequire } from 'node:module';
import type { Chain as ViemChain } from 'viem';
import type { NonCosmosChainEntry } from './data-files.js';
import type { RegistryChain } from './types.js';

let viemById: Map<number, ViemChain> | undefined;

/** viem's full definition of an EVM chain (RPC URLs, contracts...), loaded on first use. */
export function viemChainOf(chainId: string): ViemChain | undefined {
  if (!/^\d+$/.test(chainId)) return undefined;
  if (!viemById) {
    const all = createRequire(import.meta.url)('viem/chains') as Record<string, ViemChain>;
    viemById = new Map(
      Object.values(all)
        .filter((c) => typeof c === 'object' && c !== null && typeof c.id === 'number' && !c.testnet)
        // Several viem entries can share an id (aliases); keep the first, which is the canonical export.
        .reverse()
        .map((c) => [c.id, c]),
    );
  }
  return viemById.get(Number(chainId));
}

export interface NativeCurrency {
  symbol: string;
  name: string;
  decimals: number;
}

export function nativeCurrencyOf(entry: NonCosmosChainEntry): NativeCurrency {
  return {
    symbol: entry.native_symbol ?? entry.chain_name.toUpperCase(),
    name: entry.native_name ?? entry.native_symbol ?? entry.chain_name,
    decimals: entry.native_decimals ?? 18,
  };
}

export function buildNonCosmosChain(entry: NonCosmosChainEntry): RegistryChain {
  if (entry.chain_type === 'evm' && (!/^\d+$/.test(entry.chain_id) || !entry.pretty_name || !entry.native_symbol)) {
    throw new Error(
      `data/non-cosmos-chains.json: EVM chain ${entry.chain_id} needs a numeric chain_id, pretty_name and native_symbol`,
    );
  }
  const none = { pfm: false, ibcHooks: false, ibcCallbacks: false, memo: false, autopilot: false };
  return {
    wire: {
      chain_name: entry.chain_name,
      chain_id: entry.chain_id,
      pretty_name: entry.pretty_name ?? entry.chain_name,
      chain_type: entry.chain_type,
      bech32_prefix: '',
      pfm_enabled: false,
      supports_memo: false,
      is_testnet: false,
      logo_uri: entry.logo_uri,
      // The Skip API lists no fee assets for EVM and Solana chains (captured /v2/info/chains).
      fee_assets: [],
      cosmos_module_support: { authz: false, feegrant: false },
      ibc_capabilities: { cosmos_pfm: false, cosmos_ibc_hooks: false, cosmos_memo: false, cosmos_autopilot: false },
    },
    capabilities: none,
    slip44: entry.chain_type === 'evm' ? 60 : 501,
    keyAlgos: entry.chain_type === 'evm' ? ['ethsecp256k1'] : ['ed25519'],
    entryPoint: undefined,
    evmChainId: entry.chain_type === 'evm' ? Number(entry.chain_id) : undefined,
    endpoints: { rpc: entry.rpc_urls, rest: [] },
    explorerTxPage: entry.explorer_tx_page,
  };
}
