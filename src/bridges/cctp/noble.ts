/**
 * The burn on Noble: `/circle.cctp.v1.MsgDepositForBurn` (circlefin/noble-cctp proto/circle/cctp/v1/tx.proto).
 * The wire carries Cosmos messages as JSON with proto field names; byte fields are base64, as in the amino JSON the
 * official SDK converts from (wire format section 4.9).
 */
import type { CosmosTx } from '../../http/schemas/msgs.js';

export const MSG_DEPOSIT_FOR_BURN_TYPE_URL = '/circle.cctp.v1.MsgDepositForBurn';

export interface DepositForBurnFields {
  from: string;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  burnToken: string;
}

/** The message's JSON, fields in proto order. */
export function depositForBurnJson(f: DepositForBurnFields): string {
  return JSON.stringify({
    from: f.from,
    amount: f.amount.toString(),
    destination_domain: f.destinationDomain,
    mint_recipient: Buffer.from(f.mintRecipient).toString('base64'),
    burn_token: f.burnToken,
  });
}

export function nobleBurnTx(f: DepositForBurnFields, path: string[]): CosmosTx {
  return {
    chain_id: 'noble-1',
    path,
    signer_address: f.from,
    msgs: [{ msg: depositForBurnJson(f), msg_type_url: MSG_DEPOSIT_FOR_BURN_TYPE_URL }],
  };
}
