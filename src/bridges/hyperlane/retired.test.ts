/**
 * No Hyperlane transfer starts or ends on a chain Hyperlane's agents no longer serve. Hyperlane deprecated Neutron
 * (hyperlane-registry chains/neutron/metadata.yaml availability disabled since fad742de, 2025-12-16; relayer and
 * validators removed by hyperlane-monorepo 1a9da977, 2025-12-18): TIA locked in Neutron's warp router, or TIA.n burned
 * on Arbitrum for Neutron, would never arrive.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { buildRegistry } from '../../registry/build.js';
import { hyperlaneLanes } from './lanes.js';

const TIA_ON_NEUTRON = 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7';
const TIA_N_ARBITRUM = '0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('Hyperlane on retired chains', () => {
  it('offers no lane to or from Neutron', () => {
    const lanes = hyperlaneLanes(buildRegistry());
    expect(lanes.filter((l) => l.fromChainId === 'neutron-1' || l.toChainId === 'neutron-1')).toEqual([]);
  });

  it.each([
    ['neutron-1', TIA_ON_NEUTRON, '42161', TIA_N_ARBITRUM],
    ['42161', TIA_N_ARBITRUM, 'neutron-1', TIA_ON_NEUTRON],
  ])('%s → %s: no route over Hyperlane', async (from, denomIn, to, denomOut) => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: from,
      source_asset_denom: denomIn,
      dest_asset_chain_id: to,
      dest_asset_denom: denomOut,
      amount_in: '15000000',
      bridges: ['HYPERLANE'],
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain('hyperlane_transfer');
  });
});
