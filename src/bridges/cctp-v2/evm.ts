/**
 * The burn on an EVM chain through Circle's TokenMessengerV2 (circlefin/evm-cctp-contracts src/v2/TokenMessengerV2.sol):
 * `depositForBurn(amount, destinationDomain, mintRecipient, burnToken, destinationCaller, maxFee,
 * minFinalityThreshold)`, or `depositForBurnWithHook(…same 7…, hookData)` with the Forwarding Service request when
 * Circle is to mint on the destination. The wallet approves TokenMessengerV2 for the amount first.
 */
import { bytesToHex, encodeFunctionData, type Hex } from 'viem';
import type { Static } from '@sinclair/typebox';
import type { EvmTx } from '../../wire/msgs.js';
import { TOKEN_MESSENGER_V2_ABI } from './abi.js';

export { TOKEN_MESSENGER_V2_ABI };

/** "Anyone may submit the mint": the zero destinationCaller (the Forwarding Service requires it). */
export const ANY_CALLER = new Uint8Array(32);

/**
 * The Forwarding Service request (developers.circle.com/cctp/concepts/forwarding-service, "Hook format"): the magic
 * bytes "cctp-forward" as a bytes24 (right-padded), a uint32 version 0 and a uint32 length 0 of further Circle data.
 */
export function forwardHookData(): Uint8Array {
  const out = new Uint8Array(32);
  out.set(new TextEncoder().encode('cctp-forward'), 0);
  return out;
}

export interface EvmV2BurnFields {
  chainId: string;
  tokenMessenger: string;
  usdc: string;
  amount: bigint;
  destinationDomain: number;
  mintRecipient: Uint8Array;
  maxFee: bigint;
  minFinalityThreshold: number;
  /** Present: Circle's Forwarding Service mints on the destination. */
  hookData?: Uint8Array;
  signer: string;
}

export function evmV2BurnTx(f: EvmV2BurnFields): Static<typeof EvmTx> {
  const common = [
    f.amount,
    f.destinationDomain,
    bytesToHex(f.mintRecipient),
    f.usdc as Hex,
    bytesToHex(ANY_CALLER),
    f.maxFee,
    f.minFinalityThreshold,
  ] as const;
  const data = f.hookData
    ? encodeFunctionData({
        abi: TOKEN_MESSENGER_V2_ABI,
        functionName: 'depositForBurnWithHook',
        args: [...common, bytesToHex(f.hookData)],
      })
    : encodeFunctionData({ abi: TOKEN_MESSENGER_V2_ABI, functionName: 'depositForBurn', args: common });
  return {
    chain_id: f.chainId,
    to: f.tokenMessenger,
    value: '0',
    data: data.slice(2),
    required_erc20_approvals: [{ token_contract: f.usdc, spender: f.tokenMessenger, amount: f.amount.toString() }],
    signer_address: f.signer,
  };
}
