/**
 * CCTP burn messages laid out as Circle's contracts write them, and the source transactions that carry them, for
 * track.test.ts and the contract suites' tracking samples (CCTP V1 and V2).
 * - V1 (Message.sol / BurnMessage.sol): version 0, source and destination domains (4 bytes each), nonce (8), sender,
 *   recipient, destination caller (32 each), then the burn message: body version (4), burn token, mint recipient,
 *   amount, message sender (32 each).
 * - V2 (v2/MessageV2.sol / BurnMessageV2.sol): version 1, the nonce as 32 bytes, then min finality threshold and
 *   finality threshold executed (4 each) after the destination caller; the body adds max fee, fee executed and
 *   expiration block (32 each).
 * Emitted on EVM as the MessageTransmitter's `MessageSent(bytes message)`, on Noble as the cctp module's typed event
 * `circle.cctp.v1.MessageSent` with the message as a JSON string of its base64.
 */
import { encodePacked, pad, parseAbiItem, toHex, type Hex } from 'viem';
import { cosmosSourceTx, evmLog, evmSourceTx } from '../../test-helpers/source-txs.js';
import type { IncludedTx } from '../../../tx/tracker.js';

export interface BurnMessage {
  sourceDomain: number;
  destinationDomain: number;
  nonce: bigint;
  burnToken: Hex;
  mintRecipient: Hex;
  amount: bigint;
  /** The 32-byte sender, recipient and destination caller of the header, and the burn's message sender. */
  sender?: Hex;
  recipient?: Hex;
  destinationCaller?: Hex;
}

const MESSAGE_SENT = parseAbiItem('event MessageSent(bytes message)');
const word = (h: Hex) => pad(h, { size: 32 });
const zero = word('0x');

export const burnMessageV1 = (m: BurnMessage): Hex =>
  encodePacked(
    ['uint32', 'uint32', 'uint32', 'uint64', 'bytes32', 'bytes32', 'bytes32'],
    [
      0,
      m.sourceDomain,
      m.destinationDomain,
      m.nonce,
      m.sender ?? zero,
      m.recipient ?? zero,
      m.destinationCaller ?? zero,
    ],
  ).concat(burnBody(0, m).slice(2)) as Hex;

export const burnMessageV2 = (m: BurnMessage): Hex =>
  encodePacked(
    ['uint32', 'uint32', 'uint32', 'bytes32', 'bytes32', 'bytes32', 'bytes32', 'uint32', 'uint32'],
    [
      1,
      m.sourceDomain,
      m.destinationDomain,
      word(toHex(m.nonce)),
      m.sender ?? zero,
      m.recipient ?? zero,
      m.destinationCaller ?? zero,
      2000,
      0,
    ],
  ).concat(burnBody(1, m).slice(2), encodePacked(['uint256', 'uint256', 'uint256'], [0n, 0n, 0n]).slice(2)) as Hex;

function burnBody(version: number, m: BurnMessage): Hex {
  return encodePacked(
    ['uint32', 'bytes32', 'bytes32', 'uint256', 'bytes32'],
    [version, word(m.burnToken), m.mintRecipient, m.amount, m.sender ?? zero],
  );
}

/** An EVM transaction through `transmitter` that emitted MessageSent(message). */
export const messageSentTx = (chainId: string, to: string, transmitter: string, message: Hex): IncludedTx =>
  evmSourceTx(chainId, to, [evmLog(transmitter, MESSAGE_SENT, { message })]);

/** A Noble transaction whose cctp module emitted `message`. */
export const nobleMessageSentTx = (message: Hex): IncludedTx =>
  cosmosSourceTx('noble-1', [
    {
      type: 'circle.cctp.v1.MessageSent',
      attributes: [{ key: 'message', value: JSON.stringify(Buffer.from(message.slice(2), 'hex').toString('base64')) }],
    },
  ]);
