/**
 * The wire shape of the Hyperlane, Stargate and LayerZero records: /route and /msgs_direct answers over each bridge
 * validate against the response schemas, and every field section 4.6 of the wire format gives the record is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, okBody, post, type TestApp } from '../http/test-helpers/app.js';
import { MsgsDirectResponse } from '../wire/msgs.js';
import { Route } from '../wire/route.js';
import { userAddress } from '../test-helpers/registry.js';
import { servingRetiredHyperlaneChains } from './hyperlane/test-helpers/retired.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane ships; these tests run the machinery as if it did.
servingRetiredHyperlaneChains();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const ZRO = '0x6985884C4392D348587B19cb9eAAf157F13271cd';

const cases = [
  {
    kind: 'hyperlane_transfer',
    request: {
      source_asset_chain_id: 'neutron-1',
      source_asset_denom: 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7',
      dest_asset_chain_id: '42161',
      dest_asset_denom: '0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C',
      // 100 TIA: the interchain gas payment paid on top (about 1.56 USD) stays within the safety threshold.
      amount_in: '100000000',
    },
    fields: [
      'from_chain_id',
      'to_chain_id',
      'denom_in',
      'denom_out',
      'hyperlane_contract_address',
      'fee_amount',
      'usd_fee_amount',
      'fee_asset',
      'bridge_id',
      'smart_relay',
    ],
  },
  {
    kind: 'stargate_transfer',
    request: {
      source_asset_chain_id: '42161',
      source_asset_denom: 'arbitrum-native',
      dest_asset_chain_id: '10',
      dest_asset_denom: 'optimism-native',
      amount_in: '100000000000000000',
    },
    fields: [
      'from_chain_id',
      'to_chain_id',
      'denom_in',
      'denom_out',
      'pool_address',
      'destination_endpoint_id',
      'oft_fee_asset',
      'oft_fee_amount',
      'oft_fee_amount_usd',
      'messaging_fee_asset',
      'messaging_fee_amount',
      'messaging_fee_amount_usd',
      'bridge_id',
    ],
  },
  {
    kind: 'layer_zero_transfer',
    request: {
      source_asset_chain_id: '137',
      source_asset_denom: ZRO,
      dest_asset_chain_id: '43114',
      dest_asset_denom: ZRO,
      amount_in: '7000000000000000000',
    },
    fields: [
      'from_chain_id',
      'to_chain_id',
      'denom_in',
      'denom_out',
      'source_oft_contract_address',
      'destination_endpoint_id',
      'messaging_fee_asset',
      'messaging_fee_amount',
      'messaging_fee_amount_usd',
      'bridge_id',
    ],
  },
];

describe.each(cases)('$kind on the wire', ({ kind, request, fields }) => {
  it('the route validates against the Route schema and its record has every section 4.6 field', async () => {
    const route = okBody<{
      operations: Record<string, Record<string, unknown>>[];
      estimated_fees: { fee_behavior: string }[];
    }>(await post(t.app, '/v2/fungible/route', request), Route);
    const record = route.operations[0]![kind]!;
    expect(Object.keys(record).sort()).toEqual([...fields].sort());
    expect(route.estimated_fees.some((f) => f.fee_behavior === 'FEE_BEHAVIOR_ADDITIONAL')).toBe(true);
  });

  it('msgs_direct validates against its schema', async () => {
    const addresses = Object.fromEntries(
      [request.source_asset_chain_id, request.dest_asset_chain_id].map((c) => [
        c,
        t.ctx.registry.chain(c)!.wire.chain_type === 'evm' ? EVM_USER : userAddress(t.ctx.registry, c),
      ]),
    );
    okBody(
      await post(t.app, '/v2/fungible/msgs_direct', { ...request, chain_ids_to_addresses: addresses }),
      MsgsDirectResponse,
    );
  });
});
