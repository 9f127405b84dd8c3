/**
 * CCTP burn messages laid out as Circle's contracts write them, and the source transactions that carry them, for
 * track.test.ts and the contract suites' tracking samples (CCTP V1 and V2).
 * - V1 (Message.sol / BurnMessage.sol): version 0, source and destination domains (4 bytes each), nonce (8), sender,
 *   recipient, destination caller (32 each), then the burn message: body version (4), burn token, mint recipient,
 *   amount, message sender (32 each).
 * - V2 (v2/MessageV2.sol / BurnMessageV2.sol): version 1, the nonce as 32 bytes, then min finality threshold and
 *   finality threshold executed (4 each) after the destination caller; the body adds max fee, fee executed and
 *   expiration block (32 each).
 * Emitted on EVM as the MessageTransmitter's `MessageSent(bytes message)` (for V2 beside TokenMessengerV2's
 * DepositForBurn, which marks the message a burn), on Noble as the cctp module's typed event
 * `circle.cctp.v1.MessageSent` with the message as a JSON string of its base64.
 */
import { encodePacked, getAbiItem, pad, parseAbiItem, toHex, type Hex } from 'viem';
import { cosmosSourceTx, evmLog, evmSourceTx } from '../../test-helpers/source-txs.js';
import type { IncludedTx } from '../../../tx/tracker.js';
import { TOKEN_MESSENGER_V2_ABI } from '../../cctp-v2/abi.js';

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

const burnMessageV2 = (m: BurnMessage): Hex =>
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

/** A V1 burn through TokenMessenger `to`: the MessageTransmitter `transmitter` emitted MessageSent(message). */
export const messageSentTx = (chainId: string, to: string, transmitter: string, message: Hex): IncludedTx =>
  evmSourceTx(chainId, to, [evmLog(transmitter, MESSAGE_SENT, { message })]);

/** A V2 burn of `m` by `depositor` through TokenMessengerV2 `messenger` and MessageTransmitterV2 `transmitter`. */
export function burnTxV2(
  c: { chainId: string; messenger: string; transmitter: string; depositor: Hex },
  m: BurnMessage,
) {
  const depositForBurn = getAbiItem({ abi: TOKEN_MESSENGER_V2_ABI, name: 'DepositForBurn' });
  return evmSourceTx(c.chainId, c.messenger, [
    evmLog(c.transmitter, MESSAGE_SENT, { message: burnMessageV2(m) }),
    evmLog(c.messenger, depositForBurn, {
      burnToken: `0x${m.burnToken.slice(-40)}`,
      amount: m.amount,
      depositor: c.depositor,
      mintRecipient: m.mintRecipient,
      destinationDomain: m.destinationDomain,
      destinationTokenMessenger: word(c.messenger as Hex),
      destinationCaller: m.destinationCaller ?? zero,
      maxFee: 0n,
      minFinalityThreshold: 2000,
      hookData: '0x',
    }),
  ]);
}

/** A Noble transaction whose cctp module emitted `message`. */
export const nobleMessageSentTx = (message: Hex): IncludedTx =>
  cosmosSourceTx('noble-1', [
    {
      type: 'circle.cctp.v1.MessageSent',
      attributes: [{ key: 'message', value: JSON.stringify(Buffer.from(message.slice(2), 'hex').toString('base64')) }],
    },
  ]);
