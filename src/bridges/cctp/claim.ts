/**
 * The claim of a CCTP transfer nobody was asked to mint. A burn without a destination caller and without Circle's
 * Forwarding Service request (what Junction builds with `smart_relay: false`) is minted by whoever submits
 * `receiveMessage(message, attestation)` to the destination's MessageTransmitter first; the user is the one with a
 * reason to. Once Circle attested it, the status answer's `next_step` is that call, ready to sign.
 *
 * Layouts (Circle's evm-cctp-contracts): V1 header (src/messages/Message.sol) version 4, source 4, destination 4,
 * nonce 8, sender 32, recipient 32, destinationCaller 32 — body at 116; V2 header (src/messages/v2/MessageV2.sol)
 * version 4, source 4, destination 4, nonce 32, sender 32, recipient 32, destinationCaller 32, minFinalityThreshold 4,
 * finalityThresholdExecuted 4 — body at 148; V2 burn body (BurnMessageV2.sol) version 4, burnToken, mintRecipient,
 * amount, messageSender, maxFee, feeExecuted, expirationBlock (32 each) — hook data at 228.
 */
import { encodeFunctionData, getAddress, parseAbi, type Hex } from 'viem';
import type { NextStep } from '../../wire/tx.js';
import { loadDataFiles } from '../../registry/data-files.js';
import type { CctpLeg } from '../../tx/record.js';

const TRANSMITTER_ABI = parseAbi(['function receiveMessage(bytes message, bytes attestation) returns (bool)']);
/** Circle's Forwarding Service request at the start of the hook data ("cctp-forward", bytes24). */
const FORWARD_MAGIC = Buffer.from('cctp-forward', 'utf8');
const V2_HOOK_DATA_AT = 148 + 228;

/** Who mints the message on the destination: a named relayer (or Circle, or Noble's relayers), or anyone. */
export function minterOf(bytes: Uint8Array, nobleDomain: number): 'relayer' | 'anyone' {
  const m = Buffer.from(bytes);
  const version = m.readUInt32BE(0);
  const destination = m.readUInt32BE(8);
  if (version === 0 && destination === nobleDomain) return 'relayer';
  const callerAt = version === 0 ? 84 : 108;
  const caller = m.subarray(callerAt, callerAt + 32);
  if (caller.some((b) => b !== 0)) return 'relayer';
  if (version === 1 && m.subarray(V2_HOOK_DATA_AT, V2_HOOK_DATA_AT + FORWARD_MAGIC.length).equals(FORWARD_MAGIC))
    return 'relayer';
  return 'anyone';
}

let transmitters: { v1: Record<string, string>; v2: string } | undefined;
function transmitterFacts() {
  if (!transmitters) {
    const c = loadDataFiles().contracts.cctp;
    transmitters = { v1: c.message_transmitter_v1, v2: c.message_transmitter_v2 };
  }
  return transmitters;
}

/** The destination's MessageTransmitter for the message's version (EVM chains only). */
function transmitterOn(chainId: string, version: number): string | undefined {
  if (!/^\d+$/.test(chainId)) return undefined;
  const t = transmitterFacts();
  return version === 0 ? t.v1[chainId] : t.v2;
}

/**
 * The next step of an attested message that waits for someone to mint it: the ready-to-sign receiveMessage call on
 * EVM destinations; on Solana, the claim in words (the program's receive_message instruction needs the recipient's
 * accounts, which Junction does not build yet). Null while not attested, or when a relayer mints.
 */
export function claimStep(leg: CctpLeg): NextStep | null {
  if (leg.state !== 'CCTP_TRANSFER_CONFIRMED' || leg.minter !== 'anyone') return null;
  if (!leg.message_bytes || !leg.attestation) return null;
  const version = leg.message.version === 0 ? 'V1' : 'V2';
  const transmitter = transmitterOn(leg.to_chain_id, leg.message.version);
  if (!transmitter) {
    return {
      action: 'claim',
      chain_id: leg.to_chain_id,
      message: `attested by Circle; nobody mints it for you: submit receive_message (CCTP ${version}) on ${leg.to_chain_id} with the message and attestation from Circle's attestation service`,
      tx: null,
    };
  }
  return {
    action: 'claim',
    chain_id: leg.to_chain_id,
    message: `attested by Circle; nobody mints it for you: sign receiveMessage on ${leg.to_chain_id}'s MessageTransmitter${version === 'V2' ? 'V2' : ''} (anyone may submit it; the USDC goes to the burn's recipient either way)`,
    tx: {
      chain_id: leg.to_chain_id,
      to: getAddress(transmitter),
      data: encodeFunctionData({
        abi: TRANSMITTER_ABI,
        functionName: 'receiveMessage',
        args: [leg.message_bytes as Hex, leg.attestation as Hex],
      }),
    },
  };
}
