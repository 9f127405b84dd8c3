import { describe, expect, it } from 'vitest';
import { testRegistry } from '../test-helpers/registry.js';
import { VENUE_PLUGINS, offlineMarket } from './index.js';

describe('offline snapshots', () => {
  it('load quickly, completely, and every pool quotes', () => {
    const t0 = performance.now();
    const market = offlineMarket();
    const ms = performance.now() - t0;
    expect(ms).toBeLessThan(1000);
    const osmo = market.get('osmosis-poolmanager');
    const astro = market.get('neutron-astroport');
    expect(osmo?.chainId).toBe('osmosis-1');
    expect(astro?.chainId).toBe('neutron-1');
    expect(osmo?.skipped).toEqual([]);
    expect(astro?.skipped).toEqual([]);
    const kinds = new Set(osmo?.pools.map((p) => p.kind));
    expect([...kinds].sort()).toEqual(['balancer', 'concentrated', 'stableswap', 'transmuter']);
    expect(astro?.pools.every((p) => p.kind === 'astroport-xyk')).toBe(true);
    for (const snap of [osmo, astro]) {
      for (const pool of snap?.pools ?? []) {
        const [a, b] = pool.denoms as [string, string];
        const amount = pool.reserve(a) / 10_000n + 1n;
        // Some recorded pools are tiny or one-sided; most quote, and none throws.
        pool.exactIn(a, b, amount);
        pool.exactOut(a, b, pool.reserve(b) / 10_000n + 1n);
        expect(pool.spotPrice(a, b)).toBeDefined();
      }
      // Pools with real depth on both sides quote a small trade (the recordings also hold dust pools of a few units).
      const deep = (snap?.pools ?? []).filter(
        (p) => p.reserve(p.denoms[0] as string) > 1_000_000n && p.reserve(p.denoms[1] as string) > 1_000_000n,
      );
      expect(deep.length).toBeGreaterThan(30);
      for (const p of deep) {
        const [a, b] = p.denoms as [string, string];
        expect(p.exactIn(a, b, p.reserve(a) / 100_000n), `${p.id} (${p.kind})`).toBeDefined();
      }
    }
  });

  it("real pools at the one price set's moment (2024-07-28): ATOM/OSMO pool 1 and NTRN/ATOM on Astroport", () => {
    const market = offlineMarket();
    const atom = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
    const p1 = market.get('osmosis-poolmanager')?.pools.find((p) => p.id === '1');
    // ATOM 6.306 USD, OSMO 0.4833 USD: 13.05 OSMO per ATOM before the 0.2 % pool fee and the taker fee.
    const osmoPerAtom = Number(p1?.exactIn(atom, 'uosmo', 1_000_000n)) / 1e6;
    expect(osmoPerAtom).toBeGreaterThan(12.9);
    expect(osmoPerAtom).toBeLessThan(13.05);
    expect(p1?.takenAt).toBeUndefined();
    expect(market.get('osmosis-poolmanager')?.takenAt.toISOString()).toBe('2024-07-28T00:00:00.000Z');
    const ntrnAtom = market
      .get('neutron-astroport')
      ?.pools.find((p) => p.id === 'neutron1e22zh5p8meddxjclevuhjmfj69jxfsa8uu3jvht72rv9d8lkhves6t8veq');
    // NTRN 0.4769 USD: 75.6 ATOM per 1000 NTRN before the pair's 0.3 % commission.
    const atomPer1000Ntrn =
      Number(
        ntrnAtom?.exactIn(
          'untrn',
          'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9',
          1_000_000_000n,
        ),
      ) / 1e6;
    expect(atomPer1000Ntrn).toBeGreaterThan(75);
    expect(atomPer1000Ntrn).toBeLessThan(75.7);
    expect(market.get('neutron-astroport')?.takenAt.toISOString()).toBe('2024-07-28T00:00:00.000Z');
  });

  it('every Osmosis pool denom is a registry asset with decimals, except LP shares and one unlisted voucher', () => {
    const registry = testRegistry();
    const osmo = offlineMarket().get('osmosis-poolmanager')!;
    const unknown = new Set(
      osmo.pools
        .flatMap((p) => p.denoms)
        .filter((d) => typeof registry.asset('osmosis-1', d)?.wire.decimals !== 'number'),
    );
    // Pools 604 and 903 (STARS pools) hold a voucher the registry does not resolve.
    expect([...unknown].filter((d) => !d.startsWith('gamm/pool/'))).toEqual([
      'ibc/987C17B11ABC2B20019178ACE62929FE9840202CE79498E29FE8E5CB02B7C0A4',
    ]);
  });

  it('plugins describe themselves', () => {
    expect(VENUE_PLUGINS.map((p) => [p.name, p.chainId])).toEqual([
      ['osmosis-poolmanager', 'osmosis-1'],
      ['neutron-astroport', 'neutron-1'],
      ['ethereum-uniswap', '1'],
      ['arbitrum-uniswap', '42161'],
      ['base-uniswap', '8453'],
      ['optimism-uniswap', '10'],
      ['polygon-uniswap', '137'],
      ['avalanche-uniswap', '43114'],
      ['binance-uniswap', '56'],
    ]);
    for (const p of VENUE_PLUGINS) expect(p.logoUri).toMatch(/^https:\/\//);
  });
});
