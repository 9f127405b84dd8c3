/**
 * What Axelar does with an ICS-20 packet that reaches it, for tests: the rules of axelar-core v1.5.0
 * x/axelarnet/message_handler.go (OnRecvMessage, validateMessage, validateFee, deductFee) as this module reads them,
 * written here in TypeScript. A packet to any account but the GMP account is a plain transfer to Axelar; a packet to
 * the GMP account must carry a memo that decodes as axelarnet's `Message` (JSON: destination_chain,
 * destination_address, payload as bytes, type, optional fee {amount, recipient, refund_recipient}), of type 1 or 2 (the
 * switch knows no other: type 3 gets an error acknowledgement), whose fee is a positive integer paid to a valid Axelar
 * address and, for type 2, leaves a positive amount; the destination must be a chain Axelar knows (for type 2) and the
 * destination address valid there (an EVM chain: a 20-byte hex address).
 */
import { bech32 } from 'bech32';
import { isAddress } from 'viem';

export interface AxelarnetMessage {
  destinationChain: string;
  destinationAddress: string;
  payload: Uint8Array;
  type: 1 | 2;
  fee?: { amount: bigint; recipient: string; refundRecipient?: string };
  /** What travels on after the fee: the packet's amount less the fee. */
  amountAfterFee: bigint;
}

export type AxelarnetOutcome =
  { kind: 'plain' } | { kind: 'message'; message: AxelarnetMessage } | { kind: 'error-ack'; reason: string };

export interface AxelarnetEnv {
  gmpAccount: string;
  /** Axelar's chain names for the EVM chains it connects (nexus compares them case-insensitively). */
  evmChains: ReadonlySet<string>;
}

function errorAck(reason: string): AxelarnetOutcome {
  return { kind: 'error-ack', reason };
}

/** Go's json.Unmarshal into []byte: a base64 string, or an array of numbers each 0..255. */
function goBytes(v: unknown): Uint8Array | undefined {
  if (v === null || v === undefined) return new Uint8Array();
  if (typeof v === 'string') return Uint8Array.from(Buffer.from(v, 'base64'));
  if (Array.isArray(v) && v.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) return Uint8Array.from(v);
  return undefined;
}

function isAxelarAddress(a: string): boolean {
  try {
    return bech32.decode(a).prefix === 'axelar';
  } catch {
    return false;
  }
}

export function axelarnetReceive(
  packet: { receiver: string; amount: bigint; memo: string },
  env: AxelarnetEnv,
): AxelarnetOutcome {
  // validateReceiver: the uppercase spelling of the GMP account is refused.
  if (packet.receiver !== packet.receiver.toLowerCase() && packet.receiver.toLowerCase() === env.gmpAccount)
    return errorAck('uppercase GMP account address is not allowed');
  if (packet.receiver !== env.gmpAccount) return { kind: 'plain' };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(packet.memo) as Record<string, unknown>;
  } catch {
    return errorAck('cannot unmarshal memo');
  }
  if (typeof raw !== 'object' || raw === null) return errorAck('cannot unmarshal memo');
  const payload = goBytes(raw.payload);
  const { destination_chain: destinationChain, destination_address: destinationAddress, type } = raw;
  if (
    !payload ||
    typeof destinationChain !== 'string' ||
    typeof destinationAddress !== 'string' ||
    typeof type !== 'number' ||
    !Number.isInteger(type)
  )
    return errorAck('cannot unmarshal memo');
  let fee: AxelarnetMessage['fee'];
  if (raw.fee !== undefined && raw.fee !== null) {
    const f = raw.fee as Record<string, unknown>;
    if (typeof f.amount !== 'string' || !/^\d+$/.test(f.amount) || BigInt(f.amount) <= 0n)
      return errorAck('invalid fee amount');
    if (typeof f.recipient !== 'string' || !isAxelarAddress(f.recipient)) return errorAck('invalid fee recipient');
    fee = { amount: BigInt(f.amount), recipient: f.recipient };
    if (typeof f.refund_recipient === 'string') fee.refundRecipient = f.refund_recipient;
    const after = packet.amount - fee.amount;
    if (type === 1 && after < 0n) return errorAck('fee amount is greater than transfer value');
    if (type === 2 && after <= 0n) return errorAck('transfer amount must be non-zero after fees are deducted');
    if (type !== 1 && type !== 2) return errorAck('unexpected message type for fee');
  }
  const known = [...env.evmChains].some((c) => c.toLowerCase() === destinationChain.toLowerCase());
  if (known && !isAddress(destinationAddress, { strict: false }))
    return errorAck(`invalid destination address ${destinationAddress}`);
  if (type !== 1 && type !== 2) return errorAck('unrecognized message type');
  if (type === 2 && !known) return errorAck(`unrecognized destination chain ${destinationChain}`);
  return {
    kind: 'message',
    message: {
      destinationChain,
      destinationAddress,
      payload,
      type,
      ...(fee ? { fee } : {}),
      amountAfterFee: packet.amount - (fee?.amount ?? 0n),
    },
  };
}
