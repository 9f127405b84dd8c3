/**
 * The burn on Solana as both CCTP versions' TokenMessengerMinter programs take it (circlefin/solana-cctp-contracts,
 * programs v1 and v2, `deposit_for_burn`): the same account list (V2 adds accounts about the owner), parameters that
 * start alike (V2 appends its own), and a fresh keypair for the account that stores the MessageSent event. That keypair
 * must sign: Junction makes it, signs with it and forgets it, so the transaction it returns is partially signed and
 * the user's wallet adds the owner's (and fee payer's) signature. Each version's module (./solana.ts,
 * ../cctp-v2/solana.ts) names its programs, its instruction data and the accounts it adds.
 */
import { createHash } from 'node:crypto';
import type { AccountMeta, PublicKey } from '@solana/web3.js';
import type { Static } from '@sinclair/typebox';
import { solanaWeb3 } from '../../messages/svm/web3.js';
import type { SvmTx } from '../../wire/msgs.js';
import { cctpConfig } from './config.js';
import { associatedTokenAccount } from './mint-recipient.js';

/** Anchor instruction discriminator: the first 8 bytes of sha256("global:<name>"). */
export function anchorDiscriminator(name: string): Buffer {
  return createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
}

export const pda = (programId: PublicKey, ...seeds: (string | Buffer)[]) =>
  solanaWeb3().PublicKey.findProgramAddressSync(
    seeds.map((s) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s)),
    programId,
  )[0];

export const accountMeta = (pubkey: PublicKey, isWritable = false, isSigner = false): AccountMeta => ({
  pubkey,
  isWritable,
  isSigner,
});

/** What every burn from Solana has, whichever the version. */
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

/** The parameters both versions start with, in Borsh: `{ amount: u64, destination_domain: u32, mint_recipient: Pubkey }`. */
export function burnParams(f: Pick<SolanaBurnFields, 'amount' | 'destinationDomain' | 'mintRecipient'>): Buffer {
  const params = Buffer.alloc(8 + 4 + 32);
  params.writeBigUInt64LE(f.amount, 0);
  params.writeUInt32LE(f.destinationDomain, 8);
  Buffer.from(f.mintRecipient).copy(params, 12);
  return params;
}

/** A version's deposit_for_burn. */
export interface BurnInstruction {
  /** The version's TokenMessengerMinter and MessageTransmitter programs. */
  tokenMessengerMinter: string;
  messageTransmitter: string;
  /** Discriminator and parameters. */
  data: Buffer;
  /** The accounts the version checks about the owner, which follow the burn token account (V1: none). */
  ownerAccounts: (tokenMessengerMinter: PublicKey, owner: PublicKey) => AccountMeta[];
}

/** The burn transaction, signed by the event-data keypair only. */
export function solanaDepositForBurnTx(f: SolanaBurnFields, ix: BurnInstruction): Static<typeof SvmTx> {
  const cfg = cctpConfig();
  const { Keypair, PublicKey, Transaction, TransactionInstruction } = solanaWeb3();
  const eventKey = Keypair.fromSeed(f.eventKeySeed);
  const tmm = new PublicKey(ix.tokenMessengerMinter);
  const mt = new PublicKey(ix.messageTransmitter);
  const mint = new PublicKey(cfg.usdc.get('solana')!);
  const owner = new PublicKey(f.owner);
  const payer = new PublicKey(f.feePayer ?? f.owner);
  const meta = accountMeta;
  const keys: AccountMeta[] = [
    meta(owner, false, true),
    meta(payer, true, true), // event_rent_payer: pays the rent of the event account
    meta(pda(tmm, 'sender_authority')),
    meta(associatedTokenAccount(owner, mint), true), // burn_token_account: the owner's USDC
    ...ix.ownerAccounts(tmm, owner),
    meta(pda(mt, 'message_transmitter'), true),
    meta(pda(tmm, 'token_messenger')),
    meta(pda(tmm, 'remote_token_messenger', String(f.destinationDomain))),
    meta(pda(tmm, 'token_minter')),
    meta(pda(tmm, 'local_token', mint.toBuffer()), true),
    meta(mint, true),
    meta(eventKey.publicKey, true, true), // message_sent_event_data: the fresh keypair
    meta(mt),
    meta(tmm),
    meta(new PublicKey(cfg.solana.token_program)),
    meta(new PublicKey(cfg.solana.system_program)),
    // Anchor event-CPI accounts.
    meta(pda(tmm, '__event_authority')),
    meta(tmm),
  ];
  const tx = new Transaction({ feePayer: payer, recentBlockhash: f.recentBlockhash });
  tx.add(new TransactionInstruction({ programId: tmm, keys, data: ix.data }));
  tx.partialSign(eventKey);
  const bytes = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
  return { chain_id: 'solana', signer_address: f.owner, tx: bytes.toString('base64') };
}
