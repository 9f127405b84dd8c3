/**
 * Property: whatever a client sends to any endpoint (random JSON bodies, random and malformed query strings, odd
 * content types), the service never answers with a 5xx, always answers JSON, and every body is either the
 * endpoint's response schema (2xx) or the `{code, message, details}` error body with the status its code maps to.
 */
import type { TSchema } from '@sinclair/typebox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_STATUS_OF, type GrpcCode } from '../errors.js';
import { ErrorBody } from '../wire/common.js';
import {
  AssetsBetweenChainsResponse,
  AssetsFromSourceResponse,
  AssetsResponse,
  BridgesResponse,
  ChainsResponse,
  HealthResponse,
  IbcOriginAssetsResponse,
  RecommendAssetsResponse,
  VenuesResponse,
} from '../wire/info.js';
import { MsgsDirectResponse, MsgsResponse } from '../wire/msgs.js';
import { Route } from '../wire/route.js';
import { buildTestApp, expectSchema, type TestApp } from './test-helpers/app.js';
import { fuzzParameters, hostileValue } from './test-helpers/fuzz.js';

/**
 * Runs per endpoint and the seed: fixed (a CI run is replayable); FUZZ_RUNS=5000 FUZZ_SEED=random npx vitest run
 * src/http/fuzz.test.ts searches further, FUZZ_SEED=<seed printed by a failure> replays it.
 */
const RUNS = 120;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

// Values that reach deep into the handlers: real chains and denoms, booleans as the SDK spells them, enum values.
const HOLDINGS: [string, string][] = [
  ['cosmoshub-4', 'uatom'],
  ['osmosis-1', 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2'],
  ['osmosis-1', 'uosmo'],
  ['kaiyo-1', 'ibc/295548A78785A1007F232DE286149A6FF512F180AF5657780FC89C009E2C348F'],
  ['noble-1', 'uusdc'],
  ['dydx-mainnet-1', 'adydx'],
  ['neutron-1', 'untrn'],
  ['juno-1', 'cw20:juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl'],
  ['cosmoshub-4', 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462'],
  ['1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
  ['solana', 'solana-native'],
];
const REAL_STRINGS = [...new Set(HOLDINGS.flat()), 'true', 'false', 'DIRECT', 'BASE_TOKEN', 'MOST_LIQUID', ''];
const text = fc.oneof(fc.constantFrom(...REAL_STRINGS), fc.string(), fc.string({ unit: 'grapheme' }));
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
    hostileValue,
  ),
})).value;

/**
 * Mostly the right kind of value, sometimes any JSON value, sometimes absent. Junk stays rare per field because a
 * request has up to seventeen fields: at one in five, almost no request would get past the schema to the handler.
 */
