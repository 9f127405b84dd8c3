/**
 * The GMP memo of an ICS-20 packet sent to Axelar's GMP account (execution mechanics §6.1; axelar-core
 * x/axelarnet/message_handler.go): `destination_chain` (Axelar's chain name), `destination_address`, `payload`
 * (bytes as a JSON array of byte values, or null), `type` and, for a call that must be executed by Axelar's relayers,
 * `fee` {amount, recipient} taken from the transferred amount.
 *
 * - Type 3 (send token): the tokens go to `destination_address`, no payload, no fee in the memo (Axelar's transfer
 *   fee is deducted by the network).
 * - Type 2 (call with token), used to unwrap: `destination_address` is Skip's AxelarHandler, whose payload format is
 *   ABI `(uint8 command, bytes data)` with command 1 = SendNative and data = ABI `(address recipient)`
 *   (skip-mev/skip-go-evm-contracts AxelarHandler `_executeWithToken`): it unwraps the WETH it receives and sends the
 *   native token to the recipient.
 */
import { encodeAbiParameters, hexToBytes, type Address } from 'viem';

export const GMP_TYPE_CALL_WITH_TOKEN = 2;
export const GMP_TYPE_SEND_TOKEN = 3;
/** AxelarHandler commands (enum Commands { SendToken, SendNative, Swap }). */
export const HANDLER_SEND_NATIVE = 1;

export interface GmpMemo {
  destination_chain: string;
  destination_address: string;
  payload: number[] | null;
  type: number;
  fee?: { amount: string; recipient: string };
}

/** ABI `(uint8 command, bytes data)` with data = ABI `(address recipient)`. */
export function handlerPayload(command: number, recipient: Address): Uint8Array {
  const data = encodeAbiParameters([{ type: 'address' }], [recipient]);
  return hexToBytes(encodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], [command, data]));
}

export function sendTokenMemo(destinationChain: string, recipient: string): GmpMemo {
  return {
    destination_chain: destinationChain,
    destination_address: recipient,
    payload: null,
    type: GMP_TYPE_SEND_TOKEN,
  };
}

export function unwrapMemo(
  destinationChain: string,
  handler: string,
  recipient: Address,
  fee: bigint,
  gasReceiver: string,
): GmpMemo {
  return {
    destination_chain: destinationChain,
    destination_address: handler,
    payload: [...handlerPayload(HANDLER_SEND_NATIVE, recipient)],
    type: GMP_TYPE_CALL_WITH_TOKEN,
    fee: { amount: fee.toString(), recipient: gasReceiver },
  };
}
