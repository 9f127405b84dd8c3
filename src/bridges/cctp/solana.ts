/**
 * The burn on Solana: `deposit_for_burn` of Circle's TokenMessengerMinter program (CCTP V1; execution mechanics §13,
 * account list and seeds from circlefin/solana-cctp-contracts). The instruction needs a fresh keypair for the account
 * that stores the MessageSent event, and that keypair must sign: Junction makes it, signs with it and forgets it, so
 * the transaction it returns is partially signed and the user's wallet adds the owner's (and fee payer's) signature.
 */
import { createHash } from 'node:crypto';
import type { AccountMeta, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { solanaWeb3 } from '../../messages/svm/web3.js';
import type { Static } from '@sinclair/typebox';
import type { SvmTx } from '../../wire/msgs.js';
import { cctpConfig } from './config.js';
import { associatedTokenAccount } from './mint-recipient.js';

/** Anchor instruction discriminator: the first 8 bytes of sha256("global:<name>"). */
export function anchorDiscriminator(name: string): Buffer {
  return createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
}

const pda = (programId: PublicKey, ...seeds: (string | Buffer)[]) =>
  solanaWeb3().PublicKey.findProgramAddressSync(
    seeds.map((s) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s)),
    programId,
  )[0];

export interface SolanaBurnFields {
  owner: string;
  feePayer?: string | undefined;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  recentBlockhash: string;
  /** 32 random bytes for the event-data keypair. */
  eventKeySeed: Uint8Array;
}

/** The instruction data: discriminator, then Borsh `{ amount: u64, destination_domain: u32, mint_recipient: Pubkey }`. */
function depositForBurnData(amount: bigint, destinationDomain: number, mintRecipient: Uint8Array): Buffer {
  const params = Buffer.alloc(8 + 4 + 32);
  params.writeBigUInt64LE(amount, 0);
  params.writeUInt32LE(destinationDomain, 8);
  Buffer.from(mintRecipient).copy(params, 12);
  return Buffer.concat([anchorDiscriminator('deposit_for_burn'), params]);
}

function depositForBurnInstruction(
  f: Omit<SolanaBurnFields, 'recentBlockhash' | 'eventKeySeed'>,
  eventData: PublicKey,
): TransactionInstruction {
  const cfg = cctpConfig();
  const { PublicKey, TransactionInstruction } = solanaWeb3();
  const tmm = new PublicKey(cfg.solana.token_messenger_minter);
  const mt = new PublicKey(cfg.solana.message_transmitter);
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
    meta(payer, true, true), // event_rent_payer: pays the rent of the event account
    meta(pda(tmm, 'sender_authority')),
    meta(associatedTokenAccount(owner, mint), true), // burn_token_account: the owner's USDC
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
    // Anchor event-CPI accounts.
    meta(pda(tmm, '__event_authority')),
    meta(tmm),
  ];
  return new TransactionInstruction({
    programId: tmm,
    keys,
    data: depositForBurnData(f.amount, f.destinationDomain, f.mintRecipient),
  });
}

export function solanaBurnTx(f: SolanaBurnFields): Static<typeof SvmTx> {
  const { Keypair, PublicKey, Transaction } = solanaWeb3();
  const eventKey = Keypair.fromSeed(f.eventKeySeed);
  const tx = new Transaction({ feePayer: new PublicKey(f.feePayer ?? f.owner), recentBlockhash: f.recentBlockhash });
  tx.add(depositForBurnInstruction(f, eventKey.publicKey));
  tx.partialSign(eventKey);
  const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  return { chain_id: 'solana', signer_address: f.owner, tx: bytes.toString('base64') };
}
