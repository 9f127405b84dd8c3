/**
 * A CCTP V1 burn on Solana (Solana → Noble, Noble's relayers mint) read from its DepositForBurn event CPI: the message
 * is the one the program's message.rs and burn_message.rs format (V1 header of 116 bytes with the nonce the
 * transmitter assigned), so the tracker finds the mint on Noble by source domain and nonce. The event bytes are
 * written out field by field from programs/token-messenger-minter events.rs. Solana → EVM (V2) is followed end to end
 * in ../cctp-v2/solana-track.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { Keypair, PublicKey } from '@solana/web3.js';
import { keccak256, toHex } from 'viem';
import { buildRegistry } from '../../registry/build.js';
import type { IncludedTx, TrackerEnv } from '../../tx/tracker.js';
import { cctpConfig } from './config.js';
import { solanaBurnMessages } from './solana-burn-event.js';
import { cctpTracker, decodeMessage } from './track.js';

const { solana, usdc } = cctpConfig();
const programs = {
  tokenMessengerMinter: solana.token_messenger_minter,
  tokenMessengerMinterV2: solana.token_messenger_minter_v2,
};
const TAG = Buffer.from([0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d]);
const DEPOSIT_FOR_BURN = Buffer.from([144, 252, 145, 146, 6, 74, 167, 235]);
const owner = Keypair.generate().publicKey;
const mintRecipient = Buffer.alloc(32, 0x11);
const nobleMessenger = Buffer.alloc(32, 0x22);
const caller = Buffer.alloc(32, 0x33);

/** DepositForBurn V1 { nonce, burn_token, amount, depositor, mint_recipient, destination_domain, ..._token_messenger, destination_caller }. */
function v1Event(nonce: bigint, amount: bigint): Buffer {
  const n = Buffer.alloc(8);
  n.writeBigUInt64LE(nonce);
  const a = Buffer.alloc(8);
  a.writeBigUInt64LE(amount);
  const d = Buffer.alloc(4);
  d.writeUInt32LE(4);
  const usdcMint = new PublicKey(usdc.get('solana')!).toBuffer();
  return Buffer.concat([
    TAG,
    DEPOSIT_FOR_BURN,
    n,
    usdcMint,
    a,
    owner.toBuffer(),
    mintRecipient,
    d,
    nobleMessenger,
    caller,
  ]);
}

describe('a CCTP V1 burn on Solana, from its event', () => {
  it('is the message the program formatted: header, nonce, sender program, burn message', () => {
    const [bytes, ...rest] = solanaBurnMessages(
      [{ programId: solana.token_messenger_minter, data: v1Event(81_234n, 25_000_000n) }],
      programs,
      5,
    );
    expect(rest).toHaveLength(0);
    const m = Buffer.from(bytes!);
    expect(m.length).toBe(116 + 132);
    expect(m.readUInt32BE(0)).toBe(0);
    expect(m.readUInt32BE(4)).toBe(5);
    expect(m.readUInt32BE(8)).toBe(4);
    expect(m.readBigUInt64BE(12)).toBe(81_234n);
    expect(m.subarray(20, 52)).toEqual(new PublicKey(solana.token_messenger_minter).toBuffer());
    expect(m.subarray(52, 84)).toEqual(nobleMessenger);
    expect(m.subarray(84, 116)).toEqual(caller);
    expect(m.readUInt32BE(116)).toBe(0);
    expect(m.subarray(120, 152)).toEqual(new PublicKey(usdc.get('solana')!).toBuffer());
    expect(m.subarray(216, 248)).toEqual(owner.toBuffer());
    expect(decodeMessage(m)).toMatchObject({
      version: 0,
      source_domain: 5,
      destination_domain: 4,
      nonce: '81234',
      mint_recipient: toHex(mintRecipient),
      amount: '25000000',
      message_hash: keccak256(m),
    });
  });

  it('V2: the header with an empty nonce and the finality threshold, the body with max fee and hook data', () => {
    const u32 = (v: number) => {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(v);
      return b;
    };
    const u64 = (v: bigint) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64LE(v);
      return b;
    };
    const hook = Buffer.from('cafe', 'hex');
    const event = Buffer.concat([
      TAG,
      DEPOSIT_FOR_BURN,
      new PublicKey(usdc.get('solana')!).toBuffer(),
      u64(7_000_000n),
      owner.toBuffer(),
      mintRecipient,
      u32(3),
      nobleMessenger,
      caller,
      u64(1234n), // max_fee
      u32(1000), // min_finality_threshold
      u32(hook.length),
      hook,
    ]);
    const [bytes] = solanaBurnMessages([{ programId: solana.token_messenger_minter_v2, data: event }], programs, 5);
    const m = Buffer.from(bytes!);
    expect(m.length).toBe(148 + 228 + 2);
    expect([m.readUInt32BE(0), m.readUInt32BE(4), m.readUInt32BE(8)]).toEqual([1, 5, 3]);
    expect(m.subarray(12, 44)).toEqual(Buffer.alloc(32));
    expect(m.subarray(44, 76)).toEqual(new PublicKey(solana.token_messenger_minter_v2).toBuffer());
    expect(m.subarray(76, 108)).toEqual(nobleMessenger);
    expect(m.subarray(108, 140)).toEqual(caller);
    expect([m.readUInt32BE(140), m.readUInt32BE(144), m.readUInt32BE(148)]).toEqual([1000, 0, 1]);
    expect(m.subarray(184, 216)).toEqual(mintRecipient);
    expect(m.readBigUInt64BE(216 + 24)).toBe(7_000_000n);
    expect(m.subarray(248, 280)).toEqual(owner.toBuffer());
    expect(m.readBigUInt64BE(280 + 24)).toBe(1234n);
    expect(m.subarray(312, 376)).toEqual(Buffer.alloc(64));
    expect(m.subarray(376)).toEqual(hook);
  });

  it('is found only in an event of the CCTP programs, and a short or foreign instruction is skipped', () => {
    const event = v1Event(1n, 1n);
    const other = Keypair.generate().publicKey.toBase58();
    expect(solanaBurnMessages([{ programId: other, data: event }], programs, 5)).toEqual([]);
    expect(
      solanaBurnMessages([{ programId: solana.token_messenger_minter, data: event.subarray(0, 60) }], programs, 5),
    ).toEqual([]);
    // The instruction that asked for the burn (its own discriminator) is not the event.
    const ix = Buffer.concat([Buffer.alloc(8, 1), event.subarray(16)]);
    expect(solanaBurnMessages([{ programId: solana.token_messenger_minter, data: ix }], programs, 5)).toEqual([]);
  });

  it('starts a CCTP leg to Noble with the burnt USDC and what arrives there', () => {
    const tx: IncludedTx = {
      chainId: 'solana',
      hash: 'sig',
      height: '1',
      time: null,
      ok: true,
      code: 0,
      log: '',
      events: [],
      logs: [],
      instructions: [{ programId: solana.token_messenger_minter, data: v1Event(77n, 3_000_000n) }],
    };
    const env = {
      registry: buildRegistry(),
      chainTx: (chain_id: string, tx_hash: string) => ({ chain_id, tx_hash, explorer_link: '' }),
    } as unknown as TrackerEnv;
    expect(cctpTracker.discover(tx, env)).toMatchObject([
      {
        kind: 'cctp',
        from_chain_id: 'solana',
        to_chain_id: 'noble-1',
        state: 'CCTP_TRANSFER_SENT',
        source_denom: usdc.get('solana'),
        dest_denom: 'uusdc',
        message: { version: 0, nonce: '77', amount: '3000000' },
      },
    ]);
  });
});
