import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pool } from '../../venues/types.js';
import { Decimal } from '../decimal.js';
import { fakeAssets } from '../test-helpers/fake-assets.js';
import { E, xykPool } from '../test-helpers/xyk-pool.js';
import { usdValue } from '../usd.js';
import { derivePoolPrices } from './pool-derived.js';

const OSMO_CHAIN = 'osmosis-1';
const USDC = 'ibc/USDC';
const T = new Date('2024-07-28T00:00:00Z');

const lookup = fakeAssets([
  { chainId: OSMO_CHAIN, denom: USDC, decimals: 6, origin_chain_id: 'noble-1', origin_denom: 'uusdc' },
  { chainId: OSMO_CHAIN, denom: 'uosmo', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/ATOM', decimals: 6, origin_chain_id: 'cosmoshub-4', origin_denom: 'uatom' },
  { chainId: 'cosmoshub-4', denom: 'uatom', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/WETH', decimals: 18 },
  { chainId: OSMO_CHAIN, denom: 'ibc/FAR1', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/FAR2', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/FAR3', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/THIN', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/NOSPOT', decimals: 6 },
  { chainId: OSMO_CHAIN, denom: 'ibc/NODEC' },
  { chainId: 'noble-1', denom: 'uusdc', decimals: 6 },
]);

/** A small Osmosis-like market. Prices: OSMO 0.5, ATOM 6 (via OSMO), WETH 3000. */
function market(): Pool[] {
  return [
    xykPool('1', { [USDC]: 1_000_000n * E(6), uosmo: 2_000_000n * E(6) }, { fee: 2n * E(15) }),
    xykPool('2', { uosmo: 1_200_000n * E(6), 'ibc/ATOM': 100_000n * E(6) }, { fee: 2n * E(15) }),
    // A direct ATOM/USDC pool that is liquid enough to use but thinner than the OSMO path, and off-price.
    xykPool('3', { [USDC]: 20_000n * E(6), 'ibc/ATOM': 2_000n * E(6) }),
    xykPool('4', { [USDC]: 3_000_000n * E(6), 'ibc/WETH': 1_000n * E(18) }),
    // A chain FAR1 - FAR2 - FAR3 hanging off ATOM: FAR3 is four pools from USDC.
    xykPool('5', { 'ibc/ATOM': 10_000n * E(6), 'ibc/FAR1': 10_000n * E(6) }),
    xykPool('6', { 'ibc/FAR1': 10_000n * E(6), 'ibc/FAR2': 10_000n * E(6) }),
    xykPool('7', { 'ibc/FAR2': 10_000n * E(6), 'ibc/FAR3': 10_000n * E(6) }),
    // Too thin to trust: 500 USD a side.
    xykPool('8', { [USDC]: 500n * E(6), 'ibc/THIN': 1_000n * E(6) }),
    // No spot price: priced by a small quote with its fee added back.
    xykPool('9', { [USDC]: 400_000n * E(6), 'ibc/NOSPOT': 100_000n * E(6) }, { noSpot: true, fee: 3n * E(15) }),
    xykPool('10', { [USDC]: 100_000n * E(6), 'ibc/NODEC': 100_000n * E(6) }),
  ];
}

const derive = (pools: Pool[], opts = {}) =>
  derivePoolPrices([{ chainId: OSMO_CHAIN, pools, takenAt: T }], { [OSMO_CHAIN]: USDC }, lookup, opts);

describe('derivePoolPrices', () => {
  const table = derive(market());
  const price = (chain: string, denom: string) => table.usdPrice(chain, denom)?.price;

  it('anchors USDC at 1 and prices its direct pairs by spot price', () => {
    expect(price(OSMO_CHAIN, USDC)?.toString()).toBe('1');
    expect(price(OSMO_CHAIN, 'uosmo')?.toString()).toBe('0.5');
    expect(price(OSMO_CHAIN, 'ibc/WETH')?.toString()).toBe('3000');
    const q = table.usdPrice(OSMO_CHAIN, 'uosmo')!;
    expect(q).toMatchObject({ source: `pool:${OSMO_CHAIN}`, detail: 'pools 1', asOf: T });
  });

  it('takes the most liquid path, not the shortest', () => {
    // Via OSMO: 0.5 × 1.2M/100k = 6; the direct pool says 10 but its 20k USD side is the thinner bottleneck.
    expect(price(OSMO_CHAIN, 'ibc/ATOM')?.toString()).toBe('6');
    expect(table.priceOf(OSMO_CHAIN, 'ibc/ATOM')?.route).toEqual(['1', '2']);
    expect(table.priceOf(OSMO_CHAIN, 'ibc/ATOM')?.liquidityUsd.toString()).toBe('600000');
  });

  it('uses the direct pool once the better path is gone', () => {
    const without = derive(market().filter((p) => p.id !== '2'));
    expect(without.usdPrice(OSMO_CHAIN, 'ibc/ATOM')?.price.toString()).toBe('10');
  });

  it('respects the hop limit: the widest path within maxHops pools', () => {
    // Within 3 pools FAR2 is only reachable through the direct ATOM pool (3 → 5 → 6), at that pool's price.
    expect(price(OSMO_CHAIN, 'ibc/FAR2')?.toString()).toBe('10');
    expect(table.priceOf(OSMO_CHAIN, 'ibc/FAR2')?.route).toEqual(['3', '5', '6']);
    expect(price(OSMO_CHAIN, 'ibc/FAR3')).toBeUndefined();
    // With four, the wider path through OSMO wins for FAR2, and FAR3 becomes reachable.
    const four = derive(market(), { maxHops: 4 });
    expect(four.priceOf(OSMO_CHAIN, 'ibc/FAR2')?.route).toEqual(['1', '2', '5', '6']);
    expect(four.usdPrice(OSMO_CHAIN, 'ibc/FAR2')?.price.toString()).toBe('6');
    expect(four.usdPrice(OSMO_CHAIN, 'ibc/FAR3')?.price.toString()).toBe('10');
    expect(derive(market(), { maxHops: 5 }).usdPrice(OSMO_CHAIN, 'ibc/FAR3')?.price.toString()).toBe('6');
  });

  it('ignores pools below the liquidity floor, which the operator can change', () => {
    expect(price(OSMO_CHAIN, 'ibc/THIN')).toBeUndefined();
    expect(
      derive(market(), { minLiquidityUsd: Decimal.fromInt(400) })
        .usdPrice(OSMO_CHAIN, 'ibc/THIN')
        ?.price.toString(),
    ).toBe('0.5');
    // The floor applies to the priced side too: 10 000 FAR1 at 6 = 60 000 USD passes, at a 100 000 floor it does not.
    expect(
      derive(market(), { minLiquidityUsd: Decimal.fromInt(100_000) }).usdPrice(OSMO_CHAIN, 'ibc/FAR1'),
    ).toBeUndefined();
  });

  it('falls back to a small quote (fee added back) for pools without a spot price', () => {
    const p = price(OSMO_CHAIN, 'ibc/NOSPOT')!;
    // Spot would be 4; a 10 USD quote against 400k moves the price by about 0.0025 %.
    expect(p.sub(Decimal.fromInt(4)).abs().lt(Decimal.parse('0.001'))).toBe(true);
  });

  it('prices vouchers elsewhere through their origin', () => {
    expect(price('cosmoshub-4', 'uatom')?.toString()).toBe('6');
    expect(price('noble-1', 'uusdc')?.toString()).toBe('1');
  });

  it('does not answer without decimals, for unknown denoms, or for chains without USDC', () => {
    expect(table.priceOf(OSMO_CHAIN, 'ibc/NODEC')).toBeDefined(); // priced per base unit…
    expect(table.usdPrice(OSMO_CHAIN, 'ibc/NODEC')).toBeUndefined(); // …but cannot be expressed per token
    expect(table.usdPrice(OSMO_CHAIN, 'ibc/NOPE')).toBeUndefined();
    const noUsdc = derivePoolPrices([{ chainId: OSMO_CHAIN, pools: market(), takenAt: T }], {}, lookup);
    expect(noUsdc.size).toBe(0);
  });

  it('survives pools that throw', () => {
    const broken: Pool = {
      ...xykPool('99', { [USDC]: E(12), uosmo: E(12) }),
      spotPrice: () => {
        throw new Error('bug');
      },
      exactIn: () => {
        throw new Error('bug');
      },
    };
    expect(
      derive([broken, ...market()])
        .usdPrice(OSMO_CHAIN, 'uosmo')
        ?.price.toString(),
    ).toBe('0.5');
  });

  it('is deterministic whatever the pool order', () => {
    const reference = [...derive(market()).entries()].map((p) => [
      p.denom,
      p.usdPerBaseUnit.toString(),
      p.route.join(),
    ]);
    fc.assert(
      fc.property(fc.shuffledSubarray(market(), { minLength: 10, maxLength: 10 }), (pools) => {
        const got = [...derive(pools).entries()].map((p) => [p.denom, p.usdPerBaseUnit.toString(), p.route.join()]);
        expect(new Set(got.map((g) => g.join('|')))).toEqual(new Set(reference.map((g) => g.join('|'))));
      }),
      { numRuns: 30 },
    );
  });

  it('dates prices by the oldest snapshot of the chain', () => {
    const older = new Date('2024-07-01T00:00:00Z');
    const t = derivePoolPrices(
      [
        { chainId: OSMO_CHAIN, pools: market().slice(0, 2), takenAt: T },
        { chainId: OSMO_CHAIN, pools: market().slice(2), takenAt: older },
      ],
      new Map([[OSMO_CHAIN, USDC]]),
      lookup,
    );
    expect(t.usdPrice(OSMO_CHAIN, 'uosmo')?.asOf).toEqual(older);
  });

  it('agrees with the pools it was read from: a small swap loses only about the fee in USD', () => {
    // Self-consistency: value a swap through pool 2 (fee 0.2 %) with the derived prices.
    const pools = market();
    const t = derive(pools);
    const pool2 = pools.find((p) => p.id === '2')!;
    fc.assert(
      fc.property(fc.bigInt({ min: E(6), max: 100n * E(6) }), (amountIn) => {
        const out = pool2.exactIn('uosmo', 'ibc/ATOM', amountIn);
        fc.pre(out !== undefined);
        const usdIn = usdValue(amountIn, 6, t.usdPrice(OSMO_CHAIN, 'uosmo')!.price);
        const usdOut = usdValue(out!, 6, t.usdPrice(OSMO_CHAIN, 'ibc/ATOM')!.price);
        const loss = usdIn.sub(usdOut).div(usdIn, 18);
        // fee 0.2 % + impact of at most 100 OSMO in 1.2M OSMO (< 0.01 %) + rounding of the output to a base unit
        expect(loss.gte(Decimal.parse('0.002'))).toBe(true);
        expect(loss.lte(Decimal.parse('0.00222'))).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
