/**
 * The wire shapes the page reads (Skip Go API v2, snake_case): the server's own types from src/wire, imported as types
 * only, so the page cannot drift from what the server sends and the bundle carries none of the schemas' code. Where
 * src/wire exports only a schema, its type is derived here the way the server derives it (`Static<>`).
 */
import type { Static } from '@sinclair/typebox';
import type { Bridge as BridgeSchema } from '../../../src/wire/info.js';
import type { SwapVenue } from '../../../src/wire/common.js';
import type { EvmTx as EvmTxSchema, SvmTx as SvmTxSchema } from '../../../src/wire/msgs.js';
import type { Route } from '../../../src/wire/route.js';

export type { Asset } from '../../../src/wire/asset.js';
export type { Chain } from '../../../src/wire/chain.js';
export type { MsgsResponse, Tx } from '../../../src/wire/msgs.js';
export type { Fee, Route } from '../../../src/wire/route.js';
export type {
  ChainTransaction,
  StatusResponse as TxStatus,
  TransferEvent,
  TransferStatus,
} from '../../../src/wire/tx.js';

export type Bridge = Static<typeof BridgeSchema>;
export type Venue = Static<typeof SwapVenue>;
export type EvmTx = Static<typeof EvmTxSchema>;
export type SvmTx = Static<typeof SvmTxSchema>;
/** An operation record as a route carries it (one kind key plus tx_index, amount_in, amount_out). */
export type Operation = Route['operations'][number];

/** The operation's kind key (transfer, swap, cctp_transfer, …) and its record. */
export function kindOf(op: Operation): [string, Record<string, unknown>] {
  for (const [k, v] of Object.entries(op)) {
    if (k !== 'tx_index' && k !== 'amount_in' && k !== 'amount_out' && v && typeof v === 'object')
      return [k, v as Record<string, unknown>];
  }
  return ['unknown', {}];
}
