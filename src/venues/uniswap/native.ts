/**
 * Native gas tokens on EVM chains: Uniswap pools never hold ETH (BNB, POL, AVAX) itself, only its wrapped ERC-20
 * (WETH9 and its twins). A swap from or to the native token is a swap from or to the wrapped token with a wrap
 * (deposit, `value` carries the amount) before it or an unwrap (withdraw) after it; SwapRouter02 does both inside the
 * same call (it wraps the `value` it receives, and `unwrapWETH9` pays out native). The router resolves a denom with
 * `swapDenom` and quotes the pools on the wrapped token; the message builder adds the wrap or unwrap.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { uniswapChain } from './chains.js';

export interface SwapDenom {
  /** The ERC-20 the pools trade. */
  token: Address;
  /** The denom is the chain's native token: wrap it before the swap (as input) or unwrap after (as output). */
  native: boolean;
}

/** How a registry denom of an EVM chain trades in its Uniswap pools, or undefined (not an EVM token here). */
export function swapDenom(chainId: string, denom: string): SwapDenom | undefined {
  const chain = uniswapChain(chainId);
  if (!chain) return undefined;
  if (denom === chain.nativeDenom) return { token: chain.wrappedNative, native: true };
  if (!isAddress(denom, { strict: false })) return undefined;
  return { token: getAddress(denom), native: false };
}

/** The registry denom of the chain's native token whose wrapped twin is `token`, if it is one. */
export function nativeDenomOf(chainId: string, token: string): string | undefined {
  const chain = uniswapChain(chainId);
  return chain && isAddress(token, { strict: false }) && getAddress(token) === chain.wrappedNative
    ? chain.nativeDenom
    : undefined;
}
