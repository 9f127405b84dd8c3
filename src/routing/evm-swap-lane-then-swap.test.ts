/**
 * An EVM swap whose output is bridged as another asset before the route's Cosmos swap (found by a scan of
 * /v2/fungible/route): ETH on Ethereum → OSMO over CCTP only (bridges CCTP and IBC) swaps ETH for USDC on Ethereum,
 * burns it for Noble's USDC and swaps that on Osmosis. The search used to drop the swap into Ethereum's USDC, which
 * no Cosmos venue trades as it is, and answered that the route needs Axelar or IBC Eureka.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { userAddress } from '../test-helpers/registry.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const req = {
  source_asset_chain_id: '1',
  source_asset_denom: 'ethereum-native',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: 'uosmo',
  amount_in: '300000000000000000',
  allow_multi_tx: true,
  bridges: ['CCTP', 'IBC'],
  smart_swap_options: { evm_swaps: true },
};
const kinds = (r: { operations: object[] }) =>
  r.operations.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)));

describe('an EVM swap, a lane into another asset, then a Cosmos swap', () => {
  it('ETH on Ethereum → OSMO over CCTP: swap to USDC, burn to Noble, swap on Osmosis; /msgs builds it', async () => {
    const r = await post(t.app, '/v2/fungible/route', req);
    expect(r.statusCode, r.body).toBe(200);
    const route = r.json();
    expect(kinds(route)).toEqual(['evm_swap', 'cctp_transfer', 'transfer', 'swap']);
    expect(route.chain_ids).toEqual(['1', 'noble-1', 'osmosis-1']);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: route.estimated_amount_out,
      address_list: (route.required_chain_addresses as string[]).map((c) =>
        /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c),
      ),
      operations: route.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().txs).toHaveLength(route.txs_required);
  });
});
