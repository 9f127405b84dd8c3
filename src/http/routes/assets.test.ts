/**
 * The fungible asset endpoints through the real app (wire reference sections 3.5-3.9, 4.1): assets,
 * assets_between_chains (GET and POST), assets_from_source, recommend_assets, ibc_origin_assets.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ibcDenomOfPath } from '../../denom/trace.js';
import type { Asset } from '../../wire/asset.js';
import {
  AssetsBetweenChainsResponse,
  AssetsFromSourceResponse,
  AssetsResponse,
  IbcOriginAssetsResponse,
  RecommendAssetsResponse,
} from '../../wire/info.js';
import { buildTestApp, expectError, expectSchema, okBody, post, type TestApp } from '../test-helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
// axlUSDC: on Kujira (no packet forwarding) and on Osmosis; Kujira -> Axelar -> Osmosis needs two transactions.
const AXLUSDC_ON_KUJIRA = 'ibc/295548A78785A1007F232DE286149A6FF512F180AF5657780FC89C009E2C348F';
const AXLUSDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const MARBLE_CW20 = 'cw20:juno1g2g7ucurum66d42g8k5twk34yegdq8c82858gz0tq2fc75zy7khssgnhjl';

type AssetMap = Record<string, { assets: Asset[] }>;

describe('GET /v2/fungible/assets', () => {
  const assets = async (query = '') =>
    okBody<{ chain_to_assets_map: AssetMap }>(
      await t.app.inject({ method: 'GET', url: `/v2/fungible/assets${query}` }),
      AssetsResponse,
    ).chain_to_assets_map;

  it('lists every Cosmos chain by default, with ATOM on Osmosis as the Skip API describes it', async () => {
    const map = await assets();
    const chains = Object.keys(map);
    expect(chains.length).toBeGreaterThan(150);
    expect(chains).not.toContain('1');
    expect(chains).not.toContain('solana');
    expect(map['osmosis-1']!.assets.find((a) => a.denom === ATOM_ON_OSMOSIS)).toMatchObject({
      denom: ATOM_ON_OSMOSIS,
      chain_id: 'osmosis-1',
      origin_denom: 'uatom',
      origin_chain_id: 'cosmoshub-4',
      trace: 'transfer/channel-0',
      is_cw20: false,
      is_evm: false,
      is_svm: false,
      symbol: 'ATOM',
      decimals: 6,
    });
    expect(map['cosmoshub-4']!.assets.find((a) => a.denom === 'uatom')).toMatchObject({
      trace: '',
      origin_chain_id: 'cosmoshub-4',
    });
    // Defaults: no CW20, metadata present.
    const all = Object.values(map).flatMap((l) => l.assets);
    expect(all.some((a) => a.is_cw20)).toBe(false);
    expect(all.every((a) => typeof a.symbol === 'string' && typeof a.decimals === 'number')).toBe(true);
  });

  it('limits to repeated chain_ids, and a single chain_ids key', async () => {
    expect(Object.keys(await assets('?chain_ids=osmosis-1&chain_ids=cosmoshub-4')).sort()).toEqual([
      'cosmoshub-4',
      'osmosis-1',
    ]);
    expect(Object.keys(await assets('?chain_ids=noble-1'))).toEqual(['noble-1']);
    expect((await assets('?chain_ids=noble-1'))['noble-1']!.assets.map((a) => a.denom)).toContain('uusdc');
  });

  it('adds EVM chains and tokens with include_evm_assets=true and Solana with include_svm_assets=true', async () => {
    const evm = await assets('?include_evm_assets=true');
    expect(evm['1']!.assets.find((a) => a.denom === USDC_ETHEREUM)).toMatchObject({
      chain_id: '1',
      is_evm: true,
      symbol: 'USDC',
      decimals: 6,
      token_contract: USDC_ETHEREUM,
      origin_chain_id: '1',
      origin_denom: USDC_ETHEREUM,
      trace: '',
    });
    expect(evm['1']!.assets.find((a) => a.denom === 'ethereum-native')).toMatchObject({ symbol: 'ETH', decimals: 18 });
    expect(evm['solana']).toBeUndefined();
    const svm = await assets('?include_svm_assets=true');
    expect(svm['solana']!.assets.find((a) => a.denom === USDC_SOLANA)).toMatchObject({ is_svm: true, decimals: 6 });
    expect(svm['1']).toBeUndefined();
  });

  it('native_only=true keeps only assets native to their chain', async () => {
    const map = await assets('?native_only=true&chain_ids=osmosis-1&chain_ids=cosmoshub-4');
    const osmosis = map['osmosis-1']!.assets;
    expect(osmosis.map((a) => a.denom)).toContain('uosmo');
    expect(osmosis.map((a) => a.denom)).not.toContain(ATOM_ON_OSMOSIS);
    expect(
      Object.values(map)
        .flatMap((l) => l.assets)
        .every((a) => a.trace === '' && a.origin_chain_id === a.chain_id),
    ).toBe(true);
  });

  it('include_cw20_assets=true adds CW20 tokens (MARBLE on Juno)', async () => {
    expect((await assets('?chain_ids=juno-1'))['juno-1']!.assets.map((a) => a.denom)).not.toContain(MARBLE_CW20);
    const marble = (await assets('?chain_ids=juno-1&include_cw20_assets=true'))['juno-1']!.assets.find(
      (a) => a.denom === MARBLE_CW20,
    );
    expect(marble).toMatchObject({ is_cw20: true, token_contract: MARBLE_CW20.slice('cw20:'.length) });
  });

  it('include_no_metadata_assets=true never lists fewer assets; false equals the default', async () => {
    const plain = await assets('?chain_ids=osmosis-1');
    const withNoMeta = await assets('?chain_ids=osmosis-1&include_no_metadata_assets=true');
    expect(withNoMeta['osmosis-1']!.assets.length).toBeGreaterThanOrEqual(plain['osmosis-1']!.assets.length);
    expect(await assets('?chain_ids=osmosis-1&include_no_metadata_assets=false&native_only=false')).toEqual(plain);
  });

  it('only_testnets=true is an empty map', async () => {
    expect(await assets('?only_testnets=true')).toEqual({});
  });

  it('every asset of the full listing (all chain types) matches the wire schema and names its own chain', async () => {
    const map = await assets('?include_evm_assets=true&include_svm_assets=true&include_cw20_assets=true');
    expect(Object.keys(map).length).toBe(t.ctx.registry.chains.size);
    for (const [chainId, { assets: list }] of Object.entries(map))
      for (const a of list) expect(a.chain_id).toBe(chainId);
  });

  it('accepts the captured Skip listing under the same schema', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../../../test/fixtures/skip-go-api/assets-subset.json', import.meta.url), 'utf8'),
    ) as unknown;
    expectSchema(AssetsResponse, fixture);
  });

  it('sends the whole listing gzipped to a client that accepts gzip (as fetch does), the same JSON once inflated', async () => {
    const url = '/v2/fungible/assets?include_evm_assets=true&include_svm_assets=true';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const zipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(String(zipped.headers['content-type'])).toMatch(/^application\/json/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    // Refused gzip, or a listing for named chains (rendered per request), is sent as is.
    expect(
      (await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip;q=0, identity' } })).headers[
        'content-encoding'
      ],
    ).toBeUndefined();
    const named = await t.app.inject({
      method: 'GET',
      url: '/v2/fungible/assets?chain_ids=osmosis-1',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(named.headers['content-encoding']).toBeUndefined();
    expect(Object.keys(named.json().chain_to_assets_map)).toEqual(['osmosis-1']);
  });

  it('serves every filter combination of the cached listings consistently with the per-chain rendering', async () => {
    for (const q of [
      '',
      '?native_only=true',
      '?include_cw20_assets=true&include_evm_assets=true',
      '?include_svm_assets=true&include_no_metadata_assets=true',
    ]) {
      const whole = (await assets(q)) as AssetMap;
      const sep = q ? '&' : '?';
      const some = (await assets(`${q}${sep}chain_ids=osmosis-1&chain_ids=juno-1`)) as AssetMap;
      expect(some['osmosis-1']).toEqual(whole['osmosis-1']);
      expect(some['juno-1']).toEqual(whole['juno-1']);
    }
  });

  it('rejects an unknown chain id and a malformed boolean, naming the parameter', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/v2/fungible/assets?chain_ids=osmosis-2' }),
      400,
      3,
      /chain_ids.*osmosis-2/,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/v2/fungible/assets?native_only=si' }),
      400,
      3,
      'native_only',
    );
  });
});

describe('/v2/fungible/assets_between_chains', () => {
  type Pair = { asset_on_source: Asset; asset_on_dest: Asset; txs_required: number; bridges: string[] };
  const between = async (params: Record<string, string | boolean>, method: 'GET' | 'POST' = 'GET') => {
    const res =
      method === 'GET'
        ? await t.app.inject({
            method: 'GET',
            url: '/v2/fungible/assets_between_chains',
            query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
          })
        : await post(t.app, '/v2/fungible/assets_between_chains', params);
    return okBody<{ assets_between_chains: Pair[] }>(res, AssetsBetweenChainsResponse).assets_between_chains;
  };

  it('Hub -> Osmosis pairs uatom with the ATOM voucher over IBC in one transaction (GET as the SDK sends it)', async () => {
    const pairs = await between({ source_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' });
    const atom = pairs.find((p) => p.asset_on_source.denom === 'uatom');
    expect(atom).toMatchObject({
      asset_on_source: { denom: 'uatom', chain_id: 'cosmoshub-4' },
      asset_on_dest: { denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1', trace: 'transfer/channel-0' },
      txs_required: 1,
      bridges: ['IBC'],
    });
    for (const p of pairs) {
      expect(p.asset_on_source.chain_id).toBe('cosmoshub-4');
      expect(p.asset_on_dest.chain_id).toBe('osmosis-1');
      expect([p.asset_on_source.origin_chain_id, p.asset_on_source.origin_denom]).toEqual([
        p.asset_on_dest.origin_chain_id,
        p.asset_on_dest.origin_denom,
      ]);
    }
  });

  it('POST with a JSON body gives the same answer as GET', async () => {
    const q = { source_chain_id: 'osmosis-1', dest_chain_id: 'cosmoshub-4' };
    const viaGet = await between(q, 'GET');
    expect(await between(q, 'POST')).toEqual(viaGet);
    expect(viaGet.find((p) => p.asset_on_source.denom === ATOM_ON_OSMOSIS)?.asset_on_dest.denom).toBe('uatom');
  });

  it('allow_multi_tx=true adds routes needing several transactions (axlUSDC Kujira -> Osmosis via Axelar)', async () => {
    const q = { source_chain_id: 'kaiyo-1', dest_chain_id: 'osmosis-1' };
    const single = await between(q);
    expect(single.find((p) => p.asset_on_source.denom === AXLUSDC_ON_KUJIRA)).toBeUndefined();
    expect(single.every((p) => p.txs_required === 1)).toBe(true);
    const multi = await between({ ...q, allow_multi_tx: true });
    expect(multi.find((p) => p.asset_on_source.denom === AXLUSDC_ON_KUJIRA)).toMatchObject({
      asset_on_dest: { denom: AXLUSDC_ON_OSMOSIS, origin_chain_id: 'axelar-dojo-1', origin_denom: 'uusdc' },
      txs_required: 2,
      bridges: ['IBC'],
    });
    expect(multi.length).toBeGreaterThan(single.length);
    expect(await between({ ...q, allow_multi_tx: false })).toEqual(single);
  });

  it('lane bridges: USDC between Noble, Ethereum and Solana over CCTP (V2 where both ends have it); a pair of chains with no transfer gives []', async () => {
    const usdc = {
      '1': '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      'noble-1': 'uusdc',
      solana: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    } as Record<string, string>;
    for (const [from, to, bridge] of [
      ['noble-1', '1', 'CCTP'],
      ['1', 'noble-1', 'CCTP'],
      ['1', 'solana', 'CCTP_V2'],
      ['solana', 'noble-1', 'CCTP'],
    ] as const) {
      const entries = (await between({ source_chain_id: from, dest_chain_id: to })) as {
        asset_on_source: { denom: string };
        asset_on_dest: { denom: string };
        txs_required: number;
        bridges: string[];
      }[];
      expect(
        entries.map((e) => [e.asset_on_source.denom, e.asset_on_dest.denom, e.txs_required, e.bridges]),
        `${from} → ${to}`,
      ).toContainEqual([usdc[from], usdc[to], 1, [bridge]]);
    }
    expect(await between({ source_chain_id: '56', dest_chain_id: 'solana' })).toEqual([]);
    expect(await between({ source_chain_id: '56', dest_chain_id: 'solana', include_evm_assets: true })).toEqual([]);
  });

  it('a missing chain id is code 3 naming the parameter; an unknown chain is 404 code 5', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4' }),
      400,
      3,
      'dest_chain_id',
    );
    expectError(
      await post(t.app, '/v2/fungible/assets_between_chains', { dest_chain_id: 'osmosis-1' }),
      400,
      3,
      'source_chain_id',
    );
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-2',
      }),
      404,
      5,
      /dest chain not found/,
    );
    expectError(
      await post(t.app, '/v2/fungible/assets_between_chains', {
        source_chain_id: 'cosmoshub-5',
        dest_chain_id: 'osmosis-1',
      }),
      404,
      5,
      /source chain not found/,
    );
  });

  it('GET coerces "true"/"false" but a JSON body must carry real booleans and strings', async () => {
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/v2/fungible/assets_between_chains?source_chain_id=cosmoshub-4&dest_chain_id=osmosis-1&allow_multi_tx=sometimes',
      }),
      400,
      3,
      'allow_multi_tx',
    );
    expectError(
      await post(t.app, '/v2/fungible/assets_between_chains', {
        source_chain_id: 'cosmoshub-4',
        dest_chain_id: 'osmosis-1',
        allow_multi_tx: 'true',
      }),
      400,
      3,
      'allow_multi_tx',
    );
    expectError(
      await post(t.app, '/v2/fungible/assets_between_chains', { source_chain_id: 118, dest_chain_id: 'osmosis-1' }),
      400,
      3,
      'source_chain_id',
    );
  });
});

describe('POST /v2/fungible/assets_from_source', () => {
  const fromSource = async (body: Record<string, unknown>) =>
    okBody<{ dest_assets: AssetMap }>(
      await post(t.app, '/v2/fungible/assets_from_source', body),
      AssetsFromSourceResponse,
    ).dest_assets;

  it('USDC on Noble reaches USDC on every CCTP chain in one transaction, and on Osmosis by IBC', async () => {
    const dest = await fromSource({ source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1' });
    for (const [chain, denom] of [
      ['1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
      ['8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
      ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
      ['osmosis-1', USDC_ON_OSMOSIS],
    ] as const) {
      expect(
        dest[chain]?.assets.map((a) => a.denom),
        chain,
      ).toContain(denom);
    }
  });

  it('uatom on the Hub reaches the ATOM voucher on Osmosis, and only ATOM', async () => {
    const dest = await fromSource({ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4' });
    expect(dest['osmosis-1']!.assets.map((a) => a.denom)).toEqual([ATOM_ON_OSMOSIS]);
    expect(dest['cosmoshub-4']).toBeUndefined();
    const all = Object.values(dest).flatMap((l) => l.assets);
    expect(all.length).toBeGreaterThan(10);
    expect(all.every((a) => a.origin_chain_id === 'cosmoshub-4' && a.origin_denom === 'uatom')).toBe(true);
  });

  it('a voucher reaches its origin (ATOM on Osmosis -> uatom on the Hub); native_only keeps only that', async () => {
    const dest = await fromSource({ source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1' });
    expect(dest['cosmoshub-4']!.assets.map((a) => a.denom)).toEqual(['uatom']);
    const native = await fromSource({
      source_asset_denom: ATOM_ON_OSMOSIS,
      source_asset_chain_id: 'osmosis-1',
      native_only: true,
    });
    expect(Object.keys(native)).toEqual(['cosmoshub-4']);
  });

  it('allow_multi_tx=true adds destinations needing several transactions', async () => {
    const single = await fromSource({ source_asset_denom: AXLUSDC_ON_KUJIRA, source_asset_chain_id: 'kaiyo-1' });
    const multi = await fromSource({
      source_asset_denom: AXLUSDC_ON_KUJIRA,
      source_asset_chain_id: 'kaiyo-1',
      allow_multi_tx: true,
    });
    expect(single['osmosis-1']).toBeUndefined();
    // Also reachable now: other assets over Axelar and CCTP, in several transactions.
    expect(multi['osmosis-1']!.assets.map((a) => a.denom)).toContain(AXLUSDC_ON_OSMOSIS);
    expect(single['axelar-dojo-1']!.assets.map((a) => a.denom)).toEqual(['uusdc']);
  });

  it('accepts the optional fields the OpenAPI lists (defaults, nulls, swap venues)', async () => {
    const dest = await fromSource({
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      allow_multi_tx: false,
      recommendation_reason: null,
      include_swaps: false,
      swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }],
      native_only: false,
      group_by: null,
      include_cw20_assets: false,
    });
    expect(dest['osmosis-1']!.assets[0]!.denom).toBe(ATOM_ON_OSMOSIS);
  });

  it('refuses a body that is not sent as JSON (curl -d without a content type) with 415, naming the type', async () => {
    const res = await post(
      t.app,
      '/v2/fungible/assets_from_source',
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 3, message: expect.stringMatching(/^unsupported content-type/) });
  });

  it.each<[string, unknown, RegExp | string]>([
    ['malformed JSON', '{"source_asset_denom": "uatom",', /malformed JSON/],
    ['an empty body', '', 'source_asset_denom'],
    ['an array body', '[]', /must be object/],
    ['a missing source_asset_chain_id', { source_asset_denom: 'uatom' }, 'source_asset_chain_id'],
    [
      'a number for source_asset_denom',
      { source_asset_denom: 7, source_asset_chain_id: 'cosmoshub-4' },
      /source_asset_denom.*string/,
    ],
    [
      'a string for allow_multi_tx',
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', allow_multi_tx: 'yes' },
      /allow_multi_tx.*boolean/,
    ],
    ['an empty denom', { source_asset_denom: '', source_asset_chain_id: 'cosmoshub-4' }, 'source_asset_denom'],
    [
      'an unknown chain',
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-3' },
      /source_asset_chain_id.*cosmoshub-3/,
    ],
    [
      'an unknown denom',
      { source_asset_denom: 'uatomz', source_asset_chain_id: 'cosmoshub-4' },
      /source_asset_denom.*uatomz/,
    ],
    [
      'an unknown ibc/ hash',
      { source_asset_denom: `ibc/${'0'.repeat(64)}`, source_asset_chain_id: 'osmosis-1' },
      'source_asset_denom',
    ],
    [
      'an unknown reason',
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', recommendation_reason: 'CHEAPEST' },
      /recommendation_reason.*MOST_LIQUID/,
    ],
    [
      'a venue without a chain',
      {
        source_asset_denom: 'uatom',
        source_asset_chain_id: 'cosmoshub-4',
        swap_venues: [{ name: 'osmosis-poolmanager' }],
      },
      'swap_venues[0].chain_id',
    ],
  ])('rejects %s with code 3 naming the problem', async (_what, body, message) => {
    expectError(await post(t.app, '/v2/fungible/assets_from_source', body), 400, 3, message);
  });
});

describe('POST /v2/fungible/recommend_assets', () => {
  type Entry = { recommendations: { asset: Asset; reason: string }[]; error: { message: string } | null };
  const recommend = async (requests: unknown[]) =>
    okBody<{ recommendation_entries: Entry[] }>(
      await post(t.app, '/v2/fungible/recommend_assets', { requests }),
      RecommendAssetsResponse,
    ).recommendation_entries;

  it('recommends the ATOM voucher on Osmosis for uatom from the Hub', async () => {
    const [entry] = await recommend([
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' },
    ]);
    expect(entry).toEqual({
      recommendations: [
        { asset: expect.objectContaining({ denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' }), reason: 'DIRECT' },
      ],
      error: null,
    });
  });

  it('recommends USDC on Base for USDC from Noble (over CCTP)', async () => {
    const [entry] = await recommend([
      { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_chain_id: '8453' },
    ]);
    expect(entry!.recommendations.map((r) => [r.asset.chain_id, r.asset.denom])).toEqual([
      ['8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'],
    ]);
  });

  it('without a destination, recommends the origin asset on its origin chain', async () => {
    const [entry] = await recommend([
      { source_asset_denom: ATOM_ON_OSMOSIS, source_asset_chain_id: 'osmosis-1', dest_chain_id: null, reason: null },
    ]);
    expect(entry?.recommendations).toEqual([
      { asset: expect.objectContaining({ denom: 'uatom', chain_id: 'cosmoshub-4' }), reason: 'BASE_TOKEN' },
    ]);
  });

  it('answers one entry per request, in order, with a per-entry error for the bad one', async () => {
    const entries = await recommend([
      { source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' },
      { source_asset_denom: 'uatomz', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'osmosis-1' },
      { source_asset_denom: 'uusdc', source_asset_chain_id: 'noble-1', dest_chain_id: 'osmosis-1', reason: 'DIRECT' },
    ]);
    expect(entries).toHaveLength(3);
    expect(entries[0]!.recommendations[0]!.asset.denom).toBe(ATOM_ON_OSMOSIS);
    expect(entries[1]).toEqual({ recommendations: [], error: { message: expect.stringContaining('uatomz') } });
    expect(entries[2]!.recommendations[0]!.asset).toMatchObject({
      denom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4',
      symbol: 'USDC',
    });
  });

  it('recommends the IBC Eureka ERC-20 on Ethereum for ATOM on the Hub', async () => {
    const res = await post(t.app, '/v2/fungible/recommend_assets', {
      requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: '1' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.stringify(res.json())).toContain('0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3');
  });

  it('is 404 code 5 when nothing can be recommended', async () => {
    expectError(
      // ATOM has no holding on Solana that any bridge reaches.
      await post(t.app, '/v2/fungible/recommend_assets', {
        requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_chain_id: 'solana' }],
      }),
      404,
      5,
      /no recommendation found/,
    );
  });

  it.each<[string, unknown, string | RegExp]>([
    ['no requests field', {}, 'requests'],
    ['an empty requests array', { requests: [] }, 'requests'],
    [
      'a request without a source denom',
      { requests: [{ source_asset_chain_id: 'cosmoshub-4' }] },
      'requests[0].source_asset_denom',
    ],
    [
      'an unknown reason',
      { requests: [{ source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', reason: 'FASTEST' }] },
      'requests[0].reason',
    ],
    ['requests as an object', { requests: { source_asset_denom: 'uatom' } }, /requests.*array/],
  ])('rejects %s with code 3', async (_what, body, message) => {
    expectError(await post(t.app, '/v2/fungible/recommend_assets', body), 400, 3, message);
  });
});

describe('POST /v2/fungible/ibc_origin_assets', () => {
  type Entry = { asset: Asset; asset_found: boolean };
  const origins = async (assets: unknown[]) =>
    okBody<{ origin_assets: Entry[] }>(
      await post(t.app, '/v2/fungible/ibc_origin_assets', { assets }),
      IbcOriginAssetsResponse,
    ).origin_assets;

  it('gives the origin of each denom, in order, flagging those it cannot resolve', async () => {
    const unknownHash = `ibc/${'A'.repeat(64)}`;
    // ATOM sent on from Osmosis to Neutron: not in any asset list, derived from the Osmosis voucher.
    const atomOnNeutronViaOsmosis = ibcDenomOfPath('transfer/channel-10/transfer/channel-0/uatom');
    const entries = await origins([
      { denom: ATOM_ON_OSMOSIS, chain_id: 'osmosis-1' },
      { denom: 'uosmo', chain_id: 'osmosis-1' },
      { denom: unknownHash, chain_id: 'osmosis-1' },
      { denom: 'uatom', chain_id: 'cosmoshub-5' },
      { denom: atomOnNeutronViaOsmosis, chain_id: 'neutron-1' },
      { denom: 'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB', chain_id: 'osmosis-1' },
    ]);
    expect(entries.map((e) => [e.asset_found, e.asset.chain_id, e.asset.denom])).toEqual([
      [true, 'cosmoshub-4', 'uatom'],
      [true, 'osmosis-1', 'uosmo'],
      [false, 'osmosis-1', unknownHash],
      [false, 'cosmoshub-5', 'uatom'],
      [true, 'cosmoshub-4', 'uatom'],
      [true, '1', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599'],
    ]);
    expect(entries[0]!.asset).toMatchObject({ symbol: 'ATOM', decimals: 6, trace: '' });
  });

  it.each<[string, unknown, string | RegExp]>([
    ['an empty list', { assets: [] }, 'assets'],
    ['a missing denom', { assets: [{ chain_id: 'osmosis-1' }] }, 'assets[0].denom'],
    ['a missing chain id', { assets: [{ denom: 'uosmo' }] }, 'assets[0].chain_id'],
    ['a null entry', { assets: [null] }, 'assets[0]'],
    [
      'too many assets',
      { assets: Array.from({ length: 1001 }, () => ({ denom: 'uosmo', chain_id: 'osmosis-1' })) },
      'assets',
    ],
  ])('rejects %s with code 3', async (_what, body, message) => {
    expectError(await post(t.app, '/v2/fungible/ibc_origin_assets', body), 400, 3, message);
  });
});
