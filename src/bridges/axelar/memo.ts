/**
 * The GMP memo of an ICS-20 packet sent to Axelar's GMP account (execution mechanics §6.1; axelar-core v1.5.0
 * x/axelarnet/message_handler.go, `Message`): `destination_chain` (Axelar's chain name), `destination_address`,
 * `payload` (bytes, written as a JSON array of byte values as Skip does), `type` and `fee` {amount, recipient}, taken
 * from the transferred amount and paid to Axelar's gas receiver so that Axelar's relayers execute the call.
 *
 * Junction sends type 2 (general message with token) only: it is what current Axelar processes. Type 3 (direct token
 * transfer) was switched off in v1.3.0 and removed in v1.4.0 (the handler answers "unrecognized Message type" and the
 * packet is refunded). The call goes to Skip's AxelarHandler on the destination EVM chain, whose executeWithToken
 * decodes the payload as ABI `(uint8 command, bytes data)` (skip-mev/skip-go-evm-contracts AxelarHandler.sol, enum
 * Commands { SendToken, SendNative, Swap }): SendToken transfers the tokens to `abi.decode(data, (address))`,
 * SendNative unwraps them (WETH → ETH) first, Swap swaps them through the handler's swap router (handlerSwapPayload).
 * The memo's keys and their order are those of Skip's captured answer
 * (test/fixtures/skip-go-api/msgs-osmosis-to-ethereum-axelar.json).
 */
import { encodeAbiParameters, hexToBytes, type Address } from 'viem';
import type { EvmSwapAfter } from '../types.js';

/** axelar-core nexus MessageType: 1 general message, 2 general message with token. */
const GMP_TYPE_CALL_WITH_TOKEN = 2;

/** AxelarHandler commands (enum Commands { SendToken, SendNative, Swap }). */
export const HANDLER_SEND_TOKEN = 0;
export const HANDLER_SEND_NATIVE = 1;
const HANDLER_SWAP = 2;

export interface GmpMemo {
  destination_chain: string;
  destination_address: string;
  payload: number[];
  type: number;
  fee: { amount: string; recipient: string };
}

/** ABI `(uint8 command, bytes data)` with data = ABI `(address recipient)`: SendToken or SendNative to `recipient`. */
export function handlerPayload(command: number, recipient: Address): Uint8Array {
  const data = encodeAbiParameters([{ type: 'address' }], [recipient]);
  return hexToBytes(encodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], [command, data]));
}

/**
 * The Swap command as Skip's deployed AxelarHandler decodes it (skip-mev/skip-go-evm-contracts AxelarHandler.sol
 * _executeWithToken at 5ace524): data = ABI `(address tokenOut, address destination, bytes swapCalldata)`. The handler
 * approves its swap router for all that arrived, calls it with the calldata as it is, and pays what its balance of
 * `tokenOut` (the zero address: ether) gained to the destination, with any input the call left; if the call fails
 * (below its minimum, say) it pays the arrived tokens to the destination unswapped.
 */
export function handlerSwapPayload(recipient: Address, swap: EvmSwapAfter): Uint8Array {
  const data = encodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'bytes' }],
    [swap.tokenOut, recipient, swap.calldata],
  );
  return hexToBytes(encodeAbiParameters([{ type: 'uint8' }, { type: 'bytes' }], [HANDLER_SWAP, data]));
}

/**
 * A general message with token to Skip's AxelarHandler on the destination, which sends the tokens it receives to the
 * recipient, unwrapped into the chain's native token when `unwrap`, or swaps them first (`swap`: the Swap command).
 * `fee` (in the asset) pays for the execution.
 */
export function handlerCallMemo(
  destinationChain: string,
  handler: string,
  recipient: Address,
  unwrap: boolean,
  fee: bigint,
  gasReceiver: string,
  swap?: EvmSwapAfter,
): GmpMemo {
  return {
    destination_chain: destinationChain,
    destination_address: handler,
    payload: [
      ...(swap
        ? handlerSwapPayload(recipient, swap)
        : handlerPayload(unwrap ? HANDLER_SEND_NATIVE : HANDLER_SEND_TOKEN, recipient)),
    ],
    type: GMP_TYPE_CALL_WITH_TOKEN,
    fee: { amount: fee.toString(), recipient: gasReceiver },
  };
}
