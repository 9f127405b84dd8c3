/**
 * The burn on an EVM chain: Circle's TokenMessenger (V1) `depositForBurn(amount, destinationDomain, mintRecipient,
 * burnToken)`, which pulls the USDC with `transferFrom` and burns it. The wallet must first approve the
 * TokenMessenger for the amount on the USDC contract: that is the transaction's `required_erc20_approvals`.
 */
import { bytesToHex, encodeFunctionData } from 'viem';
import type { EvmSwapCall } from '../types.js';
import { swapInputFunding } from '../swap-input.js';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../wire/msgs.js';
import { TOKEN_MESSENGER_ABI, CCTP_RELAYER_ABI } from './abi.js';

export { TOKEN_MESSENGER_ABI, CCTP_RELAYER_ABI };

export interface EvmRelayedBurnFields extends EvmBurnFields {
  relayer: string;
  fee: bigint;
  /** The relayer on the destination that alone may mint (Noble's, as 32 bytes). */
  destinationCaller: Uint8Array;
}

/**
 * A swap and the relayed burn of its output in one transaction: the relayer swaps, keeps the fee and burns the rest.
 * The swap's calldata guarantees its minimum output, so the burn is at least that minimum less the fee.
 */
export function evmSwapAndRelayedBurnTx(f: EvmRelayedBurnFields, swap: EvmSwapCall): Static<typeof EvmTx> {
  const funding = swapInputFunding(swap, f.relayer);
  const data = encodeFunctionData({
    abi: CCTP_RELAYER_ABI,
    functionName: 'swapAndRequestCCTPTransferWithCaller',
    args: [
      swap.inputToken as `0x${string}`,
      swap.amountIn,
      `0x${swap.calldata}`,
      f.destinationDomain,
      bytesToHex(f.mintRecipient),
      f.usdc as `0x${string}`,
      f.fee,
      bytesToHex(f.destinationCaller),
    ],
  });
  return {
    chain_id: f.chainId,
    to: f.relayer,
    value: funding.native.toString(),
    data: data.slice(2),
    required_erc20_approvals: funding.required_erc20_approvals,
    signer_address: f.signer,
  };
}

/** The relayed burn: `amount` is what is burnt and minted; the wallet approves the relayer for amount + fee. */
export function evmRelayedBurnTx(f: EvmRelayedBurnFields): Static<typeof EvmTx> {
  const data = encodeFunctionData({
    abi: CCTP_RELAYER_ABI,
    functionName: 'requestCCTPTransferWithCaller',
    args: [
      f.amount,
      f.destinationDomain,
      bytesToHex(f.mintRecipient),
      f.usdc as `0x${string}`,
      f.fee,
      bytesToHex(f.destinationCaller),
    ],
  });
  return {
    chain_id: f.chainId,
    to: f.relayer,
    value: '0',
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.usdc, spender: f.relayer, amount: (f.amount + f.fee).toString() }],
    signer_address: f.signer,
  };
}

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
