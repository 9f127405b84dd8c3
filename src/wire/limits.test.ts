/**
 * Hostile input: values that used to cost a 500 (type confusion, division by zero, stack overflow) or a long stall
 * of the event loop (a million-digit amount, a megabyte contract message, ten thousand affiliates), and bodies that
 * used to grow the quote caches without bound. Each is refused with code 3 before the costly step, or served
 * without the cache growing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATOM_ON_OSMOSIS } from '../test-helpers/registry.js';
import { describeValue, LIMITS_TEXT, MAX_BODY_DEPTH, nestsDeeperThan } from './limits.js';
import { buildTestApp, expectError, post, type TestApp } from '../http/test-helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const ADDR = {
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
};
const swap = {
  source_asset_denom: 'uosmo',
  source_asset_chain_id: 'osmosis-1',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
};
const transfer = {
  source_asset_denom: 'uatom',
  source_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  dest_asset_chain_id: 'osmosis-1',
};
const affiliates = (bps: string, n = 1) => ({
  'osmosis-1': { affiliates: Array.from({ length: n }, () => ({ address: ADDR['osmosis-1'], basis_points_fee: bps })) },
});

describe('values that used to answer 500', () => {
  it('an exact-out swap with a 10000-bps affiliate fee is answered, never a failure', async () => {
    for (const allow_unsafe of [true, false]) {
      const res = await post(t.app, '/v2/fungible/route', {
        ...swap,
        amount_out: '1000000',
        cumulative_affiliate_fee_bps: '10000',
        allow_unsafe,
      });
      expect(res.statusCode, res.body).toBeLessThan(500);
      const direct = await post(t.app, '/v2/fungible/msgs_direct', {
        ...swap,
        amount_out: '1000000',
        chain_ids_to_addresses: ADDR,
        chain_ids_to_affiliates: affiliates('10000'),
        allow_unsafe,
      });
      expect(direct.statusCode, direct.body).toBeLessThan(500);
      const exactIn = await post(t.app, '/v2/fungible/msgs_direct', {
        ...swap,
        amount_in: '1000000',
        chain_ids_to_addresses: ADDR,
        chain_ids_to_affiliates: affiliates('10000'),
        allow_unsafe,
      });
      expect(exactIn.statusCode, exactIn.body).toBeLessThan(500);
    }
  });

  it('msgs_direct validates cumulative_affiliate_fee_bps: type, depth and agreement with the affiliates', async () => {
    const direct = (extra: Record<string, unknown>) =>
      post(t.app, '/v2/fungible/msgs_direct', {
        ...transfer,
        // 10 ATOM: enough that the transfer's gas keeps it within price safety.
        amount_in: '10000000',
        chain_ids_to_addresses: ADDR,
        ...extra,
      });
    expectError(
      await direct({ cumulative_affiliate_fee_bps: { toString: {} } }),
      400,
      3,
      'invalid field cumulative_affiliate_fee_bps: must be string',
    );
    expectError(
      await direct({ cumulative_affiliate_fee_bps: ['50'] }),
      400,
      3,
      'invalid field cumulative_affiliate_fee_bps: must be string',
    );
    const deep = JSON.stringify({ ...transfer, amount_in: '1000', chain_ids_to_addresses: ADDR }).replace(
      /}$/,
      `,"cumulative_affiliate_fee_bps":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
    );
    expectError(
      await post(t.app, '/v2/fungible/msgs_direct', deep),
      400,
      3,
      `nested deeper than ${MAX_BODY_DEPTH} levels`,
    );
    expectError(await direct({ cumulative_affiliate_fee_bps: 'x' }), 400, 3, 'invalid cumulative_affiliate_fee_bps');
    expectError(
      await direct({ cumulative_affiliate_fee_bps: '50' }),
      400,
      3,
      /50 bps, but chain_ids_to_affiliates pays 0 bps/,
    );
    expect((await direct({ cumulative_affiliate_fee_bps: '0' })).statusCode).toBe(200);
    const agreed = await post(t.app, '/v2/fungible/msgs_direct', {
      ...swap,
      amount_in: '100000000',
      chain_ids_to_addresses: ADDR,
      chain_ids_to_affiliates: affiliates('50'),
      cumulative_affiliate_fee_bps: '50',
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
  });

  it('/msgs with an operation field of the wrong type (an object where a denom belongs) names the field', async () => {
    const hostile: unknown[] = [{}, { toString: {} }, { toString: 1, valueOf: 2 }, [[[]]]];
    for (const denomOut of hostile) {
      const res = await post(t.app, '/v2/fungible/msgs', {
        ...transfer,
        amount_in: '1000000',
        address_list: [ADDR['cosmoshub-4'], ADDR['osmosis-1']],
        operations: [
          {
            transfer: {
              port: 'transfer',
              channel: 'channel-141',
              from_chain_id: 'cosmoshub-4',
              to_chain_id: 'osmosis-1',
              denom_in: 'uatom',
              denom_out: denomOut,
            },
          },
        ],
      });
      expectError(res, 400, 3, /invalid operations\[0\]\.transfer\.denom_out: .* not an? (object|array)/);
    }
  });

  it('a contract message of 100,000 nested arrays is refused by its length, before any parser recurses into it', async () => {
    const msg = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...transfer,
      amount_in: '1000',
      chain_ids_to_addresses: ADDR,
      post_route_handler: { wasm_msg: { contract_address: ADDR['osmosis-1'], msg } },
    });
    expectError(res, 400, 3, /post_route_handler\.wasm_msg\.msg: must NOT have more than 32768 characters/);
    // The same nesting as JSON (not a string) is refused by the body's depth check.
    const raw = JSON.stringify({ ...transfer, amount_in: '1000', chain_ids_to_addresses: ADDR }).replace(
      /}$/,
      `,"post_route_handler":{"wasm_msg":{"contract_address":"${ADDR['osmosis-1']}","msg":${msg}}}}`,
    );
    expectError(await post(t.app, '/v2/fungible/msgs_direct', raw), 400, 3, /nested deeper than/);
  });

  it('keys that would reach an object prototype are refused', async () => {
    const res = await post(t.app, '/v2/fungible/route', `{"__proto__":{"x":1},"source_asset_denom":"uatom"}`);
    expectError(res, 400, 3, /malformed JSON body/);
    expectError(
      await post(t.app, '/v2/fungible/route', `{"constructor":{"prototype":{"x":1}}}`),
      400,
      3,
      /malformed JSON body/,
    );
  });
});

describe('sizes are checked before the costly step', () => {
  it('an amount of a million digits is refused by its length, not parsed', async () => {
    const res = await post(t.app, '/v2/fungible/route', { ...transfer, amount_in: '1'.repeat(1_000_000) });
    // Over the body limit (HTTP 413) or the field's length (400); never parsed.
    if (res.statusCode === 413) expectError(res, 413, 3, 'request body is too large');
    else expectError(res, 400, 3, 'amount_in: must NOT have more than 78 characters');
    expectError(
      await post(t.app, '/v2/fungible/route', { ...transfer, amount_in: '1'.repeat(100_000) }),
      400,
      3,
      'invalid field amount_in: must NOT have more than 78 characters',
    );
    // 79 digits: beyond 2^256 - 1 whatever the digits.
    expectError(
      await post(t.app, '/v2/fungible/route', { ...transfer, amount_in: '1'.repeat(79) }),
      400,
      3,
      'must NOT have more than 78 characters',
    );
    expectError(
      await post(t.app, '/v2/fungible/route', { ...transfer, amount_in: '9'.repeat(78) }),
      400,
      3,
      'exceeds the largest supported amount',
    );
  });

  it('lists are capped: ten thousand affiliates, venues or features are refused by the schema', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...swap,
      amount_in: '1000',
      chain_ids_to_addresses: ADDR,
      chain_ids_to_affiliates: affiliates('0', 10_000),
    });
    if (res.statusCode === 413) expectError(res, 413, 3, 'request body is too large');
    else expectError(res, 400, 3, 'affiliates: must NOT have more than 32 items');
    expectError(
      await post(t.app, '/v2/fungible/msgs_direct', {
        ...swap,
        amount_in: '1000',
        chain_ids_to_addresses: ADDR,
        chain_ids_to_affiliates: affiliates('0', 33),
      }),
      400,
      3,
      'chain_ids_to_affiliates.osmosis-1.affiliates: must NOT have more than 32 items',
    );
    const venues = Array.from({ length: 65 }, (_, i) => ({ name: `v${i}`, chain_id: 'osmosis-1' }));
    expectError(
      await post(t.app, '/v2/fungible/route', { ...transfer, amount_in: '1', swap_venues: venues }),
      400,
      3,
      'swap_venues: must NOT have more than 64 items',
    );
  });

  it('quote bodies over 256 KiB are refused while they arrive', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      ...transfer,
      amount_in: '1000',
      pad: 'x'.repeat(300 * 1024),
    });
    expectError(res, 413, 3, 'request body is too large');
  });

  it('the OpenAPI document states the limits', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.info.description).toContain(LIMITS_TEXT);
    expect(JSON.stringify(doc)).toContain('"maxLength":78');
  });
});

describe('the quote caches cannot be grown by padding', () => {
  it('padded bodies with unknown fields and distinct venue spellings share one cached answer', async () => {
    // Its own app, with TTLs long enough that nothing expires during the test.
    const fresh = await buildTestApp({ ROUTE_RESPONSE_CACHE_MS: '600000', ROUTE_CACHE_TTL_MS: '600000' });
    const body = { ...transfer, amount_in: '123456789' };
    for (let i = 0; i < 20; i++) {
      const res = await post(fresh.app, '/v2/fungible/route', {
        [`pad${i}`]: 'x'.repeat(100_000),
        ...body,
        swap_venues: i % 2 ? null : undefined,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(fresh.ctx.responseCache.size).toBe(1);
    expect(fresh.ctx.routeCache.size).toBe(1);
    expect(fresh.ctx.responseCache.bytes).toBeLessThan(20_000);
    await fresh.app.close();
  });

  it('long venue names are refused before they can become a cache key', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      ...transfer,
      amount_in: '1',
      swap_venues: [{ name: 'v'.repeat(100_000), chain_id: 'osmosis-1' }],
    });
    expectError(res, 400, 3, 'swap_venues[0].name: must NOT have more than 256 characters');
  });
});

describe('helpers', () => {
  it('nestsDeeperThan counts brackets outside strings only', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":"[[[[[[","b":{"c":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":"\\"[[[[","b":[[[[]]]]}', 3)).toBe(true);
  });

  it('describeValue never calls into the value and cuts long strings', () => {
    expect(describeValue({ toString: {} })).toBe('an object');
    expect(describeValue([1])).toBe('an array');
    expect(describeValue('x'.repeat(1000))).toHaveLength(83);
    expect(describeValue(null)).toBe('null');
  });
});
