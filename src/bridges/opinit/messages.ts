/**
 * The OPinit messages (initia-labs/OPinit proto/opinit/ophost/v1/tx.proto and proto/opinit/opchild/v1/tx.proto;
 * execution mechanics §9), as the wire carries Cosmos messages: JSON with proto field names, uint64 as a decimal
 * string, coins as {denom, amount} (the amino JSON the official SDK converts from).
 * - Deposit, signed on L1: `/opinit.ophost.v1.MsgInitiateTokenDeposit` {sender (1), bridge_id (2), to (3),
 *   amount (4)}; `data` (5) stays empty.
 * - Withdrawal, signed on the rollup: `/opinit.opchild.v1.MsgInitiateTokenWithdrawal` {sender (1), to (2),
 *   amount (4)} (field 3 is unused).
 */
import type { CosmosTx } from '../../wire/msgs.js';

const MSG_INITIATE_TOKEN_DEPOSIT_TYPE_URL = '/opinit.ophost.v1.MsgInitiateTokenDeposit';
const MSG_INITIATE_TOKEN_WITHDRAWAL_TYPE_URL = '/opinit.opchild.v1.MsgInitiateTokenWithdrawal';

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
