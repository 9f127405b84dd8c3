/**
 * Skip's captured answers about Axelar (test/fixtures/skip-go-api, sources in its SOURCES.md), typed as far as the
 * Axelar tests read them.
 */
import { readFileSync } from 'node:fs';

interface CapturedAxelarRecord {
  [key: string]: unknown;
  fee_amount: string;
  fee_asset: { [key: string]: unknown; denom: string; chain_id: string };
  ibc_transfer_to_axelar?: Record<string, unknown>;
}

interface CapturedOperation {
  [key: string]: unknown;
  axelar_transfer: CapturedAxelarRecord;
  amount_in: string;
  amount_out: string;
}

export interface CapturedRoute {
  operations: CapturedOperation[];
  chain_ids: string[];
  required_chain_addresses: string[];
  txs_required: number;
  dest_asset_denom: string;
}

interface CapturedTx {
  [key: string]: unknown;
  operations_indices: number[];
  cosmos_tx?: {
    chain_id: string;
    path: string[];
    signer_address: string;
    msgs: { msg: string; msg_type_url: string }[];
  };
  evm_tx?: {
    [key: string]: unknown;
    to: string;
    value: string;
    data: string;
    signer_address: string;
  };
}

export interface CapturedMsgs {
  msgs: { [key: string]: unknown; multi_chain_msg?: { chain_id: string; path: string[]; msg_type_url: string } }[];
  txs: CapturedTx[];
}

export function capture<Body>(name: string): { request: Record<string, unknown>; response: { body: Body } } {
  return JSON.parse(
    readFileSync(new URL(`../../../../test/fixtures/skip-go-api/${name}.json`, import.meta.url), 'utf8'),
  ) as { request: Record<string, unknown>; response: { body: Body } };
}
