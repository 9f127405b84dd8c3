/**
 * From an EVM chain: the gateway's `sendToken(destinationChain, destinationAddress, symbol, amount)` (execution
 * mechanics §6.3), which pulls the token from the wallet (`required_erc20_approvals`: the gateway, for the amount)
 * and emits `TokenSent`; Axelar mints or releases it on the destination, less its transfer fee. A plain token
 * transfer needs no gas-service payment: the transfer fee pays the relaying.
 */
import { encodeFunctionData, parseAbi } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../http/schemas/msgs.js';

export const GATEWAY_ABI = parseAbi([
  'function sendToken(string destinationChain, string destinationAddress, string symbol, uint256 amount)',
  'event TokenSent(address indexed sender, string destinationChain, string destinationAddress, string symbol, uint256 amount)',
]);

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
  const data = encodeFunctionData({ abi: GATEWAY_ABI, functionName: 'sendToken', args: [f.destinationChain, f.destinationAddress, f.symbol, f.amount] });
  return {
    chain_id: f.chainId,
    to: f.gateway,
    value: '0',
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.token, spender: f.gateway, amount: f.amount.toString() }],
    signer_address: f.signer,
  };
}
