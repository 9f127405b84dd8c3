/**
 * LayerZero V2's Omnichain Fungible Token interface (IOFT), shared by the LayerZero OFT and Stargate V2 bridges
 * (execution mechanics §11; Stargate's pools implement the same IOFT): the SendParam, the quotes, the amount model.
 *
 * Amounts travel in *shared* decimals (usually 6) as a uint64, so an amount in local decimals loses its "dust" below
 * one shared unit: the contract debits only `removeDust(amountLD)`, and what it cannot carry stays in the wallet.
 * Stargate also takes a protocol fee on the shared amount (its fee library), modelled here in parts per million and
 * rounded the way Stargate's FeeLibV1 rounds it: the rate's share rounded down, plus one unit (so 400 ppm of 10^9
 * shared units is 400 001), whenever the rate and the amount are non-zero.
 */
import { encodeFunctionData, pad, type Hex } from 'viem';
import { bech32 } from 'bech32';
import type { Registry } from '../../registry/registry.js';
import type { LaneQuote, LaneRefusal } from '../types.js';
import { IOFT_ABI } from './abi.js';

export { IOFT_ABI };

export interface SendParam {
  dstEid: number;
  to: Hex;
  amountLD: bigint;
  minAmountLD: bigint;
  extraOptions: Hex;
  composeMsg: Hex;
  /** Empty: taxi (Stargate sends this transfer's own message at once); Stargate's bus takes a one-byte command. */
  oftCmd: Hex;
}

/** A taxi-mode SendParam without compose message or extra options (the OApp's enforced options apply). */
export function taxiSendParam(dstEid: number, to: Hex, amountLD: bigint, minAmountLD: bigint): SendParam {
  return { dstEid, to, amountLD, minAmountLD, extraOptions: '0x', composeMsg: '0x', oftCmd: '0x' };
}

export function encodeSend(p: SendParam, nativeFee: bigint, refundAddress: Hex): Hex {
  return encodeFunctionData({
    abi: IOFT_ABI,
    functionName: 'send',
    args: [p, { nativeFee, lzTokenFee: 0n }, refundAddress],
  });
}

/** The OFT's bytes32 `to` for a recipient on the destination chain (execution mechanics §0.3). */
export function oftRecipient(registry: Registry, chainId: string, address: string): Hex {
  switch (registry.chain(chainId)?.wire.chain_type) {
    case 'evm':
      return pad(address.toLowerCase() as Hex);
    case 'cosmos': {
      const bytes = Uint8Array.from(bech32.fromWords(bech32.decode(address, 1023).words));
      return pad(`0x${Buffer.from(bytes).toString('hex')}`);
    }
    default:
      throw new Error(`no 32-byte recipient encoding for chain ${chainId}`);
  }
}

const UINT64_MAX = 2n ** 64n - 1n;
const PPM = 1_000_000n;

export interface OftAmountModel {
  /** 10^(local decimals − shared decimals) on the source chain. */
  rate: bigint;
  /** The same on the destination chain, when its token has other local decimals (Stargate USDC on BNB Chain: 18). */
  outRate?: bigint;
  /** The bridge's fee on the shared amount, in parts per million (0 for a plain OFT), rounded as FeeLibV1 does. */
  feePpm: bigint;
}

/** FeeLibV1's fee: floor(sd × ppm / 10^6) + 1, none when the rate or the amount is zero. */
const feeOn = (sd: bigint, ppm: bigint) => (ppm > 0n && sd > 0n ? (sd * ppm) / PPM + 1n : 0n);

export interface OftQuote extends Omit<LaneQuote, 'fees' | 'seconds'> {
  /** The bridge's fee in local decimals (part of amountIn − amountOut; the rest is dust left in the wallet). */
  tokenFee: bigint;
}

/** What a send of `amount` delivers (fixed 'in'), or the least amount that delivers `amount` (fixed 'out'). */
export function oftAmounts(m: OftAmountModel, amount: bigint, fixed: 'in' | 'out'): OftQuote | LaneRefusal {
  if (m.feePpm >= PPM) return { refused: 'the bridge fee takes the whole amount' };
  const outRate = m.outRate ?? m.rate;
  let sd: bigint;
  if (fixed === 'in') {
    sd = amount / m.rate;
  } else {
    const want = (amount + outRate - 1n) / outRate;
    // The least shared amount whose output after the fee reaches `want`: the output grows by at most one per unit.
    sd = m.feePpm === 0n ? want : (want * PPM) / (PPM - m.feePpm);
    while (sd > 0n && sd - 1n - feeOn(sd - 1n, m.feePpm) >= want) sd--;
    while (sd - feeOn(sd, m.feePpm) < want) sd++;
  }
  if (sd > UINT64_MAX)
    return { refused: `the OFT carries at most ${UINT64_MAX} units of its shared decimals (uint64)` };
  const outSd = sd - feeOn(sd, m.feePpm);
  if (outSd <= 0n) return { refused: `the amount is below the smallest unit the OFT carries (${m.rate} base units)` };
  return {
    amountIn: fixed === 'in' ? amount : sd * m.rate,
    amountOut: outSd * outRate,
    tokenFee: (sd - outSd) * m.rate,
  };
}

/**
 * minAmountLD: the expected output less the caller's slippage tolerance, in whole shared units of the *source* token
 * (the contract compares it with the received amount in source local decimals).
 */
export function minAmountAfterSlippage(expectedOutSd: bigint, slippagePpm: bigint, rate: bigint): bigint {
  return (expectedOutSd - (expectedOutSd * slippagePpm + PPM - 1n) / PPM) * rate;
}