const mostly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof(
    { arbitrary: good, weight: 24 },
    { arbitrary: json, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
/** Like mostly, with less junk: for fields of array entries, where every entry must be valid for a 2xx. */
const nearly = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof(
    { arbitrary: good, weight: 18 },
    { arbitrary: json, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
const chainId = fc.oneof(
  { arbitrary: fc.constantFrom(...HOLDINGS.map(([c]) => c)), weight: 4 },
  { arbitrary: text, weight: 1 },
);
const holding = fc.oneof(
  { arbitrary: fc.constantFrom(...HOLDINGS), weight: 4 },
  { arbitrary: fc.tuple(chainId, text), weight: 1 },
);
const flag = mostly(fc.boolean());
const reason = mostly(fc.constantFrom('UNKNOWN', 'MOST_LIQUID', 'BASE_TOKEN', 'DIRECT', 'CHEAPEST', null));
const list = <T>(item: fc.Arbitrary<T>) =>
  mostly(
    fc.oneof(
      { arbitrary: fc.array(item, { minLength: 1, maxLength: 4 }), weight: 4 },
      { arbitrary: fc.constant([]), weight: 1 },
    ),
  );

// Addresses: the same 20-byte account under each chain's prefix (valid), plus junk.
const ADDRESSES: Record<string, string> = {
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf',
  'dydx-mainnet-1': 'dydx1nhzuazjhyfu474er6v4ey8zn6wa5fy6g2dgp7s',
};
const address = fc.oneof(
  { arbitrary: fc.constantFrom(...Object.values(ADDRESSES)), weight: 4 },
  { arbitrary: text, weight: 1 },
);
const amount = fc.oneof(
  { arbitrary: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String), weight: 6 },
  { arbitrary: fc.constantFrom('0', '-1', '1.5', '1e6', (2n ** 256n).toString(), ' 1', ''), weight: 1 },
  { arbitrary: text, weight: 1 },
);
const routeFields = holding.chain((src) =>
  holding.chain((dst) =>
    fc.record({
      source_asset_chain_id: nearly(fc.constant(src[0])),
      source_asset_denom: nearly(fc.constant(src[1])),
      dest_asset_chain_id: nearly(fc.constant(dst[0])),
      dest_asset_denom: nearly(fc.constant(dst[1])),
      amount_in: nearly(amount),
      allow_multi_tx: flag,
      allow_swaps: flag,
      allow_unsafe: flag,
      bridges: list(
        fc.oneof(
          { arbitrary: fc.constantFrom('IBC', 'CCTP', 'AXELAR'), weight: 12 },
          { arbitrary: fc.constant('NOPE'), weight: 1 },
        ),
      ),
      swap_venues: list(
        fc.record({
          name: nearly(fc.constantFrom('osmosis-poolmanager', 'neutron-astroport')),
          chain_id: nearly(chainId),
        }),
      ),
      smart_swap_options: mostly(fc.record({ split_routes: flag, evm_swaps: flag })),
      cumulative_affiliate_fee_bps: mostly(fc.constantFrom('0', '50', '10000', '10001', '-1', 'x')),
    }),
  ),
);
const affiliates = mostly(
  fc.dictionary(
    chainId,
    fc.record({
      affiliates: list(
        fc.record({
          address: nearly(address),
          basis_points_fee: nearly(fc.constantFrom('0', '10', '75', '10001', '1.5')),
        }),
      ),
    }),
    { maxKeys: 2 },
  ),
);
const postHandler = mostly(
  fc.oneof(
    fc.record({
      wasm_msg: mostly(
        fc.record({ contract_address: mostly(address), msg: mostly(fc.oneof(fc.constant('{"x":{}}'), text)) }),
      ),
    }),
    fc.record({
      autpilot_msg: mostly(
        fc.record({ action: mostly(fc.constantFrom('LIQUID_STAKE', 'CLAIM', 'NOPE')), receiver: mostly(address) }),
      ),
    }),
  ),
);
/** Operations of real routes (a transfer, a swap), each field sometimes replaced by junk: /msgs must refuse, not fail. */
const REAL_OPERATIONS = [
  {
    transfer: {
      port: 'transfer',
      channel: 'channel-141',
      from_chain_id: 'cosmoshub-4',
      to_chain_id: 'osmosis-1',
      denom_in: 'uatom',
      denom_out: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      bridge_id: 'IBC',
      pfm_enabled: true,
      supports_memo: true,
      smart_relay: false,
    },
    tx_index: 0,
    amount_in: '1000000',
    amount_out: '1000000',
  },
  {
    swap: {
      swap_in: {
        swap_venue: { name: 'osmosis-poolmanager', chain_id: 'osmosis-1' },
        swap_operations: [
          {
            pool: '1',
            denom_in: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
            denom_out: 'uosmo',
          },
        ],
        swap_amount_in: '1000000',
      },
      from_chain_id: 'osmosis-1',
      chain_id: 'osmosis-1',
      denom_in: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      denom_out: 'uosmo',
    },
    tx_index: 0,
    amount_in: '1000000',
    amount_out: '1',
  },
];
const mutate = (v: unknown): fc.Arbitrary<unknown> => {
  if (Array.isArray(v))
    return fc.oneof({ arbitrary: fc.tuple(...v.map(mutate)), weight: 8 }, { arbitrary: json, weight: 1 });
  if (v && typeof v === 'object') {
    return fc.oneof(
      { arbitrary: fc.record(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mutate(x)]))), weight: 8 },
      { arbitrary: json, weight: 1 },
    );
  }
  return fc.oneof({ arbitrary: fc.constant(v), weight: 12 }, { arbitrary: json, weight: 1 });
};
const operations = mostly(
  fc.oneof(
    { arbitrary: fc.constantFrom([REAL_OPERATIONS[0]], REAL_OPERATIONS), weight: 3 },
    { arbitrary: fc.oneof(mutate([REAL_OPERATIONS[0]]), mutate(REAL_OPERATIONS)), weight: 3 },
    { arbitrary: fc.array(json, { maxLength: 3 }), weight: 1 },
  ),
);

interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  response: TSchema;
  /** A plausible request (query parameters or body): right names, mostly right kinds of values. */
  request: fc.Arbitrary<Record<string, unknown>>;
}

