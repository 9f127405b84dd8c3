/**
 * The heading of a refused request over the real app's refusals (/v2/fungible/route on the offline market): a
 * price-safety refusal is titled as one, a route that needs more transactions says so, and "No route" is kept for
 * when there is none. The MULTI_TX_REQUIRED explanation gives its advice once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../../src/http/test-helpers/app.js';
import { ATOM_ON_OSMOSIS } from '../../../src/test-helpers/registry.js';
import { refusalTitle } from './refusal.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.app.close());

interface Refusal {
  code: number;
  details: { reason: string; metadata: Record<string, string> }[];
}
async function refusal(body: Record<string, unknown>): Promise<Refusal> {
  const res = await post(t.app, '/v2/fungible/route', body);
  expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
  return res.json() as Refusal;
}

describe('refusal titles', () => {
  it('a price-safety refusal is titled as one, not "No route"', async () => {
    const r = await refusal({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '5000000000000',
    });
    expect(r.details[0]?.reason).toBe('BAD_PRICE_ERROR');
    expect(refusalTitle(r)).toMatch(/^Price refused/);
  });

  it('a route that needs more transactions says so, and its advice once', async () => {
    const r = await refusal({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount_in: '1000000000',
      // Over Noble's unrelayed CCTP burn, a transaction of its own (relayed, Noble's Orbiter burns on arrival; Axelar
      // from Osmosis would take one signature).
      bridges: ['IBC', 'CCTP'],
      smart_relay: false,
    });
    expect(r.details[0]?.reason).toBe('MULTI_TX_REQUIRED');
    expect(refusalTitle(r)).toBe('No single-transaction route');
    expect(r.details[0]!.metadata.explanation!.split('set allow_multi_tx to true').length).toBe(2);
  });

  it('no route at all keeps "No route"; anything else failed', async () => {
    const r = await refusal({
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '1000000000000000000',
    });
    expect(r.details[0]?.reason).toBe('NO_ROUTE');
    expect(refusalTitle(r)).toBe('No route');
    expect(refusalTitle(new Error('network down'))).toBe('Route request failed');
  });
});
