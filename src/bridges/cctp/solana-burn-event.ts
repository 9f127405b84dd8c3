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
import { encodePacked, hexToBytes, toHex, type Hex } from 'viem';
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

/** A Borsh Pubkey as the bytes32 of a CCTP message. */
const b32 = (key: Buffer): Hex => toHex(key, { size: 32 });

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
      const sender = b32(Buffer.from(bs58.decode(ix.programId)));
      out.push(hexToBytes(formatMessage(readEvent(new Reader(data.subarray(16)), v2), sender, sourceDomain)));
    } catch {
      // not the event layout of the current programs: nothing Junction can follow
    }
  }
  return out;
}

/** The fields of a DepositForBurn event (V2 adds the last three; V1 carries the nonce). */
interface DepositForBurn {
  nonce: bigint | null;
  burnToken: Hex;
  amount: bigint;
  depositor: Hex;
  mintRecipient: Hex;
  destinationDomain: number;
  destinationTokenMessenger: Hex;
  destinationCaller: Hex;
  v2: { maxFee: bigint; minFinalityThreshold: number; hookData: Hex } | null;
}

/**
 * events.rs, V1: { nonce, burn_token, amount, depositor, mint_recipient, destination_domain,
 * destination_token_messenger, destination_caller }; V2: the same without the nonce, then max_fee,
 * min_finality_threshold, hook_data.
 */
function readEvent(r: Reader, v2: boolean): DepositForBurn {
  const nonce = v2 ? null : r.u64();
  const e = {
    nonce,
    burnToken: b32(r.pubkey()),
    amount: r.u64(),
    depositor: b32(r.pubkey()),
    mintRecipient: b32(r.pubkey()),
    destinationDomain: r.u32(),
    destinationTokenMessenger: b32(r.pubkey()),
    destinationCaller: b32(r.pubkey()),
  };
  if (!v2) return { ...e, v2: null };
  return { ...e, v2: { maxFee: r.u64(), minFinalityThreshold: r.u32(), hookData: toHex(r.vec()) } };
}

/**
 * The message as the programs pack it (message.rs / burn_message.rs, the layout of Circle's Message.sol and
 * BurnMessage.sol): header version, source and destination domains, nonce, sender (the TokenMessengerMinter
 * program), recipient (the remote token messenger), destination caller; then the burn message: version, burn token,
 * mint recipient, amount (uint256), message sender (the owner who burnt). V2 packs an empty 32-byte nonce, adds the
 * min finality threshold and an empty finality threshold executed to the header, and max fee, empty fee executed and
 * expiration block, and the hook data to the body.
 */
function formatMessage(e: DepositForBurn, sender: Hex, sourceDomain: number): Hex {
  const route = [sourceDomain, e.destinationDomain] as const;
  const ends = [sender, e.destinationTokenMessenger, e.destinationCaller] as const;
  const burn = [e.burnToken, e.mintRecipient, e.amount, e.depositor] as const;
  if (!e.v2) {
    return encodePacked(
      [
        ...['uint32', 'uint32', 'uint32', 'uint64', 'bytes32', 'bytes32', 'bytes32'],
        ...['uint32', 'bytes32', 'bytes32', 'uint256', 'bytes32'],
      ] as const,
      [0, ...route, e.nonce ?? 0n, ...ends, 0, ...burn],
    );
  }
  const { maxFee, minFinalityThreshold, hookData } = e.v2;
  return encodePacked(
    [
      ...['uint32', 'uint32', 'uint32', 'bytes32', 'bytes32', 'bytes32', 'bytes32', 'uint32', 'uint32'],
      ...['uint32', 'bytes32', 'bytes32', 'uint256', 'bytes32', 'uint256', 'uint256', 'uint256', 'bytes'],
    ] as const,
    [1, ...route, toHex(0, { size: 32 }), ...ends, minFinalityThreshold, 0, 1, ...burn, maxFee, 0n, 0n, hookData],
  );
}
