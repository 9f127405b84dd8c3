/**
 * Rollups Initia has retired are not routed to: a deposit into the OPinit bridge of a rollup nobody runs any more is
 * never credited on L2, and its withdrawal can never be proven. Rena (rena-nuwa-1, bridge 30) left
 * initia-labs/initia-registry on 2025-10-10 (commit b6cc066, "remove rena") and Rave (rave-1, bridge 17) on 2026-08-03
 * (commit b848968, "remove rave", after its profile was set to hidden on 2026-07-08); both profiles are "hidden".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { l2Denom } from '../../denom/l2.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { initiaRollupsFile } from '../../registry/rollups.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('retired Initia rollups', () => {
  it('are not listed', () => {
    const ids = initiaRollupsFile().rollups.map((r) => r.chain_id);
    expect(ids).not.toContain('rave-1');
    expect(ids).not.toContain('rena-nuwa-1');
  });

  it.each([
    ['rave-1', 17n],
    ['rena-nuwa-1', 30n],
  ])('INIT deposited into %s (bridge %s) is refused, naming the destination chain', async (chainId, bridge) => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: 'interwoven-1',
      source_asset_denom: 'uinit',
      dest_asset_chain_id: chainId,
      dest_asset_denom: l2Denom(bridge, 'uinit'),
      amount_in: '1000000',
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).toContain('dest_asset');
  });
});
