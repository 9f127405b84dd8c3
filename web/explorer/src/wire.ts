/** The wire shapes the page reads (Skip Go API v2, snake_case), only the fields it uses. */

export interface Chain {
  chain_id: string;
  chain_name: string;
  pretty_name: string;
  chain_type: 'cosmos' | 'evm' | 'svm' | string;
  bech32_prefix: string;
  is_testnet: boolean;
}

export interface Asset {
  denom: string;
  chain_id: string;
  symbol?: string | null;
  name?: string | null;
  decimals?: number | null;
  recommended_symbol?: string | null;
  origin_chain_id: string;
  origin_denom: string;
}

export interface Bridge {
  id: string;
  name: string;
}
export interface Venue {
  name: string;
  chain_id: string;
}

export interface Operation {
  tx_index: number;
  amount_in: string;
  amount_out: string;
  [kind: string]: unknown;
}

export interface Fee {
  fee_type: string;
  bridge_id: string;
  amount: string;
  usd_amount?: string | null;
  origin_asset?: Asset | null;
  chain_id: string;
  tx_index: number;
  operation_index?: number | null;
  fee_behavior: string;
}

export interface Route {
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  amount_in: string;
  amount_out: string;
  estimated_amount_out: string;
  operations: Operation[];
  chain_ids: string[];
  required_chain_addresses: string[];
  txs_required: number;
  estimated_route_duration_seconds: number;
  does_swap?: boolean;
  usd_amount_in?: string;
  usd_amount_out?: string;
  swap_price_impact_percent?: string | null;
  warning?: { type: string; message: string } | null;
  estimated_fees: Fee[];
}

export interface CosmosMsgJson {
  msg: string;
  msg_type_url: string;
}
export interface EvmTx {
  chain_id: string;
  to: string;
  value: string;
  data: string;
  signer_address: string;
  required_erc20_approvals: { token_contract: string; spender: string; amount: string }[];
}
export interface SvmTx {
  chain_id: string;
  signer_address: string;
  tx: string;
}
export interface Tx {
  cosmos_tx?: { chain_id: string; path: string[]; signer_address: string; msgs: CosmosMsgJson[] };
  evm_tx?: EvmTx;
  svm_tx?: SvmTx;
  operations_indices: number[];
}
export interface MsgsResponse {
  msgs: unknown[];
  txs: Tx[];
  min_amount_out: string;
  estimated_fees: Fee[];
}

export interface ChainTransaction {
  chain_id: string;
  tx_hash: string;
  explorer_link: string;
  on_chain_at?: string | null;
}
export interface TransferEvent {
  [kind: string]: {
    from_chain_id: string;
    to_chain_id: string;
    state: string;
    packet_txs?: Record<string, ChainTransaction | { message?: string; type?: string } | null>;
    txs?: Record<string, ChainTransaction | null>;
  };
}
export interface AssetRelease {
  chain_id: string;
  denom: string;
  amount?: string | null;
  released: boolean;
}
export interface StatusError {
  type?: string;
  message: string;
  details?: { code: number; message: string } | null;
}
export interface TransferStatus {
  state: string;
  transfer_sequence: TransferEvent[];
  next_blocking_transfer?: { transfer_sequence_index: number } | null;
  transfer_asset_release?: AssetRelease | null;
  error?: StatusError | null;
}
export interface TxStatus extends TransferStatus {
  transfers: TransferStatus[];
}

/** The operation's kind key (transfer, swap, cctp_transfer, …) and its record. */
export function kindOf(op: Operation): [string, Record<string, unknown>] {
  for (const [k, v] of Object.entries(op)) {
    if (k !== 'tx_index' && k !== 'amount_in' && k !== 'amount_out' && v && typeof v === 'object')
      return [k, v as Record<string, unknown>];
  }
  return ['unknown', {}];
}
