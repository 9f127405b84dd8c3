/**
 * The burn on Solana through Circle's CCTP V1 TokenMessengerMinter: `deposit_for_burn` (execution mechanics §13,
 * account list and seeds from circlefin/solana-cctp-contracts), built as ./solana-burn.ts builds both versions' burns.
 * V1's parameters are the common ones only, and it adds no account about the owner.
 */
import type { Static } from '@sinclair/typebox';
import type { SvmTx } from '../../wire/msgs.js';
import { cctpConfig } from './config.js';
import { anchorDiscriminator, burnParams, solanaDepositForBurnTx, type SolanaBurnFields } from './solana-burn.js';

export function solanaBurnTx(f: SolanaBurnFields): Static<typeof SvmTx> {
  const { solana } = cctpConfig();
  return solanaDepositForBurnTx(f, {
    tokenMessengerMinter: solana.token_messenger_minter,
    messageTransmitter: solana.message_transmitter,
    data: Buffer.concat([anchorDiscriminator('deposit_for_burn'), burnParams(f)]),
    ownerAccounts: () => [],
  });
}
