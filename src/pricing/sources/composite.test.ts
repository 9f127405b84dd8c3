import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.js';
import { priceImpactPercent } from '../impact.js';
import { judgePriceSafety } from '../safety.js';
import { fakeAssets } from '../test-helpers/fake-assets.js';
import { E, xykPool } from '../test-helpers/xyk-pool.js';
import { usdString, usdValueOf } from '../value.js';
import { CompositePriceSource, composePriceSources } from './composite.js';
import { derivePoolPrices } from './pool-derived.js';
import { SnapshotPriceSource } from './snapshot.js';
import type { PriceSource } from './types.js';

const NOW = Date.parse('2026-03-01T00:00:00Z');
const CHAIN = 'osmosis-1';
const USDC = 'ibc/USDC';
const lookup = fakeAssets([
  { chainId: CHAIN, denom: USDC, decimals: 6 },
  { chainId: CHAIN, denom: 'uosmo', decimals: 6, coingecko_id: 'osmosis' },
  { chainId: CHAIN, denom: 'ibc/ATOM', decimals: 6, coingecko_id: 'cosmos' },
  { chainId: 'juno-1', denom: 'ujuno', decimals: 6, coingecko_id: 'juno-network' },
  { chainId: 'x', denom: 'unknown', decimals: 6 },
  { chainId: 'x', denom: 'nodecimals', coingecko_id: 'osmosis' },
]);

const pools = [
  xykPool('1', { [USDC]: 1_000_000n * E(6), uosmo: 2_000_000n * E(6) }, { fee: 2n * E(15) }),
  xykPool('2', { uosmo: 1_200_000n * E(6), 'ibc/ATOM': 100_000n * E(6) }, { fee: 2n * E(15) }),
];
const poolTable = derivePoolPrices(
  [{ chainId: CHAIN, pools, takenAt: new Date('2024-07-28T00:00:00Z') }],
  { [CHAIN]: USDC },
  lookup,
);
const snapshot = new SnapshotPriceSource(
  {
    _source: 'test',
    as_of: '2024-07-28T00:00:00Z',
    chain_id: CHAIN,
    denoms: {},
    coingecko: { osmosis: { price: '0.48' }, cosmos: { price: '6.3' }, 'juno-network': { price: '0.2' } },
  },
  lookup,
  'snapshot:test',
);
const fixedLive = (price: string): PriceSource => ({
  name: 'live:test',
  usdPrice: (_c, denom) =>
    denom === 'ujuno' ? { price: Decimal.parse(price), asOf: new Date(NOW), source: 'live:test' } : undefined,
});

describe('CompositePriceSource', () => {
  const prices = composePriceSources({ pools: poolTable, snapshot });

  it('prefers pool-derived prices and says so', () => {
    expect(prices.name).toBe('composite(pool, snapshot:test)');
    const q = prices.usdPrice(CHAIN, 'uosmo', NOW)!;
    expect(q.price.toString()).toBe('0.5'); // the pools say 0.5; the snapshot's 0.48 is not used
    expect(q.source).toBe('pool:osmosis-1');
  });

  it('falls back for denoms the pools cannot price', () => {
    const q = prices.usdPrice('juno-1', 'ujuno', NOW)!;
    expect(q).toMatchObject({ source: 'snapshot:test' });
    expect(q.price.toString()).toBe('0.2');
    expect(prices.usdPrice('x', 'unknown', NOW)).toBeUndefined();
  });

  it('uses the live source instead of the snapshot when there is one', () => {
    const online = composePriceSources({ pools: poolTable, live: fixedLive('0.25'), snapshot });
    expect(online.layers.map((l) => l.name)).toEqual(['pool', 'live:test']);
    expect(online.usdPrice('juno-1', 'ujuno', NOW)).toMatchObject({ source: 'live:test' });
    // A live source without a fresh figure gives "unknown", never the years-old snapshot.
    expect(composePriceSources({ live: fixedLive('0.25'), snapshot }).usdPrice(CHAIN, 'uosmo', NOW)).toBeUndefined();
  });

  it('an empty composite knows nothing', () => {
    expect(new CompositePriceSource([]).usdPrice(CHAIN, 'uosmo', NOW)).toBeUndefined();
  });
});

describe('usdValueOf', () => {
  const prices = composePriceSources({ pools: poolTable, snapshot });

  it('values an amount with its price and provenance', () => {
    const v = usdValueOf(prices, lookup, CHAIN, 'ibc/ATOM', 12_345678n, NOW)!;
    expect(usdString(v)).toBe('74.07');
    expect(v.usd.toString()).toBe('74.074068');
    expect(v.quote.source).toBe('pool:osmosis-1');
  });

  it('is undefined without decimals or without a price', () => {
    expect(usdValueOf(prices, lookup, 'x', 'nodecimals', 1n, NOW)).toBeUndefined();
    expect(usdValueOf(prices, lookup, 'x', 'unknown', 1n, NOW)).toBeUndefined();
    expect(usdString(undefined)).toBeUndefined();
  });
});

describe('prices agree with the pools a route is judged against', () => {
  const prices = composePriceSources({ pools: poolTable, snapshot });
  const pool2 = pools[1]!;

  function judge(amountIn: bigint) {
    const amountOut = pool2.exactIn('uosmo', 'ibc/ATOM', amountIn)!;
    const usdIn = usdValueOf(prices, lookup, CHAIN, 'uosmo', amountIn, NOW)?.usd;
    const usdOut = usdValueOf(prices, lookup, CHAIN, 'ibc/ATOM', amountOut, NOW)?.usd;
    const impact = priceImpactPercent([
      { hops: [{ pool: pool2, denomIn: 'uosmo', denomOut: 'ibc/ATOM' }], amountIn, amountOut },
    ]);
    return judgePriceSafety({ usdIn, usdOut, priceImpactPercent: impact, doesSwap: true, allowUnsafe: false });
  }

  it('a modest swap passes', () => {
    expect(judge(1_000n * E(6)).kind).toBe('ok');
  });

  it('a swap that moves the pool by a lot is a bad price', () => {
    // 300 000 OSMO into a 1.2 M OSMO pool: about 20 % worse than spot.
    const v = judge(300_000n * E(6));
    expect(v).toMatchObject({ kind: 'error', reason: 'BAD_PRICE_ERROR' });
  });

  it('a swap losing more than 1 000 USD under 10 % is a high loss', () => {
    // 60 000 OSMO (30 000 USD): about 4.9 % impact plus fee, about 1 500 USD.
    expect(judge(60_000n * E(6))).toMatchObject({ kind: 'error', reason: 'HIGH_LOSS_ERROR' });
  });
});
