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
    const res = await post(t.app, '/v2/fungible/route', fromBase('9999999', { go_fast: true }));
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).toContain('Go Fast takes at least 10 USD (10000000 base units) from 8453');
  });

  it('refuses an order from Ethereum below 20 USD, and any order above 25 000 USD', () => {
    const eth = goFastLanes(t.ctx.registry).find((l) => l.fromChainId === '1')!;
    expect(goFastBridge.quote(eth, 19_999_999n, 'in')).toEqual({ refused: expect.stringContaining('at least 20 USD') });
    expect(goFastBridge.quote(eth, 25_000_000_001n, 'in')).toEqual({ refused: expect.stringContaining('at most 25000 USD') });
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