const assetsBetween = fc.record({
  source_chain_id: mostly(chainId),
  dest_chain_id: mostly(chainId),
  include_no_metadata_assets: flag,
  include_cw20_assets: flag,
  include_evm_assets: flag,
  allow_multi_tx: flag,
});

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    path: '/v2/info/chains',
    response: ChainsResponse,
    request: fc.record({
      chain_ids: list(chainId),
      include_evm: flag,
      include_svm: flag,
      only_testnets: flag,
      client_id: mostly(text),
    }),
  },
  {
    method: 'GET',
    path: '/v2/info/bridges',
    response: BridgesResponse,
    request: fc.dictionary(fc.string(), text, { maxKeys: 3 }),
  },
  { method: 'GET', path: '/v2/fungible/venues', response: VenuesResponse, request: fc.record({ only_testnets: flag }) },
  {
    method: 'GET',
    path: '/v2/fungible/assets',
    response: AssetsResponse,
    request: fc.record({
      chain_ids: list(chainId),
      native_only: flag,
      include_no_metadata_assets: flag,
      include_cw20_assets: flag,
      include_evm_assets: flag,
      include_svm_assets: flag,
      only_testnets: flag,
    }),
  },
  {
    method: 'GET',
    path: '/v2/fungible/assets_between_chains',
    response: AssetsBetweenChainsResponse,
    request: assetsBetween,
  },
  {
    method: 'POST',
    path: '/v2/fungible/assets_between_chains',
    response: AssetsBetweenChainsResponse,
    request: assetsBetween,
  },
  {
    method: 'POST',
    path: '/v2/fungible/assets_from_source',
    response: AssetsFromSourceResponse,
    request: holding.chain((h) =>
      fc.record({
        source_asset_chain_id: mostly(fc.constant(h[0])),
        source_asset_denom: mostly(fc.constant(h[1])),
        allow_multi_tx: flag,
        recommendation_reason: reason,
        include_swaps: flag,
        swap_venues: list(fc.record({ name: mostly(text), chain_id: mostly(chainId) })),
        native_only: flag,
        group_by: mostly(fc.option(text, { nil: null })),
        include_cw20_assets: flag,
      }),
    ),
  },
  {
    method: 'POST',
    path: '/v2/fungible/recommend_assets',
    response: RecommendAssetsResponse,
    request: fc.record({
      requests: list(
        holding.chain(([c, d]) =>
          fc.record({
            source_asset_chain_id: nearly(fc.constant(c)),
            source_asset_denom: nearly(fc.constant(d)),
            dest_chain_id: nearly(fc.option(chainId, { nil: null })),
            reason: nearly(fc.constantFrom('UNKNOWN', 'MOST_LIQUID', 'BASE_TOKEN', 'DIRECT', 'CHEAPEST', null)),
          }),
        ),
      ),
    }),
  },
  {
    method: 'POST',
    path: '/v2/fungible/ibc_origin_assets',
    response: IbcOriginAssetsResponse,
    request: fc.record({
      assets: list(
        holding.chain(([c, d]) => fc.record({ chain_id: nearly(fc.constant(c)), denom: nearly(fc.constant(d)) })),
      ),
    }),
  },
  {
    method: 'GET',
    path: '/health',
    response: HealthResponse,
    request: fc.dictionary(fc.string(), text, { maxKeys: 3 }),
  },
  { method: 'POST', path: '/v2/fungible/route', response: Route, request: routeFields },
  {
    method: 'POST',
    path: '/v2/fungible/msgs',
    response: MsgsResponse,
    request: fc.record({
      source_asset_chain_id: nearly(fc.constant('cosmoshub-4')),
      source_asset_denom: nearly(fc.constant('uatom')),
      dest_asset_chain_id: nearly(fc.constantFrom('osmosis-1')),
      dest_asset_denom: nearly(
        fc.constantFrom('ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2', 'uosmo'),
      ),
      amount_in: nearly(amount),
      amount_out: nearly(amount),
      address_list: mostly(
        fc.oneof(fc.constant([ADDRESSES['cosmoshub-4'], ADDRESSES['osmosis-1']]), fc.array(address, { maxLength: 3 })),
      ),
      operations,
      slippage_tolerance_percent: mostly(fc.constantFrom('1', '0.5', '0', '100', 'x', '-1')),
      timeout_seconds: mostly(fc.constantFrom('300', '0', '1', '99999999999', 'x')),
      chain_ids_to_affiliates: affiliates,
      post_route_handler: postHandler,
    }),
  },
  {
    method: 'POST',
    path: '/v2/fungible/msgs_direct',
    response: MsgsDirectResponse,
    request: routeFields.chain((r) =>
      fc.record({
        ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, fc.constant(v)])),
        chain_ids_to_addresses: mostly(
          fc.oneof(fc.constant(ADDRESSES), fc.dictionary(chainId, address, { maxKeys: 3 })),
        ),
        slippage_tolerance_percent: mostly(fc.constantFrom('1', '0.5', 'x')),
        timeout_seconds: mostly(fc.constantFrom('300', 'x')),
        chain_ids_to_affiliates: affiliates,
        post_route_handler: postHandler,
      }),
    ),
  },
];

