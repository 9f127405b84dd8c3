/** The eureka_transfer record's contract fields, both ways, against Skip's answers of August 2026. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
// The Hub's IBC callbacks adapter and entry point, as Skip's answers name them (alloyrebalancer test-fixtures
// pairBTC-X2-good.json and pairBTC-Y1-good.json, commit 51cbcc2).
const HUB_ADAPTER = 'cosmos1lqu9662kd4my6dww4gzp3730vew0gkwe0nl9ztjh0n5da0a8zc4swsvd22';
const HUB_ENTRY_POINT = 'cosmos1clswlqlfm8gpn7n5wu0ypu0ugaj36urlhj7yz30hn7v7mkcm2tuqy9f8s5';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function eurekaOp(from: [string, string], to: [string, string]): Promise<Record<string, unknown>> {
  const res = await post(t.app, '/v2/fungible/route', {
    source_asset_chain_id: from[0],
    source_asset_denom: from[1],
    dest_asset_chain_id: to[0],
    dest_asset_denom: to[1],
    amount_in: '100000000',
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const ops = res.json().operations as Record<string, Record<string, unknown>>[];
  return ops.find((o) => o.eureka_transfer)!.eureka_transfer!;
}

describe('eureka_transfer record', () => {
  it('from Ethereum: the handler, and the Hub adapter and entry point the packet may call', async () => {
    const op = await eurekaOp(['1', WBTC], ['cosmoshub-4', WBTC_ON_HUB]);
    expect(op).toMatchObject({
      entry_contract_address: '0x47a4b9F949E98a49Be500753c19a8f9c9d6b7689',
      callback_adapter_contract_address: HUB_ADAPTER,
      to_chain_callback_contract_address: HUB_ADAPTER,
      to_chain_entry_contract_address: HUB_ENTRY_POINT,
    });
  });

  it('from the Hub: its entry point, and its adapter', async () => {
    const op = await eurekaOp(['cosmoshub-4', WBTC_ON_HUB], ['1', WBTC]);
    expect(op).toMatchObject({
      entry_contract_address: HUB_ENTRY_POINT,
      callback_adapter_contract_address: HUB_ADAPTER,
    });
  });
});
