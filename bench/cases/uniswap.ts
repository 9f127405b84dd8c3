/**
 * Uniswap venue quotes over the offline Ethereum snapshot (data/pools/evm-1.json), timed in process: one quote per
 * run, the amount changing every run so that each computes its own last, partial step (whole steps are memoised per
 * pool, as they are between requests on a live pool object). EVM swaps will sit at both ends of a route, so a quote
 * must cost microseconds.
 */
import { uniswapVenuePlugins } from '../../src/venues/uniswap/index.js';
import type { Pool } from '../../src/venues/types.js';
import type { InProcessCase } from '../types.js';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

function pools(): { usdcWeth: Pool; wethUsdt: Pool } {
  const snap = uniswapVenuePlugins()
    .find((p) => p.chainId === '1')!
    .loadOfflineSnapshot();
  const find = (id: string) => snap.pools.find((p) => p.id === id)!;
  return {
    usdcWeth: find('0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640'),
    wethUsdt: snap.pools.find((p) => p.kind === 'uniswap-v3' && p.denoms.includes(USDT) && p.denoms.includes(WETH))!,
  };
}

/** $10,000 to $1,000,000 of USDC, a different amount each run. */
const amount = (i: number) => (10_000n + BigInt((i * 7919) % 990_000)) * 10n ** 6n;

export const uniswapExactIn: InProcessCase = {
  kind: 'in-process',
  name: 'uniswap-v3-exact-in',
  description: 'Uniswap V3 exact in, USDC → WETH through the recorded 0.05 % pool, $10k–$1M (crosses up to ~50 ticks)',
  iterations: 5000,
  setup: () => {
    const { usdcWeth } = pools();
    let i = 0;
    return () => usdcWeth.exactIn(USDC, WETH, amount(i++));
  },
};

export const uniswapExactOut: InProcessCase = {
  kind: 'in-process',
  name: 'uniswap-v3-exact-out',
  description: 'Uniswap V3 exact out, WETH → USDC through the recorded 0.05 % pool, $10k–$1M of USDC out',
  iterations: 5000,
  setup: () => {
    const { usdcWeth } = pools();
    let i = 0;
    return () => usdcWeth.exactOut(WETH, USDC, amount(i++));
  },
};

export const uniswapTwoHop: InProcessCase = {
  kind: 'in-process',
  name: 'uniswap-v3-two-hop',
  description: 'Uniswap V3 two-pool path exact in, USDC → WETH (0.05 %) → USDT (0.3 %), $10k–$1M',
  iterations: 5000,
  setup: () => {
    const { usdcWeth, wethUsdt } = pools();
    let i = 0;
    return () => {
      const mid = usdcWeth.exactIn(USDC, WETH, amount(i++));
      return mid === undefined ? undefined : wethUsdt.exactIn(WETH, USDT, mid);
    };
  },
};
