/**
 * The OPinit messages (initia-labs/OPinit proto/opinit/ophost/v1/tx.proto and proto/opinit/opchild/v1/tx.proto;
 * execution mechanics §9), as the wire carries Cosmos messages: JSON with proto field names, uint64 as a decimal
 * string, coins as {denom, amount} (the amino JSON the official SDK converts from).
 * - Deposit, signed on L1: `/opinit.ophost.v1.MsgInitiateTokenDeposit` {sender (1), bridge_id (2), to (3),
 *   amount (4)}; `data` (5) stays empty.
 * - Withdrawal, signed on the rollup: `/opinit.opchild.v1.MsgInitiateTokenWithdrawal` {sender (1), to (2),
 *   amount (4)} (field 3 is unused).
 * - Withdrawal claim, signed on L1 once the finalization period has passed: `/opinit.ophost.v1.MsgFinalizeTokenWithdrawal`
 *   {sender (1), bridge_id (2), output_index (3), withdrawal_proofs (4, repeated bytes), from (5), to (6),
 *   sequence (7), amount (8), version (9), storage_root (10), last_block_hash (11)}; bytes as base64 (proto JSON).
 */
import type { CosmosTx } from '../../wire/msgs.js';
import type { NextStep } from '../../wire/tx.js';
import type { WithdrawalProof } from './executor.js';

const MSG_INITIATE_TOKEN_DEPOSIT_TYPE_URL = '/opinit.ophost.v1.MsgInitiateTokenDeposit';
const MSG_INITIATE_TOKEN_WITHDRAWAL_TYPE_URL = '/opinit.opchild.v1.MsgInitiateTokenWithdrawal';
const MSG_FINALIZE_TOKEN_WITHDRAWAL_TYPE_URL = '/opinit.ophost.v1.MsgFinalizeTokenWithdrawal';

export interface OpinitTransfer {
  sender: string;
  to: string;
  denom: string;
  amount: bigint;
  bridgeId: bigint;
}

function depositJson(t: OpinitTransfer): string {
  return JSON.stringify({
    sender: t.sender,
    bridge_id: t.bridgeId.toString(),
    to: t.to,
    amount: { denom: t.denom, amount: t.amount.toString() },
  });
}

function withdrawalJson(t: OpinitTransfer): string {
  return JSON.stringify({ sender: t.sender, to: t.to, amount: { denom: t.denom, amount: t.amount.toString() } });
}

export function opinitTx(
  direction: 'deposit' | 'withdrawal',
  chainId: string,
  path: string[],
  t: OpinitTransfer,
): CosmosTx {
  const msg =
    direction === 'deposit'
      ? { msg: depositJson(t), msg_type_url: MSG_INITIATE_TOKEN_DEPOSIT_TYPE_URL }
      : { msg: withdrawalJson(t), msg_type_url: MSG_INITIATE_TOKEN_WITHDRAWAL_TYPE_URL };
  return { chain_id: chainId, path, signer_address: t.sender, msgs: [msg] };
}

/**
 * The ready-to-sign claim of a withdrawal on L1: `to` is the message type (the module it calls), `data` the message
 * as JSON. The withdrawal's recipient signs it (anyone may; the funds go to `to` either way).
 */
export function finalizeWithdrawalTx(l1ChainId: string, p: WithdrawalProof): NonNullable<NextStep['tx']> {
  const msg = {
    sender: p.to,
    bridge_id: p.bridge_id,
    output_index: p.output_index,
    withdrawal_proofs: p.withdrawal_proofs,
    from: p.from,
    to: p.to,
    sequence: p.sequence,
    amount: p.amount,
    version: p.version,
    storage_root: p.storage_root,
    last_block_hash: p.last_block_hash,
  };
  return { chain_id: l1ChainId, to: MSG_FINALIZE_TOKEN_WITHDRAWAL_TYPE_URL, data: JSON.stringify(msg) };
}
