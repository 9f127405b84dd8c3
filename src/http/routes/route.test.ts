import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Ajv } from 'ajv';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { buildApp } from '../app.js';
import { Route } from '../schemas/route.js';
import { MsgsDirectResponse, MsgsResponse } from '../schemas/msgs.js';
import { ATOM_ON_OSMOSIS, USDC_ON_QUICKSILVER_VIA_DYDX, userAddress } from '../../test-helpers/registry.js';

let app: FastifyInstance;
let ctx: ReturnType<typeof buildContext>;
const ajv = new Ajv({ strict: false });
const validRoute = ajv.compile(Route);
const validMsgs = ajv.compile(MsgsResponse);
const validDirect = ajv.compile(MsgsDirectResponse);

beforeAll(async () => {
  ctx = buildContext(loadConfig([], {}));
  app = await buildApp(ctx);
});
afterAll(() => app.close());

const hubToOsmosis = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
  amount_in: '1000000',
  cumulative_affiliate_fee_bps: '0',
};

async function post(url: string, payload: unknown) {
  const res = await app.inject({ method: 'POST', url, payload: payload as object });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { status: res.statusCode, body: res.json() };
}

describe('POST /v2/fungible/route', () => {
  it('returns a Route of the wire schema', async () => {
    const { status, body } = await post('/v2/fungible/route', hubToOsmosis);
    expect(status).toBe(200);
    expect(validRoute(body), JSON.stringify(validRoute.errors)).toBe(true);
    expect(body.operations[0].transfer.channel).toBe('channel-141');
  });

  it.each([
    [{ amount_in: 1000000 }, 400, /amount_in: must be string/],
    [{ amount_in: '0' }, 400, /greater than zero/],
    [{ bridges: ['NOT_A_BRIDGE'] }, 400, /bridges\[0\]: must be one of/],
    [{ source_asset_chain_id: undefined }, 400, /missing required field source_asset_chain_id/],
    [{ allow_multi_tx: 'yes' }, 400, /allow_multi_tx: must be boolean/],
  ])('bad input %o → code 3', async (patch, status, message) => {
    const res = await post('/v2/fungible/route', { ...hubToOsmosis, ...patch });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ code: 3, details: [] });
    expect(res.body.message).toMatch(message);
  });
});

describe('POST /v2/fungible/msgs', () => {
  it('accepts the operations exactly as the route returned them (extra fields and all) and builds the tx', async () => {
    const route = (await post('/v2/fungible/route', hubToOsmosis)).body;
    const addresses = route.required_chain_addresses.map((c: string) => userAddress(ctx.registry, c));
    const { status, body } = await post('/v2/fungible/msgs', {
      ...hubToOsmosis,
      amount_out: route.estimated_amount_out,
      address_list: addresses,
      operations: route.operations.map((o: object) => ({ ...o, some_future_field: { x: 1 } })),
      slippage_tolerance_percent: '1',
      timeout_seconds: '120',
    });
    expect(status).toBe(200);
    expect(validMsgs(body), JSON.stringify(validMsgs.errors)).toBe(true);
    expect(body.txs[0].cosmos_tx.signer_address).toBe(addresses[0]);
    expect(body.min_amount_out).toBe('1000000');
    expect(body.estimated_fees).toEqual([]);
  });

  it('refuses an operation whose channel does not lead where it says', async () => {
    const route = (await post('/v2/fungible/route', hubToOsmosis)).body;
    const operations = structuredClone(route.operations);
    operations[0].transfer.channel = 'channel-0';
    const res = await post('/v2/fungible/msgs', {
      ...hubToOsmosis,
      address_list: route.required_chain_addresses.map((c: string) => userAddress(ctx.registry, c)),
      operations,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/operations\[0\]\.transfer\.(to_chain_id|channel|denom_out)/);
  });

  it('names the chain whose address is wrong', async () => {
    const route = (await post('/v2/fungible/route', hubToOsmosis)).body;
    const res = await post('/v2/fungible/msgs', {
      ...hubToOsmosis,
      address_list: [userAddress(ctx.registry, 'cosmoshub-4'), userAddress(ctx.registry, 'neutron-1')],
      operations: route.operations,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/address for chain osmosis-1/);
  });

  it('rejects unequal affiliate bps', async () => {
    const route = (await post('/v2/fungible/route', hubToOsmosis)).body;
    const res = await post('/v2/fungible/msgs', {
      ...hubToOsmosis,
      address_list: route.required_chain_addresses.map((c: string) => userAddress(ctx.registry, c)),
      operations: route.operations,
      chain_ids_to_affiliates: {
        'osmosis-1': { affiliates: [{ address: userAddress(ctx.registry, 'osmosis-1'), basis_points_fee: '10' }] },
        'cosmoshub-4': { affiliates: [{ address: userAddress(ctx.registry, 'cosmoshub-4'), basis_points_fee: '20' }] },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/same cumulative basis_points_fee/);
  });

  it('refuses operation kinds of bridges this instance does not run', async () => {
    const res = await post('/v2/fungible/msgs', {
      ...hubToOsmosis,
      address_list: ['a', 'b'],
      operations: [{ cctp_transfer: { from_chain_id: 'noble-1' }, tx_index: 0, amount_in: '1', amount_out: '1' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/cctp_transfer operations are not supported/);
  });
});

describe('POST /v2/fungible/msgs_direct', () => {
  it('returns msgs, txs, min_amount_out and the route', async () => {
    const { status, body } = await post('/v2/fungible/msgs_direct', {
      ...hubToOsmosis,
      cumulative_affiliate_fee_bps: undefined,
      chain_ids_to_addresses: { 'cosmoshub-4': userAddress(ctx.registry, 'cosmoshub-4'), 'osmosis-1': userAddress(ctx.registry, 'osmosis-1') },
    });
    expect(status).toBe(200);
    expect(validDirect(body), JSON.stringify(validDirect.errors)).toBe(true);
    expect(body.route.operations).toHaveLength(1);
  });

  it('says which chain is missing an address', async () => {
    const res = await post('/v2/fungible/msgs_direct', {
      source_asset_denom: 'uusdc',
      source_asset_chain_id: 'noble-1',
      dest_asset_denom: USDC_ON_QUICKSILVER_VIA_DYDX,
      dest_asset_chain_id: 'quicksilver-2',
      amount_in: '5',
      allow_multi_tx: true,
      chain_ids_to_addresses: { 'noble-1': userAddress(ctx.registry, 'noble-1'), 'quicksilver-2': userAddress(ctx.registry, 'quicksilver-2') },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/missing address for chain dydx-mainnet-1/);
  });
});
