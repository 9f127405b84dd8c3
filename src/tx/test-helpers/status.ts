/** What the tracking tests read after each step of the worker: the status the API serves, and one transfer event. */
import { expectSchema } from '../../http/test-helpers/app.js';
import { StatusResponse, type TransferEvent } from '../../wire/tx.js';
import type { TxService } from '../service.js';
import { tickSteps } from './service.js';

/**
 * One look at every due transaction (a worker tick, retried while a step failed: service.ts tickSteps, with `again`
 * moving a test clock on), then the transaction's status as GET /v2/tx/status serves it, checked against the wire
 * schema.
 */
export async function tickedStatus(
  tx: TxService,
  chainId: string,
  hash: string,
  again?: () => void,
): Promise<StatusResponse> {
  await tickSteps(tx, again);
  const body = JSON.parse((await tx.statusText(chainId, hash)).text) as StatusResponse;
  expectSchema(StatusResponse, body);
  return body;
}

type EventKey = TransferEvent extends infer E ? (E extends unknown ? keyof E : never) : never;
type EventOfKind<K extends EventKey> = Extract<TransferEvent, Record<K, unknown>>;

const isKind = <K extends EventKey>(e: TransferEvent, key: K): e is EventOfKind<K> => key in e;

/** The first transfer's event at `index` (its first by default), which must be of kind `key` (`stargate_transfer`). */
export function transferEvent<K extends EventKey>(s: StatusResponse, key: K, index = 0): EventOfKind<K>[K] {
  const e = s.transfers[0]!.transfer_sequence[index];
  if (!e || !isKind(e, key)) throw new Error(`no ${key} event at ${index}: ${e ? Object.keys(e).join() : 'none'}`);
  return e[key];
}
