/**
 * The burn on an EVM chain: Circle's TokenMessenger (V1) `depositForBurn(amount, destinationDomain, mintRecipient,
 * burnToken)`, which pulls the USDC with `transferFrom` and burns it. The wallet must first approve the
 * TokenMessenger for the amount on the USDC contract: that is the transaction's `required_erc20_approvals`.
 */
import { bytesToHex, encodeFunctionData, parseAbi } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../http/schemas/msgs.js';

export const TOKEN_MESSENGER_ABI = parseAbi([
  'function depositForBurn(uint256 amount, uint32 destinationDomain, bytes32 mintRecipient, address burnToken) returns (uint64 nonce)',
  'event DepositForBurn(uint64 indexed nonce, address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger, bytes32 destinationCaller)',
]);

export interface EvmBurnFields {
  chainId: string;
  tokenMessenger: string;
  usdc: string;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  signer: string;
}

export function evmBurnTx(f: EvmBurnFields): Static<typeof EvmTx> {
  const data = encodeFunctionData({
    abi: TOKEN_MESSENGER_ABI,
    functionName: 'depositForBurn',
    args: [f.amount, f.destinationDomain, bytesToHex(f.mintRecipient), f.usdc as `0x${string}`],
  });
  return {
    chain_id: f.chainId,
    to: f.tokenMessenger,
    value: '0',
    // The wire carries calldata without 0x; the SDK prepends it.
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.usdc, spender: f.tokenMessenger, amount: f.amount.toString() }],
    signer_address: f.signer,
  };
}
