/**
 * The burn on Solana through Circle's CCTP V2 programs (circlefin/solana-cctp-contracts programs/v2,
 * token-messenger-minter-v2 `deposit_for_burn` / `deposit_for_burn_with_hook`), built as ../cctp/solana-burn.ts builds
 * both versions' burns. V2's differences: the owner's denylist PDA among the accounts, and parameters that add the
 * destination caller, maxFee and minFinalityThreshold (and the hook bytes, which select the `_with_hook` instruction).
 */
import type { Static } from '@sinclair/typebox';
import type { SvmTx } from '../../wire/msgs.js';
import {
  accountMeta,
  anchorDiscriminator,
  burnParams,
  pda,
  solanaDepositForBurnTx,
  type SolanaBurnFields,
} from '../cctp/solana-burn.js';
import { cctpV2Config } from './config.js';
import { ANY_CALLER } from './evm.js';

interface SolanaV2BurnFields extends SolanaBurnFields {
  maxFee: bigint;
  minFinalityThreshold: number;
  hookData?: Uint8Array;
}

/**
 * Instruction data: Anchor discriminator, then Borsh `{ amount: u64, destination_domain: u32, mint_recipient: Pubkey,
 * destination_caller: Pubkey, max_fee: u64, min_finality_threshold: u32 [, hook_data: bytes] }`.
 */
function depositForBurnV2Data(f: SolanaV2BurnFields): Buffer {
  const v2Params = Buffer.alloc(32 + 8 + 4);
  Buffer.from(ANY_CALLER).copy(v2Params, 0);
  v2Params.writeBigUInt64LE(f.maxFee, 32);
  v2Params.writeUInt32LE(f.minFinalityThreshold, 40);
  const params = Buffer.concat([burnParams(f), v2Params]);
  if (!f.hookData) return Buffer.concat([anchorDiscriminator('deposit_for_burn'), params]);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(f.hookData.length, 0);
  return Buffer.concat([anchorDiscriminator('deposit_for_burn_with_hook'), params, len, Buffer.from(f.hookData)]);
}

export function solanaV2BurnTx(f: SolanaV2BurnFields): Static<typeof SvmTx> {
  const { solana } = cctpV2Config();
  return solanaDepositForBurnTx(f, {
    tokenMessengerMinter: solana.token_messenger_minter_v2,
    messageTransmitter: solana.message_transmitter_v2,
    data: depositForBurnV2Data(f),
    // Must not exist: the owner is not denylisted.
    ownerAccounts: (tmm, owner) => [accountMeta(pda(tmm, 'denylist_account', owner.toBuffer()))],
  });
}
