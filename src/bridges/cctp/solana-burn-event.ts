/**
 * A burn on Solana, read from the transaction that made it. Solana's CCTP programs (circlefin/solana-cctp-contracts,
 * programs/token-messenger-minter and programs/v2/token-messenger-minter-v2, `deposit_for_burn`) store the CCTP
 * message in an event account that may be reclaimed once attested, but both emit `DepositForBurn` through Anchor's
 * event CPI (`emit_cpi!`): an instruction of the program to itself whose data is Anchor's event tag, the event's
 * discriminator (sha256("event:DepositForBurn")[..8], as the programs' IDLs list it) and the event in Borsh. The
 * event carries every field of the message the program formatted, so the message is formatted again here, byte for
 * byte as the programs' message.rs and burn_message.rs do; the EVM side of the tracker then follows it as it follows
 * a burn on an EVM chain (attestation, then the mint on the destination).
 *
 * - V1 (message version 0): the event carries the nonce the transmitter assigned.
 * - V2 (message version 1): the nonce stays zero, as in the message the program stores; the attestation service
 *   assigns it (the tracker reads it from there, as for EVM V2 burns).
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import type { SolanaInstruction } from '../../tx/tracker.js';

/** anchor-lang `EVENT_IX_TAG` (0x1d9acb512ea545e4), little-endian, as event-CPI instruction data starts. */
const EVENT_IX_TAG_LE = Buffer.from('e445a52e51cb9a1d', 'hex');
const DEPOSIT_FOR_BURN = createHash('sha256').update('event:DepositForBurn').digest().subarray(0, 8);

export interface SolanaCctpPrograms {
  /** TokenMessengerMinter (V1) and TokenMessengerMinterV2 program ids. */
  tokenMessengerMinter: string;
  tokenMessengerMinterV2: string;
}

/** Reads Borsh fields in order. */
class Reader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}
  u32(): number {
    const v = this.buf.readUInt32LE(this.at);
    this.at += 4;
    return v;
  }
  u64(): bigint {
    const v = this.buf.readBigUInt64LE(this.at);
    this.at += 8;
    return v;
  }
  pubkey(): Buffer {
    return this.bytes(32);
  }
  vec(): Buffer {
    return this.bytes(this.u32());
  }
  private bytes(n: number): Buffer {
    if (this.at + n > this.buf.length) throw new RangeError('event data too short');
    const v = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return v;
  }
}

const u32be = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
const u64be = (v: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(v);
  return b;
};
/** A u64 as the uint256 of a burn message (24 zero bytes, then big-endian). */
const u256be = (v: bigint) => Buffer.concat([Buffer.alloc(24), u64be(v)]);

/**
 * The CCTP messages of the burns a Solana transaction made, in the order it made them. `sourceDomain` is Solana's
 * CCTP domain (5 for both versions).
 */
export function solanaBurnMessages(
  instructions: readonly SolanaInstruction[],
  programs: SolanaCctpPrograms,
  sourceDomain: number,
): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const ix of instructions) {
    const v2 = ix.programId === programs.tokenMessengerMinterV2;
    if (!v2 && ix.programId !== programs.tokenMessengerMinter) continue;
    const data = Buffer.from(ix.data);
    if (!data.subarray(0, 8).equals(EVENT_IX_TAG_LE) || !data.subarray(8, 16).equals(DEPOSIT_FOR_BURN)) continue;
    try {
      // The message's sender is the program that asked the transmitter to send it.
      const sender = Buffer.from(bs58.decode(ix.programId));
      const event = new Reader(data.subarray(16));
      out.push(v2 ? messageV2(event, sender, sourceDomain) : messageV1(event, sender, sourceDomain));
    } catch {
      // not the event layout of the current programs: nothing Junction can follow
    }
  }
  return out;
}

/** V1: DepositForBurn { nonce, burn_token, amount, depositor, mint_recipient, destination_domain, destination_token_messenger, destination_caller }. */
function messageV1(r: Reader, sender: Buffer, sourceDomain: number): Buffer {
  const nonce = r.u64();
  const burnToken = r.pubkey();
  const amount = r.u64();
  const depositor = r.pubkey();
  const mintRecipient = r.pubkey();
  const destinationDomain = r.u32();
  const destinationTokenMessenger = r.pubkey();
  const destinationCaller = r.pubkey();
  // message.rs: version, source domain, destination domain, nonce, sender (the TokenMessengerMinter program),
  // recipient (the remote token messenger), destination caller; burn_message.rs: version, burn token, mint
  // recipient, amount, message sender (the owner who burnt).
  return Buffer.concat([
    u32be(0),
    u32be(sourceDomain),
    u32be(destinationDomain),
    u64be(nonce),
    sender,
    destinationTokenMessenger,
    destinationCaller,
    u32be(0),
    burnToken,
    mintRecipient,
    u256be(amount),
    depositor,
  ]);
}

/**
 * V2: DepositForBurn { burn_token, amount, depositor, mint_recipient, destination_domain, destination_token_messenger,
 * destination_caller, max_fee, min_finality_threshold, hook_data }.
 */
function messageV2(r: Reader, sender: Buffer, sourceDomain: number): Buffer {
  const burnToken = r.pubkey();
  const amount = r.u64();
  const depositor = r.pubkey();
  const mintRecipient = r.pubkey();
  const destinationDomain = r.u32();
  const destinationTokenMessenger = r.pubkey();
  const destinationCaller = r.pubkey();
  const maxFee = r.u64();
  const minFinalityThreshold = r.u32();
  const hookData = r.vec();
  // v2 message.rs: version, source and destination domains, an empty nonce, sender, recipient, destination caller,
  // min finality threshold, an empty finality threshold executed; v2 burn_message.rs: version, burn token, mint
  // recipient, amount, message sender, max fee, empty fee executed and expiration block, hook data.
  return Buffer.concat([
    u32be(1),
    u32be(sourceDomain),
    u32be(destinationDomain),
    Buffer.alloc(32),
    sender,
    destinationTokenMessenger,
    destinationCaller,
    u32be(minFinalityThreshold),
    u32be(0),
    u32be(1),
    burnToken,
    mintRecipient,
    u256be(amount),
    depositor,
    u256be(maxFee),
    u256be(0n),
    u256be(0n),
    hookData,
  ]);
}
