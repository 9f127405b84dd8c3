/**
 * The EVM transaction of an IOFT `send` (LayerZero OFTs and Stargate V2 pools, execution mechanics §11): taxi mode,
 * `minAmountLD` from the caller's slippage tolerance, the native messaging fee as `MessagingFee.nativeFee` and as the
 * value (plus the amount itself when the token is the chain's gas token), the sender as refund address. An ERC-20
 * the contract pulls with `transferFrom` needs an approval of the contract first.
 */
import type { Static } from '@sinclair/typebox';
import type { Hex } from 'viem';
import type { EvmTx } from '../../wire/msgs.js';
import { encodeSend, taxiSendParam } from './oft.js';

export interface OftSendFields {
  chainId: string;
  /** The OFT / pool the wallet calls. */
  contract: string;
  /** The ERC-20 approved to the contract when `approvalRequired`. */
  token: string;
  approvalRequired: boolean;
  /** The amount is the chain's gas token: it rides in the value. */
  nativeToken: boolean;
  dstEid: number;
  to: Hex;
  amount: bigint;
  minAmountLD: bigint;
  nativeFee: bigint;
  signer: string;
}

export function oftSendTx(f: OftSendFields): Static<typeof EvmTx> {
  const data = encodeSend(taxiSendParam(f.dstEid, f.to, f.amount, f.minAmountLD), f.nativeFee, f.signer as Hex);
  return {
    chain_id: f.chainId,
    to: f.contract,
    value: (f.nativeFee + (f.nativeToken ? f.amount : 0n)).toString(),
    // The wire carries calldata without 0x; the SDK prepends it.
    data: data.slice(2),
    required_erc20_approvals: f.approvalRequired
      ? [{ token_contract: f.token, spender: f.contract, amount: f.amount.toString() }]
      : [],
    signer_address: f.signer,
  };
}
