import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Ajv } from 'ajv';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { buildApp } from '../app.js';
import { Route } from '../../wire/route.js';
import { MsgsDirectResponse, MsgsResponse } from '../../wire/msgs.js';
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

  it('a huge amount that drains the pools still values its output: usd_amount_out is never silently zero', async () => {
    const { status, body } = await post('/v2/fungible/route', {
      source_asset_denom: 'uosmo',
      source_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      amount_in: `1${'0'.repeat(40)}`,
      allow_unsafe: true,
    });
    expect(status).toBe(200);
    expect(body.warning.type).toBe('BAD_PRICE_WARNING');
    // Hundreds of thousands of ATOM at the shipped 2024-07 price (6.306 USD): millions of dollars, not "0.00".
    expect(BigInt(body.amount_out)).toBeGreaterThan(100_000_000_000n);
    const atoms = Number(BigInt(body.amount_out) / 1_000_000n);
    expect(Number(body.usd_amount_out)).toBeGreaterThan(atoms * 6.2);
    expect(Number(body.usd_amount_out)).toBeLessThan(atoms * 6.4);
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

describe('no route', () => {
  const nobleToQuicksilver = {
    source_asset_denom: 'uusdc',
    source_asset_chain_id: 'noble-1',
    dest_asset_denom: USDC_ON_QUICKSILVER_VIA_DYDX,
    dest_asset_chain_id: 'quicksilver-2',
    amount_in: '1000000',
  };

  it.each(['/v2/fungible/route', '/v2/fungible/msgs_direct'])(
    "%s: only a multi-tx route exists → 404, code 5, the API's exact words",
    async (url) => {
      const res = await post(url, {
        ...nobleToQuicksilver,
        chain_ids_to_addresses: {
          'noble-1': userAddress(ctx.registry, 'noble-1'),
          'quicksilver-2': userAddress(ctx.registry, 'quicksilver-2'),
        },
      });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(5);
      expect(res.body.message).toBe('no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true');
      expect(res.body.details).toEqual([
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'MULTI_TX_REQUIRED',
          domain: 'skip.build',
          metadata: { explanation: expect.stringMatching(/dydx-mainnet-1 does not forward packets/) },
        },
      ]);
    },
  );

  it('says first what the caller can act on: the route that exists, the advice, that route, then the refusals', async () => {
    const res = await post('/v2/fungible/route', {
      source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      source_asset_chain_id: '1',
      dest_asset_denom: 'uatom',
      dest_asset_chain_id: 'cosmoshub-4',
      amount_in: '1000000000',
      bridges: ['CCTP', 'IBC'],
    });
    expect(res.status).toBe(404);
    const said: string = res.body.details[0].metadata.explanation;
    expect(said).toMatch(
      /^the route needs 2 transactions because [^;]*; set allow_multi_tx to true to accept it; the best route that passes price safety has 2 transactions: 1\. Ethereum: CCTP to Noble/,
    );
    expect(said).toMatch(/; the route needs the Axelar bridge, which the request excludes \(bridges\)/);
  });

  it('under allow_unsafe, does not say the multi-transaction route it names passes price safety when it fails it', async () => {
    // 1 OSMO → USDC on Ethereum: the only routes take 2 transactions (burnt on Noble by Orbiter into an L2, then on
    // to Ethereum) and lose most of the 0.48 USD to gas. With allow_unsafe the answer is MULTI_TX_REQUIRED, naming
    // that route; it used to call it "the best route that passes price safety".
    const res = await post('/v2/fungible/route', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount_in: '1000000',
      allow_unsafe: true,
    });
    expect(res.status).toBe(404);
    expect(res.body.details[0].reason).toBe('MULTI_TX_REQUIRED');
    const said: string = res.body.details[0].metadata.explanation;
    expect(said).toMatch(
      /the best route that allow_unsafe accepts \(it fails price safety\) has 2 transactions: 1\. Osmosis/,
    );
    expect(said).not.toMatch(/passes price safety/);
  });

  it('no route at all → 404, code 5, "no routes found"', async () => {
    const res = await post('/v2/fungible/route', { ...nobleToQuicksilver, allow_multi_tx: true, bridges: ['CCTP'] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 5, message: 'no routes found', details: [{ reason: 'NO_ROUTE' }] });
    expect(res.body.details[0].metadata.explanation).toMatch(/needs IBC transfers, which the request excludes/);
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

  it('exact-out with affiliates on the shipped Osmosis pools: the route and its messages deliver exactly amount_out', async () => {
    const req = {
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      amount_out: '100000000',
    };
    const route = (await post('/v2/fungible/route', { ...req, cumulative_affiliate_fee_bps: '100' })).body;
    expect(route.amount_out).toBe('100000000');
    const swap = route.operations.find((o: { swap?: unknown }) => o.swap).swap;
    expect(swap.estimated_affiliate_fee).toBe('1000000uosmo');
    expect(swap.swap_out.swap_amount_out).toBe('101000000');
    const { status, body } = await post('/v2/fungible/msgs', {
      ...req,
      amount_in: route.amount_in,
      address_list: route.required_chain_addresses.map((c: string) => userAddress(ctx.registry, c)),
      operations: route.operations,
      chain_ids_to_affiliates: {
        'osmosis-1': { affiliates: [{ address: userAddress(ctx.registry, 'osmosis-1'), basis_points_fee: '100' }] },
      },
    });
    expect(status).toBe(200);
    expect(body.min_amount_out).toBe('100000000');
    const sa = JSON.parse(JSON.parse(body.txs[0].cosmos_tx.msgs[0].msg).memo).wasm.msg.swap_and_action;
    expect(sa.min_asset.native).toEqual({ denom: 'uosmo', amount: '100000000' });
    expect(sa.user_swap.swap_exact_asset_out.swap_venue_name).toBe('osmosis-poolmanager');
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

  it('refuses an evm_swap record that names no EVM venue of its chain, naming the field', async () => {
    const res = await post('/v2/fungible/msgs', {
      ...hubToOsmosis,
      address_list: ['a', 'b'],
      operations: [{ evm_swap: { from_chain_id: 'osmosis-1' }, tx_index: 0, amount_in: '1', amount_out: '1' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/operations\[0\]\.evm_swap\.swap_venues/);
  });
});

describe('POST /v2/fungible/msgs_direct', () => {
  it('returns msgs, txs, min_amount_out and the route', async () => {
    const { status, body } = await post('/v2/fungible/msgs_direct', {
      ...hubToOsmosis,
      cumulative_affiliate_fee_bps: undefined,
      chain_ids_to_addresses: {
        'cosmoshub-4': userAddress(ctx.registry, 'cosmoshub-4'),
        'osmosis-1': userAddress(ctx.registry, 'osmosis-1'),
      },
    });
    expect(status).toBe(200);
    expect(validDirect(body), JSON.stringify(validDirect.errors)).toBe(true);
    expect(body.route.operations).toHaveLength(1);
  });

  it('post_route_handler: contract_address is checked on the chain that runs it, the message travels byte-exact', async () => {
    const addresses = {
      'cosmoshub-4': userAddress(ctx.registry, 'cosmoshub-4').toUpperCase(),
      'osmosis-1': userAddress(ctx.registry, 'osmosis-1'),
    };
    const raw = '{"deposit":{"amount":1795403120853123457}}';
    const bad = await post('/v2/fungible/msgs_direct', {
      ...hubToOsmosis,
      chain_ids_to_addresses: addresses,
      post_route_handler: { wasm_msg: { contract_address: 'not-an-address', msg: raw } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 3,
      message: expect.stringMatching(/chain osmosis-1 in post_route_handler\.wasm_msg\.contract_address/),
    });
    const contract = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
    const { status, body } = await post('/v2/fungible/msgs_direct', {
      ...hubToOsmosis,
      chain_ids_to_addresses: addresses,
      post_route_handler: { wasm_msg: { contract_address: contract, msg: raw } },
    });
    expect(status).toBe(200);
    const msg = body.txs[0].cosmos_tx.msgs[0].msg as string;
    expect(JSON.parse(msg).sender).toBe(userAddress(ctx.registry, 'cosmoshub-4'));
    expect(JSON.parse(msg).memo).toBe(`{"wasm":{"contract":"${contract}","msg":${raw}}}`);
  });

  it('says which chain is missing an address', async () => {
    const res = await post('/v2/fungible/msgs_direct', {
      source_asset_denom: 'uusdc',
      source_asset_chain_id: 'noble-1',
      dest_asset_denom: USDC_ON_QUICKSILVER_VIA_DYDX,
      dest_asset_chain_id: 'quicksilver-2',
      // 5 USDC: enough that the gas of two Cosmos transactions stays within the safety threshold.
      amount_in: '5000000',
      allow_multi_tx: true,
      chain_ids_to_addresses: {
        'noble-1': userAddress(ctx.registry, 'noble-1'),
        'quicksilver-2': userAddress(ctx.registry, 'quicksilver-2'),
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/missing address for chain dydx-mainnet-1/);
  });
});
