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
 * SendNative unwraps them (WETH → ETH) first, Swap swaps them through the chain's router first. The memo's keys and their order are those of Skip's captured answer
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
/** The Swap command's swap functions Junction uses: 1 exactInput (V3 path), 2 swapExactTokensForTokens (V2 tokens). */
const HANDLER_SWAP_EXACT_INPUT = 1;
const HANDLER_SWAP_EXACT_TOKENS_FOR_TOKENS = 2;

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
 * The Swap command: data = ABI `(address destination, uint256 amountOutMin, bool unwrapOut, bytes[] swaps)`, each swap
 * ABI `(uint8 function, bytes payload)`. The handler runs the swaps in order through its swap router, each with the
 * whole output of the one before (the first with every token that arrived; it puts the arrived token first in a V3
 * path), checks the minimum on the last output, and pays it to the destination (unwrapped when asked and it is the
 * wrapped native token); input it did not use goes to the destination too.
 */
export function handlerSwapPayload(recipient: Address, swap: EvmSwapAfter): Uint8Array {
  const swaps = swap.segments.map((s) =>
    s.kind === 'v3'
      ? encodeAbiParameters(
          [{ type: 'uint8' }, { type: 'bytes' }],
          [HANDLER_SWAP_EXACT_INPUT, encodeAbiParameters([{ type: 'bytes' }], [s.path])],
        )
      : encodeAbiParameters(
          [{ type: 'uint8' }, { type: 'bytes' }],
          [HANDLER_SWAP_EXACT_TOKENS_FOR_TOKENS, encodeAbiParameters([{ type: 'address[]' }], [[...s.tokens]])],
        ),
  );
  const data = encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }, { type: 'bool' }, { type: 'bytes[]' }],
    [recipient, swap.minAmountOut, swap.unwrapOut, swaps],
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
