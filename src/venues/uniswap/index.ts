/**
 * The EVM swap venues: one per chain of data/evm-uniswap.json (ethereum-uniswap, arbitrum-uniswap, base-uniswap,
 * optimism-uniswap, polygon-uniswap, avalanche-uniswap, binance-uniswap), each holding that chain's Uniswap V3 pools
 * (and V3 forks with the same arithmetic) and V2-style pairs.
 *
 * Registered in VENUE_PLUGINS (venues/index.ts); routes take them only with `smart_swap_options.evm_swaps`
 * (routing/search.ts), and their swaps execute through SwapRouter02 (router-calldata.ts) or, for pools it cannot run
 * (Aerodrome Slipstream), through Skip's SkipGoSwapRouter (routing/evm-swap-call.ts).
 */
import type { VenuePlugin } from '../types.js';
import { uniswapChains, type UniswapChain } from './chains.js';
import { loadOfflineSnapshot } from './snapshot.js';

/** Uniswap's icon, as the Skip Go API lists it for its EVM venues (shared/fixtures/skip-go-api/venues.json). */
const UNISWAP_LOGO_URI =
  'https://raw.githubusercontent.com/Uniswap/brand-assets/main/Uniswap%20Brand%20Assets/Uniswap_icon_pink.svg';

export function uniswapPlugin(chain: UniswapChain): VenuePlugin {
  return {
    name: chain.venue,
    chainId: chain.chainId,
    logoUri: UNISWAP_LOGO_URI,
    loadOfflineSnapshot: () => loadOfflineSnapshot(chain),
  };
}

/** One plugin per configured chain. */
export function uniswapVenuePlugins(): VenuePlugin[] {
  return [...uniswapChains().values()].map(uniswapPlugin);
}

export { uniswapChain, uniswapChains, v2PairAddress, v3PoolAddress, type UniswapChain } from './chains.js';
export { swapDenom, nativeDenomOf } from './native.js';
