/**
 * How many listed assets with a CoinGecko id the offline (default) configuration cannot value: every listed asset on
 * every chain, priced by the application's own price source at the shipped price set's moment. The count is reported.
 * It is not zero, and every exception must have one of two causes, else the test fails naming the asset:
 * - the id is not in the recorded price set at all (data/prices/osmosis-sqs-2024-07.json records Osmosis' prices of
 *   July 2024; INIT, ZRO, BABY... were listed later, and no public recording of that moment prices them: a price
 *   from another date would be invented for this one);
 * - the id is recorded, but on less liquidity than the snapshot's floor (DEFAULT_MIN_LIQUIDITY_USD, 10,000 USD): a
 *   thin pool's price is cheap to move, so routes are not judged by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../http/test-helpers/app.js';
import shipped from '../../../data/prices/osmosis-sqs-2024-07.json' with { type: 'json' };
import { Decimal } from '../decimal.js';
import { usdValueOf } from '../value.js';
import { DEFAULT_MIN_LIQUIDITY_USD } from './snapshot.js';
import aliases from '../../../data/prices/coingecko-id-aliases.json' with { type: 'json' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const AS_OF = Date.parse(shipped.as_of);

describe('offline prices of listed assets with a CoinGecko id', () => {
  it('names every one the shipped prices cannot value', () => {
    const registry = t.ctx.registry;
    const prices = t.ctx.market().prices;
    const withId: string[] = [];
    const unpriced = new Map<string, string[]>();
    for (const chainId of registry.chains.keys())
      for (const a of registry.listedAssets(chainId)) {
        const id = a.wire.coingecko_id;
        if (!id) continue;
        withId.push(`${chainId} ${a.wire.denom}`);
        if (usdValueOf(prices, registry, chainId, a.wire.denom, 1n, AS_OF)) continue;
        unpriced.set(id, [...(unpriced.get(id) ?? []), `${a.wire.symbol ?? a.wire.denom} on ${chainId}`]);
      }
    const count = [...unpriced.values()].reduce((n, l) => n + l.length, 0);
    expect(withId.length).toBeGreaterThan(100);
    const recorded = shipped.coingecko as Record<string, { liquidity_usd?: string }>;
    const aliasOf = (id: string) => (aliases.aliases as Record<string, { price_of: string }>)[id];
    const unexplained = [...unpriced.keys()].filter((id) => {
      const e = recorded[id];
      if (!e) return aliasOf(id) !== undefined; // an alias should have priced it
      return !(e.liquidity_usd && Decimal.parse(e.liquidity_usd).lt(DEFAULT_MIN_LIQUIDITY_USD));
    });
    const thin = [...unpriced.keys()].filter((id) => recorded[id]);
    // The figures this test reports (a warning, so it shows in CI output): how many, and of which cause.
    console.warn(
      `${withId.length} listed assets with a CoinGecko id; ${count} have no offline price (${unpriced.size} ids): ` +
        `${unpriced.size - thin.length} ids not in the July 2024 recording, ${thin.length} recorded below the ` +
        `liquidity floor (${thin.join(', ')})`,
    );
    expect(unexplained.map((id) => `${id}: ${unpriced.get(id)!.join(', ')}`)).toEqual([]);
  });

  it("WSOL on Solana takes SOL's price (data/prices/coingecko-id-aliases.json)", () => {
    const registry = t.ctx.registry;
    const prices = t.ctx.market().prices;
    const wsol = [...registry.listedAssets('solana')].find((a) => a.wire.coingecko_id === 'wrapped-solana');
    expect(wsol?.wire.denom).toBe('So11111111111111111111111111111111111111112');
    // SOL's recorded price (CoinGecko id solana, recorded from Wormhole SOL's Osmosis market).
    const wsolPrice = prices.usdPrice('solana', wsol!.wire.denom, AS_OF)?.price;
    expect(wsolPrice?.toString()).toBe(shipped.coingecko.solana.price);
  });

  it("USDT on BNB Smart Chain takes USDT's price: Stargate exchanges it one for one with other chains' USDT", () => {
    const registry = t.ctx.registry;
    const prices = t.ctx.market().prices;
    const usdt = '0x55d398326f99059fF775485246999027B3197955';
    expect(registry.asset('56', usdt)?.wire.coingecko_id).toBe('binance-bridged-usdt-bnb-smart-chain');
    const price = prices.usdPrice('56', usdt, AS_OF)?.price;
    expect(price?.toString()).toBe(shipped.coingecko.tether.price);
    // 18 decimals on BNB Smart Chain: 1000 USDT is 1000 USD, not 10^15.
    expect(usdValueOf(prices, registry, '56', usdt, 1000n * 10n ** 18n, AS_OF)?.usd.toFixed(2)).toBe('1000.07');
  });
});
