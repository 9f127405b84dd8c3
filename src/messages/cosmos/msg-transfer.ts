/**
 * ICS-20 MsgTransfer, built with cosmjs-types (the chain's own protobuf model) and rendered as the wire format's
 * `msg` string: proto field names in snake_case, `timeout_height` `{}` when unset, `timeout_timestamp` a bare integer
 * of nanoseconds, empty memo omitted (as in captured Skip responses).
 */
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { stringifyWithBigInts } from '../json.js';

export const MSG_TRANSFER_TYPE_URL = '/ibc.applications.transfer.v1.MsgTransfer';

export interface MsgTransferInput {
  sourcePort: string;
  sourceChannel: string;
  denom: string;
  amount: bigint;
  sender: string;
  receiver: string;
  /** Absolute Unix time in nanoseconds (classic IBC channels). */
  timeoutTimestampNs: bigint;
  memo: string;
}

export function buildMsgTransfer(i: MsgTransferInput): MsgTransfer {
  return MsgTransfer.fromPartial({
    sourcePort: i.sourcePort,
    sourceChannel: i.sourceChannel,
    token: { denom: i.denom, amount: i.amount.toString() },
    sender: i.sender,
    receiver: i.receiver,
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp: i.timeoutTimestampNs,
    memo: i.memo,
  });
}

export function msgTransferJson(m: MsgTransfer): string {
  const h = m.timeoutHeight;
  return stringifyWithBigInts({
    source_port: m.sourcePort,
    source_channel: m.sourceChannel,
    token: { denom: m.token.denom, amount: m.token.amount },
    sender: m.sender,
    receiver: m.receiver,
    timeout_height:
      h.revisionNumber === 0n && h.revisionHeight === 0n
        ? {}
        : { revision_number: h.revisionNumber.toString(), revision_height: h.revisionHeight.toString() },
    timeout_timestamp: m.timeoutTimestamp,
    ...(m.memo ? { memo: m.memo } : {}),
  });
}
