/**
 * Through the API as a client sees it: the second transaction of a multi-transaction route (/msgs_direct, the
 * request's own clock) expires after the route's estimated duration plus timeout_seconds, not at now + 600 s while
 * the funds are still on their way (issue 22; the rule: src/messages/tx-window.ts, the scan over many routes:
 * src/messages/later-tx-deadlines.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../test-helpers/app.js';
import { txDeadlines } from '../../messages/test-helpers/tx-deadlines.js';
import { userAddress } from '../../test-helpers/registry.js';

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('a later transaction on the wire', () => {
  it('USDC Ethereum → OSMO over CCTP: the transaction after the mint outlives it', async () => {
    const r = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '100000000',
      allow_multi_tx: true,
      bridges: ['CCTP', 'IBC'],
      timeout_seconds: '300',
      chain_ids_to_addresses: {
        '1': EVM_USER,
        'noble-1': userAddress(t.ctx.registry, 'noble-1'),
        'osmosis-1': userAddress(t.ctx.registry, 'osmosis-1'),
      },
    });
    const after = BigInt(Date.now()) * 1_000_000n;
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.txs).toHaveLength(2);
    // The transaction after the mint (on Noble, or on Osmosis when a Noble forwarding account carried the transfer):
    // every deadline it carries, decoded (cosmjs-types MsgTransfer, the entry point's JSON), counted from the answer.
    const deadlines = txDeadlines(body.txs[1]);
    expect(deadlines.some((d) => /swap_and_action\.timeout_timestamp$/.test(d.where))).toBe(true);
    const window = BigInt(body.route.estimated_route_duration_seconds + 300) * 1_000_000_000n;
    for (const d of deadlines) expect(d.ns - after, d.where).toBeGreaterThan(window);
  });
});
