/**
 * Re-prices the shipped Uniswap snapshots (data/pools/evm-*.json) to the moment of the rest of the offline market,
 * the price set data/prices/osmosis-sqs-2024-07.json (`npx tsx scripts/reprice-evm-pools.ts`), the way
 * scripts/reprice-offline-pools.ts re-prices the Osmosis and Neutron pools: each pool keeps its positions and is moved
 * along its own invariant to the set's prices, as arbitrage would move it.
 *
 * - Uniswap V3 (and its forks): the sqrt price becomes √(p₀/p₁) (USD per base unit of each token), the tick the tick of
 *   that price, and the active liquidity follows: the recorded liquidity plus the liquidityNet of every initialized
 *   tick crossed on the way (the recorded tick lists are complete, so this is exact);
 * - V2 pairs: x·y kept, the two sides of equal value.
 *
 * Tokens take the price set's price of their CoinGecko id; wrapped and bridged tokens the set has no price for take
 * the price of what they wrap (WETH, Ethereum's, Base's and Arbitrum's: ether; cbBTC, BTCB: wrapped bitcoin;
 * Binance-Peg ETH: ether; WAVAX: AVAX), since each is redeemable one for one. A pool with a token the set has no price for (UNI: absent
 * from the July 2024 Osmosis recording) stays at its recorded state, marked `not_repriced`. Each pool keeps its
 * recorded state under `recorded`, and the script always starts from there, so running it again gives the same files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { buildRegistry } from '../src/registry/build.js';
import { sqrtRatioAtTick, tickAtSqrtRatio } from '../src/venues/uniswap/math/tick-math.js';
import { uniswapChain, uniswapPlugin } from '../src/venues/uniswap/index.js';
import { renderPoolsFile } from './reprice/render.js';

type Json = Record<string, unknown>;
const DATA = new URL('../data/', import.meta.url);
const PRICE_FILE = 'prices/osmosis-sqs-2024-07.json';
const prices = JSON.parse(readFileSync(new URL(PRICE_FILE, DATA), 'utf8')) as {
  as_of: string;
  coingecko: Record<string, { price: string }>;
};
const registry = buildRegistry();

/** Tokens without a price of their own: the CoinGecko id of what they wrap, and decimals the registry lacks. */
const UNDERLYING: Record<string, { id: string; decimals?: number }> = {
  '1:0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': { id: 'ethereum' }, // WETH9
  '1:0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf': { id: 'wrapped-bitcoin' }, // cbBTC
  '56:0x2170Ed0880ac9A755fd29B2688956BD959F933F8': { id: 'ethereum' }, // Binance-Peg Ethereum
  '56:0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c': { id: 'wrapped-bitcoin', decimals: 18 }, // BTCB
  '8453:0x4200000000000000000000000000000000000006': { id: 'ethereum' }, // Base's WETH
  '42161:0x82aF49447D8a07e3bd95BD0d56f35241523fBab1': { id: 'ethereum' }, // Arbitrum's WETH
  // WAVAX: the registry's coingecko id (wrapped-avax) has no price in the set; AVAX's (avalanche-2) has.
  '43114:0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7': { id: 'avalanche-2' },
};

/** USD per base unit. */
function usdPerUnit(chainId: string, token: string): number {
  const asset = registry.asset(chainId, token)?.wire;
  const fallback = UNDERLYING[`${chainId}:${token}`];
  const id = (asset?.coingecko_id && prices.coingecko[asset.coingecko_id] ? asset.coingecko_id : fallback?.id) ?? '';
  const decimals = asset?.decimals ?? fallback?.decimals;
  const price = prices.coingecko[id]?.price;
  if (!price || decimals === undefined || decimals === null) throw new Error(`no price for ${chainId}:${token}`);
  return Number(price) / 10 ** decimals;
}

function hasPrice(chainId: string, token: string): boolean {
  try {
    usdPerUnit(chainId, token);
    return true;
  } catch {
    return false;
  }
}

