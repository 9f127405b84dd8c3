/**
 * From an EVM chain, two transactions:
 * - the gateway's `sendToken(destinationChain, destinationAddress, symbol, amount)` (execution mechanics §6.3), which
 *   pulls the token from the wallet (`required_erc20_approvals`: the gateway, for the amount) and emits `TokenSent`;
 *   Axelar mints or releases it on the destination, less its transfer fee. A plain token transfer needs no
 *   gas-service payment: the transfer fee pays the relaying.
 * - a GMP call with token through Skip's AxelarHandler, `gmpTransferERC20Token(destinationChain, contractAddress,
 *   payload, symbol, amount, gasPaymentAmount)` (selector 0xd421c105), payable with value = gasPaymentAmount: the
 *   handler pulls the amount (approval to the handler), pays the gas service's `payNativeGasForContractCallWithToken`
 *   and calls the gateway's `callContractWithToken`. An account cannot make both calls in one transaction itself.
 *   To a CosmWasm contract the payload is the 4-byte version 0x00000002 followed by the UTF-8 JSON of the execute
 *   message (axelar-core CosmWasmV2): Axelar delivers it as an ICS-20 packet whose IBC-hooks memo calls the contract.
 */
import { bytesToHex, concat, encodeFunctionData, hexToBytes, parseAbi, stringToHex, type Hex } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../wire/msgs.js';
import { stringifyWithBigInts } from '../../messages/json.js';
import type { ContractCall } from '../types.js';

export const GATEWAY_ABI = parseAbi([
  'function sendToken(string destinationChain, string destinationAddress, string symbol, uint256 amount)',
  'event TokenSent(address indexed sender, string destinationChain, string destinationAddress, string symbol, uint256 amount)',
  'event ContractCallWithToken(address indexed sender, string destinationChain, string destinationContractAddress, bytes32 indexed payloadHash, bytes payload, string symbol, uint256 amount)',
]);

export const HANDLER_ABI = parseAbi([
  'function gmpTransferERC20Token(string destinationChain, string contractAddress, bytes payload, string symbol, uint256 amount, uint256 gasPaymentAmount) payable',
]);

/** axelar-core's payload version for a CosmWasm call whose message is JSON. */
export const COSMWASM_JSON_PAYLOAD_VERSION: Hex = '0x00000002';

export interface SendTokenFields {
  chainId: string;
  gateway: string;
  token: string;
  symbol: string;
  amount: bigint;
  destinationChain: string;
  destinationAddress: string;
  signer: string;
}

export function sendTokenTx(f: SendTokenFields): Static<typeof EvmTx> {
  const data = encodeFunctionData({
    abi: GATEWAY_ABI,
    functionName: 'sendToken',
    args: [f.destinationChain, f.destinationAddress, f.symbol, f.amount],
  });
  return {
    chain_id: f.chainId,
    to: f.gateway,
    value: '0',
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.token, spender: f.gateway, amount: f.amount.toString() }],
    signer_address: f.signer,
  };
}

/** The GMP payload that makes Axelar execute `call.msg` on the CosmWasm contract `call.contract`. */
export function cosmWasmPayload(call: ContractCall): Uint8Array {
  return hexToBytes(concat([COSMWASM_JSON_PAYLOAD_VERSION, stringToHex(stringifyWithBigInts(call.msg))]));
}

export interface GmpTransferFields {
  chainId: string;
  handler: string;
  token: string;
  symbol: string;
  amount: bigint;
  gasPayment: bigint;
  destinationChain: string;
  call: ContractCall;
  signer: string;
}

export function gmpTransferTx(f: GmpTransferFields): Static<typeof EvmTx> {
  const payload = bytesToHex(cosmWasmPayload(f.call));
  const data = encodeFunctionData({
    abi: HANDLER_ABI,
    functionName: 'gmpTransferERC20Token',
    args: [f.destinationChain, f.call.contract, payload, f.symbol, f.amount, f.gasPayment],
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
