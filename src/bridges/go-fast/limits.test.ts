/** Go Fast's documented limits, its opt-in, and the fast-route preference, through the real HTTP app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { goFastBridge } from './index.js';
import { goFastLanes } from './lanes.js';

const NOBLE_USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const fromBase = (amount: string, extra: Record<string, unknown> = {}) => ({
  source_asset_chain_id: '8453',
  source_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: NOBLE_USDC_ON_OSMOSIS,
  amount_in: amount,
  ...extra,
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('Go Fast limits and opt-in', () => {
  it('serves every documented EVM source (Ethereum, Arbitrum, Base, Optimism, Polygon, Avalanche) to Osmosis', () => {
    const lanes = goFastLanes(t.ctx.registry);
    expect(lanes.map((l) => `${l.fromChainId}>${l.toChainId}`).sort()).toEqual(
      ['1', '10', '137', '42161', '43114', '8453'].map((c) => `${c}>osmosis-1`).sort(),
    );
  });

  it('refuses an order below the minimum (10 USD outside Ethereum) naming the limit', async () => {
    // Pinned: CCTP into a Noble forwarding account would carry the amount instead.
    const res = await post(
      t.app,
      '/v2/fungible/route',
      fromBase('9999999', { go_fast: true, bridges: ['GO_FAST', 'IBC'] }),
    );
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).toContain('Go Fast takes at least 10 USD (10000000 base units) from 8453');
  });

  it("from Avalanche, asks the solver fee of Skip's August 2026 quote: 10 bps + 0.10 USDC + 0.01 USDC", () => {
    // alloyrebalancer test-fixtures/stage2-bad-gofast-to-noble.json (data/go-fast.json _source): 10 000 USDC in,
    // the order's amountOut 9 989 890 000.
    const avax = goFastLanes(t.ctx.registry).find((l) => l.fromChainId === '43114')!;
    expect(goFastBridge.quote(avax, 10_000_000_000n, 'in')).toMatchObject({ amountOut: 9_989_890_000n });
  });

  it('refuses an order from Ethereum below 20 USD, and any order above 25 000 USD', () => {
    const eth = goFastLanes(t.ctx.registry).find((l) => l.fromChainId === '1')!;
    expect(goFastBridge.quote(eth, 19_999_999n, 'in')).toEqual({ refused: expect.stringContaining('at least 20 USD') });
    expect(goFastBridge.quote(eth, 25_000_000_001n, 'in')).toEqual({
      refused: expect.stringContaining('at most 25000 USD'),
    });
    expect(goFastBridge.quote(eth, 25_000_000_000n, 'in')).not.toHaveProperty('refused');
  });

  it('is used only with go_fast: true; without it the route falls back to CCTP (two transactions)', async () => {
    const off = await post(t.app, '/v2/fungible/route', fromBase('100000000', { allow_multi_tx: true }));
    expect(off.statusCode).toBe(200);
    expect(off.json().operations.map((o: object) => Object.keys(o)[0])).toEqual(['cctp_transfer', 'transfer']);
    const on = await post(t.app, '/v2/fungible/route', fromBase('100000000', { go_fast: true, allow_multi_tx: true }));
    expect(on.json().operations.map((o: object) => Object.keys(o)[0])).toEqual(['go_fast_transfer']);
    expect(on.json().estimated_route_duration_seconds).toBeLessThan(off.json().estimated_route_duration_seconds);
  });
});

describe('fast-route preference and durations', () => {
  const baseToNoble = (extra: Record<string, unknown>) => ({
    source_asset_chain_id: '8453',
    source_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_in: '1000000000',
    ...extra,
  });
  const kinds = (route: { operations: object[] }) => route.operations.map((o) => Object.keys(o)[0]);

  it('go_fast: a Go Fast route within 0.5 % of the best amount wins on speed; without go_fast the amount decides', async () => {
    const slow = (await post(t.app, '/v2/fungible/route', baseToNoble({}))).json();
    expect(kinds(slow)).toEqual(['cctp_transfer']);
    const fast = (await post(t.app, '/v2/fungible/route', baseToNoble({ go_fast: true }))).json();
    // Go Fast to Osmosis, then the entry point sends it on to Noble in the same signature.
    expect(kinds(fast)).toEqual(['go_fast_transfer', 'transfer']);
    expect(fast.txs_required).toBe(1);
    expect(BigInt(fast.estimated_amount_out)).toBeLessThan(BigInt(slow.estimated_amount_out));
    expect(BigInt(fast.estimated_amount_out) * 10_000n).toBeGreaterThanOrEqual(
      BigInt(slow.estimated_amount_out) * 9_950n,
    );
    expect(fast.estimated_route_duration_seconds).toBeLessThan(slow.estimated_route_duration_seconds);
  });

  it('estimated_route_duration_seconds sums the lanes: Go Fast order + IBC packet; CCTP attestation + mint', async () => {
    const fast = (await post(t.app, '/v2/fungible/route', baseToNoble({ go_fast: true }))).json();
    expect(fast.estimated_route_duration_seconds).toBe(10 + 30); // data/go-fast.json order_seconds (Base) + one IBC hop
    const slow = (await post(t.app, '/v2/fungible/route', baseToNoble({}))).json();
    expect(slow.estimated_route_duration_seconds).toBe(1140 + 30); // Base finality attestation + one relayer pass
    const eureka = (
      await post(t.app, '/v2/fungible/route', {
        source_asset_chain_id: '1',
        source_asset_denom: '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
        amount_in: '25000000',
      })
    ).json();
    expect(eureka.estimated_route_duration_seconds).toBe(1140 + 30); // Eureka from Ethereum + one IBC hop
  });
});