/** A body: a plausible request, any JSON value, or raw (often malformed) text. */
const bodyFor = (e: Endpoint) =>
  fc.oneof(
    { arbitrary: e.request.map((o) => JSON.stringify(o)), weight: 12 },
    { arbitrary: json.map((v) => JSON.stringify(v) ?? 'null'), weight: 2 },
    { arbitrary: fc.string(), weight: 1 },
    {
      arbitrary: fc.constantFrom('', '{', '{"a":', '[1,]', '\u0000', '{"requests":[{"source_asset_denom":"uatom"'),
      weight: 1,
    },
  );

const encodeValue = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
/** A query string: a plausible request (arrays as repeated keys), junk keys, malformed percent escapes. */
const queryFor = (e: Endpoint) => {
  const plausible = e.request.map((o) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}=${encodeValue(x)}`) : [`${k}=${encodeValue(v)}`])),
  );
  const junk = fc.array(
    fc
      .tuple(
        fc
          .oneof(
            fc.constantFrom('chain_ids', 'chain_ids[]', 'source_chain_id', 'include_evm', 'client_id'),
            fc.string({ maxLength: 8 }),
          )
          .map(encodeURIComponent),
        fc.oneof(
          text.map(encodeURIComponent),
          fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', 'a%20b', '+', '=', '%26', 'true&true'),
        ),
      )
      .map(([k, v]) => `${k}=${v}`),
    { maxLength: 3 },
  );
  return fc
    .tuple(fc.oneof({ arbitrary: plausible, weight: 4 }, { arbitrary: fc.constant<string[]>([]), weight: 1 }), junk)
    .map(([a, b]) => [...a, ...b].join('&'));
};

const contentType = fc.oneof(
  { arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'), weight: 4 },
  {
    arbitrary: fc.constantFrom<string | undefined>('text/plain', 'application/x-www-form-urlencoded', undefined),
    weight: 1,
  },
);

function checkResponse(e: Endpoint, res: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
  expect(res.statusCode, `${e.method} ${e.path}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(res.body);
  if (res.statusCode === 200) {
    expectSchema(e.response, body);
    return;
  }
  expectSchema(ErrorBody, body);
  const { code, message } = body as { code: GrpcCode; message: string };
  // An oversized body is HTTP's 413 with the wire's invalid-argument code; every other error maps by its code.
  // A path that exists but not for this method is HTTP's 405 with the wire's unimplemented code.
  if (res.statusCode === 413) expect({ code, message }).toEqual({ code: 3, message: 'request body is too large' });
  else if (res.statusCode === 405) expect(code).toBe(12);
  // A body that is not JSON is HTTP's 415 with the wire's invalid-argument code.
  else if (res.statusCode === 415)
    expect({ code, message }).toMatchObject({ code: 3, message: expect.stringMatching(/^unsupported content-type/) });
  else expect(HTTP_STATUS_OF[code]).toBe(res.statusCode);
}

describe('random input never makes an endpoint fail', () => {
  for (const e of ENDPOINTS) {
    it(`${e.method} ${e.path}`, async () => {
      const statuses = new Map<number, number>();
      let handled = 0;
      await fc.assert(
        fc.asyncProperty(queryFor(e), bodyFor(e), contentType, async (query, body, type) => {
          const url = query ? `${e.path}?${query}` : e.path;
          const headers = type ? { 'content-type': type } : {};
          const res = await t.app.inject(
            e.method === 'GET' ? { method: 'GET', url, headers } : { method: 'POST', url, payload: body, headers },
          );
          checkResponse(e, res);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          // Answers from the handler itself: a success, a not-found, or a refusal other than schema validation.
          const message = (JSON.parse(res.body) as { message?: string }).message ?? '';
          if (
            res.statusCode === 200 ||
            res.statusCode === 404 ||
            !/^(invalid field|missing required|invalid query|unknown field|malformed JSON|unsupported content-type)/.test(
              message,
            )
          )
            handled++;
        }),
        fuzzParameters(e.path === '/v2/fungible/assets' ? Math.ceil(RUNS / 4) : RUNS),
      );
      // The generators must reach the handler, not only the validator.
      expect(handled, JSON.stringify([...statuses])).toBeGreaterThan(0);
    });
  }
});
