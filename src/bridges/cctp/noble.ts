/**
 * The burn on Noble: `/circle.cctp.v1.MsgDepositForBurn` (circlefin/noble-cctp proto/circle/cctp/v1/tx.proto).
 * The wire carries Cosmos messages as JSON with proto field names; byte fields are base64, as in the amino JSON the
 * official SDK converts from (wire format section 4.9).
 */
import type { CosmosTx } from '../../wire/msgs.js';

const MSG_DEPOSIT_FOR_BURN_TYPE_URL = '/circle.cctp.v1.MsgDepositForBurn';

export interface DepositForBurnFields {
  from: string;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
}

/** The message's JSON, fields in proto order. */
function depositForBurnJson(f: DepositForBurnFields): string {
  return JSON.stringify({
    from: f.from,
    amount: f.amount.toString(),
    destination_domain: f.destinationDomain,
    mint_recipient: Buffer.from(f.mintRecipient).toString('base64'),
    burn_token: f.burnToken,
  });
}

const MSG_DEPOSIT_FOR_BURN_WITH_CALLER_TYPE_URL = '/circle.cctp.v1.MsgDepositForBurnWithCaller';
const MSG_SEND_TYPE_URL = '/cosmos.bank.v1beta1.MsgSend';

/**
 * The relayed burn on Noble, as Skip builds it (execution-mechanics §5.1): MsgDepositForBurnWithCaller naming the EVM
 * relayer as the only minter, then, in the same transaction, a bank send of the relaying fee to Noble's relayer.
 */
export function nobleRelayedBurnTx(
  f: DepositForBurnFields & { destinationCaller: Uint8Array; fee: bigint; feeReceiver: string },
  path: string[],
): CosmosTx {
  const burn = {
    ...JSON.parse(depositForBurnJson(f)),
    destination_caller: Buffer.from(f.destinationCaller).toString('base64'),
  };
  const send = {
    from_address: f.from,
    to_address: f.feeReceiver,
    amount: [{ denom: f.burnToken, amount: f.fee.toString() }],
  };
  return {
    chain_id: 'noble-1',
    path,
    signer_address: f.from,
    msgs: [
      { msg: JSON.stringify(burn), msg_type_url: MSG_DEPOSIT_FOR_BURN_WITH_CALLER_TYPE_URL },
      { msg: JSON.stringify(send), msg_type_url: MSG_SEND_TYPE_URL },
    ],
  };
}

export function nobleBurnTx(f: DepositForBurnFields, path: string[]): CosmosTx {
  return {
    chain_id: 'noble-1',
    path,
    signer_address: f.from,
    msgs: [{ msg: depositForBurnJson(f), msg_type_url: MSG_DEPOSIT_FOR_BURN_TYPE_URL }],
  };
}
