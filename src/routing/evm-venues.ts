/**
 * Which venues are EVM swap venues (Uniswap on an EVM chain) and how a holding trades in them. Pools there never hold
 * the chain's native gas token (ETH, BNB, POL, AVAX) itself, only its wrapped ERC-20: a holding of the native token
 * swaps as the wrapped token, with the wrap (deposit) or unwrap (withdraw) done inside the swap's transaction
 * (venues/uniswap/native.ts), so the search treats the native origin as one more way into and out of the pools.
 */
import { uniswapChain } from '../venues/uniswap/chains.js';
import { originKeyOf, type OriginKey, type VenueIndex } from './swap-index.js';

/** Whether a venue index is the EVM swap venue of its chain. */
export function isEvmVenue(v: VenueIndex): boolean {
  return uniswapChain(v.venue.chainId)?.venue === v.venue.name;
}

/** A denom the pools trade, reached from (or delivered as) a registry holding. */
export interface EvmSide {
  /** The ERC-20 the pools trade. */
  poolDenom: string;
  /** The registry denom of the holding: the pool denom, or the chain's native denom when wrapped or unwrapped. */
  denom: string;
  origin: OriginKey;
}

/** The ways a holding of `origin` enters or leaves the venue's pools: as itself, or as the wrapped native token. */
export function evmSidesOfOrigin(v: VenueIndex, origin: OriginKey): EvmSide[] {
  const sides: EvmSide[] = v.denomsOfOrigin(origin).map((d) => ({ poolDenom: d, denom: d, origin }));
  const chain = uniswapChain(v.venue.chainId);
  if (chain && origin === originKeyOf(chain.chainId, chain.nativeDenom) && v.hasDenom(chain.wrappedNative))
    sides.push({ poolDenom: chain.wrappedNative, denom: chain.nativeDenom, origin });
  return sides;
}

/** Every holding the venue's pools can deliver: each pool denom, and the native token for the wrapped one. */
export function evmOutputs(v: VenueIndex): EvmSide[] {
  const out: EvmSide[] = [];
  for (const origin of v.origins())
    for (const d of v.denomsOfOrigin(origin)) out.push({ poolDenom: d, denom: d, origin });
  const chain = uniswapChain(v.venue.chainId);
  if (chain && v.hasDenom(chain.wrappedNative))
    out.push({
      poolDenom: chain.wrappedNative,
      denom: chain.nativeDenom,
      origin: originKeyOf(chain.chainId, chain.nativeDenom),
    });
  return out;
}

/** Whether a swap step runs on an EVM venue (its messages are EVM transactions, not entry-point calls). */
export function isEvmSwapStep(step: { venue: { name: string }; chainId: string }): boolean {
  return uniswapChain(step.chainId)?.venue === step.venue.name;
}

/**
 * Said after a no-route explanation when EVM swaps were off and an end of the request is on a chain with an EVM swap
 * venue: the option the caller left out is what would let a swap run there.
 */
export function evmSwapsOffHint(q: {
  evmSwaps: boolean;
  source: { wire: { chain_id: string } };
  dest: { wire: { chain_id: string } };
}): string {
  if (q.evmSwaps) return '';
  const ends = [q.source.wire.chain_id, q.dest.wire.chain_id].filter((c) => uniswapChain(c) !== undefined);
  if (ends.length === 0) return '';
  return `; swaps on EVM chains (${[...new Set(ends)].join(', ')}) are off: set smart_swap_options.evm_swaps to true to allow them`;
}

/**
 * Why a request for the chain's native token as its own wrapped twin (ETH ↔ WETH on Ethereum) has no route: no pool
 * swaps a token for itself, and a wrap or unwrap alone is the wrapped token's own deposit / withdraw, not a route.
 */
export function wrapOnlyReason(q: {
  source: { wire: { chain_id: string; denom: string } };
  dest: { wire: { chain_id: string; denom: string } };
}): string | undefined {
  const chain = uniswapChain(q.source.wire.chain_id);
  if (!chain || q.dest.wire.chain_id !== chain.chainId) return undefined;
  const ends = [q.source.wire.denom, q.dest.wire.denom];
  const wrapped = ends.find((d) => d !== chain.nativeDenom);
  if (!ends.includes(chain.nativeDenom) || !wrapped || wrapped.toLowerCase() !== chain.wrappedNative.toLowerCase())
    return undefined;
  return `${wrapped} is ${chain.nativeDenom} wrapped: no route only wraps or unwraps it (the token contract's own deposit and withdraw do that)`;
}
