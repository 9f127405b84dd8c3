/**
 * The order on the EVM source: the Go Fast gateway's `submitOrder(sender, recipient, amountIn, amountOut,
 * destinationDomain, timeoutTimestamp, data)` (execution-mechanics §8; selector 0x6ad1b6ac, the deployed ABI).
 * - sender: the refund address if no solver fills the order in time (the user's EVM address, left-padded to 32);
 * - recipient: 32 bytes of the bech32 data on the destination (a 20-byte account left-padded, a 32-byte contract as is);
 * - amountIn − amountOut: the solver's fee;
 * - timeoutTimestamp: absolute Unix **seconds**;
 * - data: when the route goes on after arrival, the JSON execute message the destination gateway runs on the
 *   recipient contract (Skip's entry point) with the USDC as funds; empty for a plain payout.
 * The gateway pulls amountIn of USDC with transferFrom: the wallet approves the gateway first.
 */
import { bech32 } from 'bech32';
import { bytesToHex, encodeFunctionData, hexToBytes, stringToHex, type Hex } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../wire/msgs.js';
import { stringifyWithBigInts } from '../../messages/json.js';
import { leftPad32 } from '../cctp/mint-recipient.js';
import type { ContractCall, EvmSwapCall } from '../types.js';
import { swapInputFunding } from '../swap-input.js';
import { GO_FAST_GATEWAY_ABI, GO_FAST_HANDLER_ABI } from './abi.js';

export { GO_FAST_GATEWAY_ABI };

export interface GoFastOrderFields {
  chainId: string;
  gateway: string;
  usdc: string;
  sender: string;
  /** The user's bech32 address on the destination (used when nothing follows). */
  recipient: string;
  amountIn: bigint;
  amountOut: bigint;
  destinationDomain: number;
  timeoutSeconds: bigint;
  continuation: ContractCall | undefined;
}

const bech32Bytes32 = (address: string): Hex =>
  bytesToHex(leftPad32(Uint8Array.from(bech32.fromWords(bech32.decode(address, 1023).words))));

function orderRecipient(f: GoFastOrderFields): Hex {
  return bech32Bytes32(f.continuation ? f.continuation.contract : f.recipient);
}

function orderData(f: GoFastOrderFields): Hex {
  return f.continuation ? stringToHex(stringifyWithBigInts(f.continuation.msg)) : '0x';
}

export function goFastOrderTx(f: GoFastOrderFields): Static<typeof EvmTx> {
  const data = encodeFunctionData({
    abi: GO_FAST_GATEWAY_ABI,
    functionName: 'submitOrder',
    args: [
      bytesToHex(leftPad32(hexToBytes(f.sender as Hex))),
      orderRecipient(f),
      f.amountIn,
      f.amountOut,
      f.destinationDomain,
      f.timeoutSeconds,
      orderData(f),
    ],
  });
  return {
    chain_id: f.chainId,
    to: f.gateway,
    value: '0',
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.usdc, spender: f.gateway, amount: f.amountIn.toString() }],
    signer_address: f.sender,
  };
}

export interface GoFastSwapFields extends GoFastOrderFields {
  /** Skip's GoFastHandler on the source chain, which swaps then submits the order. */
  handler: string;
  /** The solver's fee: `feeBps` of what the swap delivers plus the fixed source and destination gas components. */
  executionFee: bigint;
  feeBps: bigint;
}

/**
 * A source swap and the order in one transaction: the handler's `swapAndSubmitOrder(tokenIn, swapAmountIn,
 * swapCalldata, executionFeeAmount, solverFeeBPS, sender, recipient, destinationDomain, timeoutTimestamp,
 * destinationCalldata)`. The order's amountIn is the whole swap output and its amountOut that output less
 * executionFeeAmount and solverFeeBPS of it — the fee schedule of a plain order (quote.ts) applied to what the swap
 * delivers, so the payout follows the swap's real output (at least its minimum). The wallet approves the handler for
 * an ERC-20 input, or sends a native input as value.
 */
export function goFastSwapAndOrderTx(f: GoFastSwapFields, swap: EvmSwapCall): Static<typeof EvmTx> {
  const funding = swapInputFunding(swap, f.handler);
  const data = encodeFunctionData({
    abi: GO_FAST_HANDLER_ABI,
    functionName: 'swapAndSubmitOrder',
    args: [
      swap.inputToken as Hex,
      swap.amountIn,
      `0x${swap.calldata}`,
      f.executionFee,
      f.feeBps,
      bytesToHex(leftPad32(hexToBytes(f.sender as Hex))),
      orderRecipient(f),
      f.destinationDomain,
      f.timeoutSeconds,
      orderData(f),
    ],
  });
  return {
    chain_id: f.chainId,
    to: f.handler,
    value: funding.native.toString(),
    data: data.slice(2),
    required_erc20_approvals: funding.required_erc20_approvals,
    signer_address: f.sender,
  };
}