function repriceV3(chainId: string, p: Json): string {
  const rec = (p.recorded ??= {
    at: p.recorded_at,
    sqrt_price_x96: p.sqrt_price_x96,
    tick: p.tick,
    liquidity: p.liquidity,
  }) as Json;
  if (!hasPrice(chainId, String(p.token0)) || !hasPrice(chainId, String(p.token1))) {
    // No price of the set's moment for one side (UNI): the pool stays as recorded, the only price of it there is.
    Object.assign(p, { sqrt_price_x96: rec.sqrt_price_x96, tick: rec.tick, liquidity: rec.liquidity });
    p.not_repriced = `no price of ${prices.as_of} for one of its tokens in data/${PRICE_FILE}: kept as recorded`;
    return `${String(p.pair)} ${String(p.fee)}: kept as recorded (no price)`;
  }
  const ratio = usdPerUnit(chainId, String(p.token0)) / usdPerUnit(chainId, String(p.token1));
  const sqrt = BigInt(Math.round(Math.sqrt(ratio) * 2 ** 48)) << 48n;
  const tick = tickAtSqrtRatio(sqrt);
  const from = Number(rec.tick);
  let L = BigInt(String(rec.liquidity));
  for (const [t, net] of p.ticks as [number, string][]) {
    if (tick > from && t > from && t <= tick) L += BigInt(net);
    if (tick < from && t <= from && t > tick) L -= BigInt(net);
  }
  if (L < 0n) throw new Error(`${String(p.address)}: negative liquidity`);
  p.sqrt_price_x96 = sqrt.toString();
  p.tick = tick;
  p.liquidity = L.toString();
  if (!(sqrtRatioAtTick(tick) <= sqrt)) throw new Error('tick');
  return `${String(p.pair)} ${String(p.fee)}: tick ${from} → ${tick}`;
}

function repriceV2(chainId: string, p: Json): string {
  const rec = (p.recorded ??= { at: p.recorded_at, reserve0: p.reserve0, reserve1: p.reserve1 }) as Json;
  const k = Number(rec.reserve0) * Number(rec.reserve1);
  const p0 = usdPerUnit(chainId, String(p.token0));
  const p1 = usdPerUnit(chainId, String(p.token1));
  p.reserve0 = BigInt(Math.round(Math.sqrt((k * p1) / p0))).toString();
  p.reserve1 = BigInt(Math.round(Math.sqrt((k * p0) / p1))).toString();
  return `${String(p.pair)} v2: reserves ${String(rec.reserve0)}/${String(rec.reserve1)} → ${String(p.reserve0)}/${String(p.reserve1)}`;
}

for (const chainId of ['1', '56', '8453', '42161', '43114']) {
  const name = `pools/evm-${chainId}.json`;
  const file = JSON.parse(readFileSync(new URL(name, DATA), 'utf8')) as Json;
  for (const p of file.pools as Json[]) {
    console.log(p.ticks ? repriceV3(chainId, p) : repriceV2(chainId, p));
    delete p.recorded_at;
  }
  file.as_of = prices.as_of;
  (file._source as Json).method =
    `Re-priced to data/${PRICE_FILE} (as_of ${prices.as_of}) by scripts/reprice-evm-pools.ts: each V3 pool keeps its positions ` +
    '(every tick’s liquidityNet) and its sqrt price is set to √(p₀/p₁), its tick to that price’s tick, its active liquidity ' +
    'to the recorded one plus the liquidityNet of the ticks crossed; each V2 pair keeps x·y with both sides of equal value. ' +
    'WETH (Ethereum’s, Base’s and Arbitrum’s), cbBTC, BTCB, Binance-Peg ETH and WAVAX take the price of what they wrap (ether, ' +
    'wrapped bitcoin, AVAX). Each pool keeps its recorded state and date under `recorded`. A pool with a token the set ' +
    'has no price for (UNI/WETH: no UNI price in ' +
    'the July 2024 recording) stays as recorded, marked `not_repriced`.';
  writeFileSync(new URL(name, DATA), renderPoolsFile(file, 'pools'));
  // Check with the service's own code: marginal prices against the price set.
  const snap = uniswapPlugin(uniswapChain(chainId)!).loadOfflineSnapshot();
  for (const pool of snap.pools) {
    const [a, b] = pool.denoms as [string, string];
    if (!hasPrice(chainId, a) || !hasPrice(chainId, b)) continue;
    const spot = pool.spotPrice(a, b)!;
    const gap = Math.abs(((Number(spot.num) / Number(spot.den)) * usdPerUnit(chainId, b)) / usdPerUnit(chainId, a) - 1);

    console.log(`  ${pool.id}: marginal price off the set by ${gap.toExponential(1)}`);
  }
}
