/**
 * The gas table (data/gas.json): gas units per message kind and chain kind, EVM gas prices per chain with their
 * source and date, Solana's fee per signature. Read once, on first use; a caller may pass live EVM gas prices
 * (GasPrices) that replace the recorded ones. Shared by route ranking (route-gas.ts) and any gas estimate a client is
 * shown.
 */
import { readDataFile } from '../../registry/data-files.js';

export type EvmMessageKind =
  | 'erc20_approve'
  | 'cctp_deposit_for_burn'
  | 'cctp_relayed_deposit_for_burn'
  | 'cctp_receive_message'
  | 'axelar_gmp_transfer'
  | 'go_fast_submit_order'
  | 'eureka_send_transfer'
  | 'stargate_send'
  | 'layer_zero_send'
  | 'hyperlane_transfer_remote'
  | 'evm_swap'
  | 'contract_call';

export type CosmosMessageKind =
  'ibc_transfer' | 'wasm_execute' | 'cctp_deposit_for_burn' | 'bank_send' | 'contract_call';

interface GasFigure {
  gas: number;
  basis: 'measured' | 'estimate';
  source: string;
}

export interface GasFile {
  evm: {
    message_gas: Record<EvmMessageKind, GasFigure>;
    gas_price_gwei: Record<string, { gwei: string; date: string; source: string }>;
  };
  cosmos: { message_gas: Record<CosmosMessageKind, GasFigure> };
  svm: { lamports_per_signature: number; priority_lamports: number; source: string };
}

export interface GasTable {
  evmGas(kind: EvmMessageKind): bigint;
  cosmosGas(kind: CosmosMessageKind): bigint;
  /** Recorded EVM gas price in wei, undefined for a chain the table does not price. */
  evmGasPriceWei(chainId: string): bigint | undefined;
  /** Lamports one Solana transaction pays (one signature plus the priority fee). */
  solanaTxLamports: bigint;
}

/** Live EVM gas prices in wei per chain id (from a node's eth_gasPrice), when the service is configured with them. */
export type GasPrices = ReadonlyMap<string, bigint>;

/** Decimal gwei ("0.02") as wei, exactly. */
export function gweiToWei(gwei: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,9}))?$/.exec(gwei);
  if (!m) throw new Error(`data/gas.json: invalid gwei figure ${gwei}`);
  return BigInt(m[1]!) * 1_000_000_000n + BigInt((m[2] ?? '').padEnd(9, '0'));
}

export function gasTableOf(file: GasFile): GasTable {
  const prices = new Map(Object.entries(file.evm.gas_price_gwei).map(([id, p]) => [id, gweiToWei(p.gwei)]));
  return {
    evmGas: (kind) => BigInt(file.evm.message_gas[kind].gas),
    cosmosGas: (kind) => BigInt(file.cosmos.message_gas[kind].gas),
    evmGasPriceWei: (chainId) => prices.get(chainId),
    solanaTxLamports: BigInt(file.svm.lamports_per_signature + file.svm.priority_lamports),
  };
}

let loaded: GasTable | undefined;

export function gasTable(): GasTable {
  return (loaded ??= gasTableOf(readDataFile<GasFile>('gas.json')));
}
