/**
 * From an EVM chain, every Axelar transfer is a general message with token through Skip's AxelarHandler on the source
 * chain: `gmpTransferERC20Token(destinationChain, contractAddress, payload, symbol, amount, gasPaymentAmount)`
 * (selector 0xd421c105), payable with value = gasPaymentAmount. The handler pulls the amount (approval to the handler),
 * pays the gas service's `payNativeGasForContractCallWithToken` (refund to the sender) and calls the gateway's
 * `callContractWithToken`, whose ContractCallWithToken event Axelar confirms and routes (axelar-core x/evm/abci.go).
 * Never the gateway's `sendToken` (0x26ef699d): since axelar-core v1.4.0 its TokenSent event is marked failed and the
 * tokens stay in the gateway.
 *
 * What `contractAddress` and `payload` are depends on the destination (axelar-core x/axelarnet/types/evm_translator.go
 * for Cosmos, the handler's executeWithToken for EVM):
 * - a Cosmos chain, nothing after the hop: the recipient's address and the version 0x00000000 (native) followed by
 *   "{}", as Skip's captured Ethereum → Osmosis answer does: Axelar delivers the tokens to the recipient in an ICS-20
 *   packet whose memo carries the (unused) message;
 * - a Cosmos chain, a swap or transfer after the hop: the chain's entry point and the version 0x00000002 followed by
 *   the UTF-8 JSON of its execute message (CosmWasm, JSON): Axelar's packet carries an IBC-hooks `wasm` memo;
 * - an EVM chain: Skip's AxelarHandler there and its `(uint8 command, bytes data)` payload (memo.ts), which sends the
 *   tokens on to the recipient (or unwraps them).
 */
import { bytesToHex, concat, encodeFunctionData, hexToBytes, stringToHex, type Hex } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../wire/msgs.js';
import { stringifyWithBigInts } from '../../messages/json.js';
import type { ContractCall, EvmSwapCall } from '../types.js';
import { swapInputFunding } from '../swap-input.js';
import { GATEWAY_ABI, HANDLER_ABI } from './abi.js';

export { GATEWAY_ABI, HANDLER_ABI };

/** axelar-core's payload versions for a message to a Cosmos chain. */
const NATIVE_PAYLOAD_VERSION: Hex = '0x00000000';
const COSMWASM_JSON_PAYLOAD_VERSION: Hex = '0x00000002';

/** The GMP payload that makes Axelar execute `call.msg` on the CosmWasm contract `call.contract`. */
export function cosmWasmPayload(call: ContractCall): Uint8Array {
  return hexToBytes(concat([COSMWASM_JSON_PAYLOAD_VERSION, stringToHex(stringifyWithBigInts(call.msg))]));
}

/**
 * The payload of a plain delivery to a Cosmos account: the native version and an empty JSON object (Axelar requires
 * bytes after the version; the receiving chain runs nothing for it).
 */
export function nativeDeliveryPayload(): Uint8Array {
  return hexToBytes(concat([NATIVE_PAYLOAD_VERSION, stringToHex('{}')]));
}

export interface GmpTransferFields {
  chainId: string;
  handler: string;
  token: string;
  symbol: string;
  amount: bigint;
  gasPayment: bigint;
  destinationChain: string;
  /** The destination contract (or, for a native delivery, the recipient account) and what Axelar hands it. */
  contractAddress: string;
  payload: Uint8Array;
  signer: string;
}

/**
 * The handler swaps first (swapAndGmpTransferERC20Token, skip-go-evm-contracts AxelarHandler.sol): it takes `amountIn`
 * of the input token (the zero address: native, sent as value with the gas payment on top; else pulled, approval to
 * the handler), calls its swap router with the calldata (SwapRouter02 paying its caller, the handler), and sends what
 * the swap gave of the symbol's token with the call, paying the gas service for it. `f.amount` is unused: the amount
 * sent is the swap's output, at least the calldata's minimum.
 */
export function swapAndGmpTransferTx(f: GmpTransferFields, swap: EvmSwapCall): Static<typeof EvmTx> {
  const funding = swapInputFunding(swap, f.handler);
  const data = encodeFunctionData({
    abi: HANDLER_ABI,
    functionName: 'swapAndGmpTransferERC20Token',
    args: [
      swap.inputToken as Hex,
      swap.amountIn,
      `0x${swap.calldata}`,
      f.destinationChain,
      f.contractAddress,
      bytesToHex(f.payload),
      f.symbol,
      f.gasPayment,
    ],
  });
  return {
    chain_id: f.chainId,
    to: f.handler,
    value: (funding.native + f.gasPayment).toString(),
    data: data.slice(2),
    required_erc20_approvals: funding.required_erc20_approvals,
    signer_address: f.signer,
  };
}

export function gmpTransferTx(f: GmpTransferFields): Static<typeof EvmTx> {
  const data = encodeFunctionData({
    abi: HANDLER_ABI,
    functionName: 'gmpTransferERC20Token',
    args: [f.destinationChain, f.contractAddress, bytesToHex(f.payload), f.symbol, f.amount, f.gasPayment],
  });
  return {
    chain_id: f.chainId,
    to: f.handler,
    value: f.gasPayment.toString(),
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.token, spender: f.handler, amount: f.amount.toString() }],
    signer_address: f.signer,
  };
}
