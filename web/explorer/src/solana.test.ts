/**
 * The page's Solana decoding against the project's own CCTP burn (src/bridges/cctp/solana.ts, a legacy transaction
 * partially signed by the event-data keypair) and a v0 transaction with an address lookup table built by
 * @solana/web3.js.
 */
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  AddressLookupTableAccount,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { solanaBurnTx } from '../../../src/bridges/cctp/solana.js';
import { decodeSvmTx } from './solana.js';
import { labelOf } from './known.js';

const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const PAYER = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

describe('Solana transactions', () => {
  it("decode Junction's deposit_for_burn: program, arguments, account roles, which signatures are still needed", () => {
    const recipient = new Uint8Array(32).fill(7);
    const tx = solanaBurnTx({
      owner: OWNER,
      feePayer: PAYER,
      amount: 25_000_000n,
      destinationDomain: 4,
      mintRecipient: recipient,
      recentBlockhash: BLOCKHASH,
      eventKeySeed: new Uint8Array(32).fill(1),
    });
    const d = decodeSvmTx(tx.tx);
    const eventKey = Keypair.fromSeed(new Uint8Array(32).fill(1)).publicKey.toBase58();
    expect(d.version).toBe('legacy');
    expect(d.feePayer).toBe(PAYER);
    expect(d.recentBlockhash).toBe(BLOCKHASH);
    // Writable signers first (payer, event account), then the read-only owner: the message's own order.
    expect(d.signatures).toEqual([
      { signer: PAYER, present: false },
      { signer: eventKey, present: true },
      { signer: OWNER, present: false },
    ]);
    expect(d.instructions).toHaveLength(1);
    const ix = d.instructions[0]!;
    expect(labelOf(ix.programId)).toBe('Circle TokenMessengerMinter program (CCTP)');
    expect(ix.name).toBe('deposit_for_burn');
    expect(ix.args).toEqual([
      { name: 'amount', value: '25000000' },
      { name: 'destination_domain', value: '4' },
      { name: 'mint_recipient', value: `0x${'07'.repeat(32)}` },
    ]);
    const role = (r: string) => ix.accounts.find((a) => a.role === r);
    expect(role('owner')).toMatchObject({ pubkey: OWNER, signer: true, writable: false });
    expect(role('event_rent_payer')).toMatchObject({ pubkey: PAYER, signer: true, writable: true });
    expect(role('message_sent_event_data')).toMatchObject({ pubkey: eventKey, signer: true, writable: true });
    expect(role('burn_token_mint')).toMatchObject({
      pubkey: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      writable: true,
    });
    expect(role('system_program')!.pubkey).toBe('11111111111111111111111111111111');
    expect(ix.accounts).toHaveLength(17);
  });

  it('decode a v0 message, naming the accounts it loads from lookup tables', () => {
    const payer = new PublicKey(PAYER);
    const table = new AddressLookupTableAccount({
      key: new PublicKey('AddressLookupTab1e1111111111111111111111111'),
      state: {
        deactivationSlot: BigInt('18446744073709551615'),
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        addresses: [new PublicKey(OWNER), Keypair.generate().publicKey],
      },
    });
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: BLOCKHASH,
      instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(OWNER), lamports: 5 })],
    }).compileToV0Message([table]);
    const d = decodeSvmTx(Buffer.from(new VersionedTransaction(message).serialize()).toString('base64'));
    expect(d.version).toBe(0);
    expect(d.lookupTables).toEqual([table.key.toBase58()]);
    const ix = d.instructions[0]!;
    expect(labelOf(ix.programId)).toBe('System program');
    expect(ix.accounts[0]).toMatchObject({ pubkey: PAYER, signer: true, writable: true });
    expect(ix.accounts[1]!.pubkey).toMatch(/^lookup Addres…\[0\] \(writable\)$/);
    expect(ix.dataHex).toBe('02000000' + '0500000000000000');
  });

  it('says where a truncated transaction ends', () => {
    expect(() => decodeSvmTx(Buffer.from([1, 0, 0]).toString('base64'))).toThrow('transaction ends early');
  });
});
