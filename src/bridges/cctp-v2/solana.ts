/**
 * The burn on Solana through Circle's CCTP V2 programs (circlefin/solana-cctp-contracts programs/v2,
 * token-messenger-minter-v2 `deposit_for_burn` / `deposit_for_burn_with_hook`). The accounts are V1's plus the
 * owner's denylist PDA; the parameters add the destination caller, maxFee and minFinalityThreshold (and the hook
 * bytes). As in V1, a fresh keypair holds the MessageSent event and signs: Junction signs with it and forgets it.
 */
import type { AccountMeta, PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { Static } from '@sinclair/typebox';
import { solanaWeb3 } from '../../messages/svm/web3.js';
import type { SvmTx } from '../../wire/msgs.js';
import { anchorDiscriminator } from '../cctp/solana.js';
import { associatedTokenAccount } from '../cctp/mint-recipient.js';
import { cctpV2Config } from './config.js';
import { ANY_CALLER } from './evm.js';

const pda = (programId: PublicKey, ...seeds: (string | Buffer)[]) =>
  solanaWeb3().PublicKey.findProgramAddressSync(
    seeds.map((s) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s)),
    programId,
  )[0];

export interface SolanaV2BurnFields {
  owner: string;
  feePayer?: string | undefined;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  maxFee: bigint;
  minFinalityThreshold: number;
  hookData?: Uint8Array;
  recentBlockhash: string;
  eventKeySeed: Uint8Array;
}

/**
 * Instruction data: Anchor discriminator, then Borsh `{ amount: u64, destination_domain: u32, mint_recipient: Pubkey,
 * destination_caller: Pubkey, max_fee: u64, min_finality_threshold: u32 [, hook_data: bytes] }`.
 */
function depositForBurnV2Data(f: Omit<SolanaV2BurnFields, 'owner' | 'recentBlockhash' | 'eventKeySeed'>): Buffer {
  const params = Buffer.alloc(8 + 4 + 32 + 32 + 8 + 4);
  params.writeBigUInt64LE(f.amount, 0);
  params.writeUInt32LE(f.destinationDomain, 8);
  Buffer.from(f.mintRecipient).copy(params, 12);
  Buffer.from(ANY_CALLER).copy(params, 44);
  params.writeBigUInt64LE(f.maxFee, 76);
  params.writeUInt32LE(f.minFinalityThreshold, 84);
  if (!f.hookData) return Buffer.concat([anchorDiscriminator('deposit_for_burn'), params]);
  const len = Buffer.alloc(4);
  len.writeUInt32LE(f.hookData.length, 0);
  return Buffer.concat([anchorDiscriminator('deposit_for_burn_with_hook'), params, len, Buffer.from(f.hookData)]);
}

function depositForBurnV2Instruction(
  f: Omit<SolanaV2BurnFields, 'recentBlockhash' | 'eventKeySeed'>,
  eventData: PublicKey,
): TransactionInstruction {
  const cfg = cctpV2Config();
  const { PublicKey, TransactionInstruction } = solanaWeb3();
  const tmm = new PublicKey(cfg.solana.token_messenger_minter_v2);
  const mt = new PublicKey(cfg.solana.message_transmitter_v2);
  const mint = new PublicKey(cfg.usdc.get('solana')!);
  const owner = new PublicKey(f.owner);
  const payer = new PublicKey(f.feePayer ?? f.owner);
  const meta = (pubkey: PublicKey, isWritable = false, isSigner = false): AccountMeta => ({
    pubkey,
    isWritable,
    isSigner,
  });
  const keys: AccountMeta[] = [
    meta(owner, false, true),
    meta(payer, true, true), // event_rent_payer
    meta(pda(tmm, 'sender_authority')),
    meta(associatedTokenAccount(owner, mint), true), // burn_token_account
    meta(pda(tmm, 'denylist_account', owner.toBuffer())), // must not exist: the owner is not denylisted
    meta(pda(mt, 'message_transmitter'), true),
    meta(pda(tmm, 'token_messenger')),
    meta(pda(tmm, 'remote_token_messenger', String(f.destinationDomain))),
    meta(pda(tmm, 'token_minter')),
    meta(pda(tmm, 'local_token', mint.toBuffer()), true),
    meta(mint, true),
    meta(eventData, true, true), // message_sent_event_data: the fresh keypair
    meta(mt),
    meta(tmm),
    meta(new PublicKey(cfg.solana.token_program)),
    meta(new PublicKey(cfg.solana.system_program)),
    meta(pda(tmm, '__event_authority')),
    meta(tmm),
  ];
  return new TransactionInstruction({ programId: tmm, keys, data: depositForBurnV2Data(f) });
}

export function solanaV2BurnTx(f: SolanaV2BurnFields): Static<typeof SvmTx> {
  const { Keypair, PublicKey, Transaction } = solanaWeb3();
  const eventKey = Keypair.fromSeed(f.eventKeySeed);
  const tx = new Transaction({ feePayer: new PublicKey(f.feePayer ?? f.owner), recentBlockhash: f.recentBlockhash });
  tx.add(depositForBurnV2Instruction(f, eventKey.publicKey));
  tx.partialSign(eventKey);
  const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  return { chain_id: 'solana', signer_address: f.owner, tx: bytes.toString('base64') };
}
