/** GET /v2/info/chains and GET /v2/info/bridges through the real app (wire reference sections 3.1, 3.3, 4.2). */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgesResponse, ChainsResponse } from '../../wire/info.js';
import { buildTestApp, expectError, expectSchema, okBody, type TestApp } from '../test-helpers/app.js';
import type { Chain } from '../../wire/chain.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

const EVM = ['1', '10', '130', '1329', '137', '146', '42161', '43114', '480', '56', '59144', '8453'];

async function chains(query: string): Promise<Chain[]> {
  const res = await t.app.inject({ method: 'GET', url: `/v2/info/chains${query}` });
  return okBody<{ chains: Chain[] }>(res, ChainsResponse).chains;
}
const idsOf = (list: Chain[]) => list.map((c) => c.chain_id);

describe('GET /v2/info/chains', () => {
  it('lists the mainnet Cosmos chains by default, Osmosis and the Hub with their facts', async () => {
    const list = await chains('');
    expect(list.length).toBeGreaterThan(150);
    expect(list.every((c) => c.chain_type === 'cosmos' && !c.is_testnet)).toBe(true);
    const osmosis = list.find((c) => c.chain_id === 'osmosis-1');
    expect(osmosis).toMatchObject({
      chain_name: 'osmosis',
      pretty_name: 'Osmosis',
      chain_type: 'cosmos',
      bech32_prefix: 'osmo',
      pfm_enabled: true,
      supports_memo: true,
      ibc_capabilities: { cosmos_pfm: true, cosmos_ibc_hooks: true, cosmos_memo: true, cosmos_autopilot: false },
    });
    expect(osmosis?.fee_assets[0]).toEqual({
      denom: 'uosmo',
      gas_price: { low: '0.03', average: '0.1', high: '0.16' },
    });
    expect(list.find((c) => c.chain_id === 'dydx-mainnet-1')).toMatchObject({
      pfm_enabled: false,
      bech32_prefix: 'dydx',
    });
    expect(list.find((c) => c.chain_id === 'cosmoshub-4')).toMatchObject({
      chain_name: 'cosmoshub',
      bech32_prefix: 'cosmos',
      pfm_enabled: true,
    });
  });

  it('adds the EVM chains with include_evm=true and Solana with include_svm=true', async () => {
    const base = idsOf(await chains(''));
    const evm = idsOf(await chains('?include_evm=true'));
    expect(evm.filter((id) => !base.includes(id)).sort()).toEqual(EVM);
    const svm = idsOf(await chains('?include_svm=true'));
    expect(svm.filter((id) => !base.includes(id))).toEqual(['solana']);
    const both = await chains('?include_evm=true&include_svm=true');
    expect(both.length).toBe(base.length + EVM.length + 1);
    const eth = both.find((c) => c.chain_id === '1');
    expect(eth).toMatchObject({
      chain_name: 'ethereum',
      chain_type: 'evm',
      bech32_prefix: '',
      pfm_enabled: false,
      supports_memo: false,
    });
    expect(both.find((c) => c.chain_id === 'solana')).toMatchObject({ chain_type: 'svm', pretty_name: 'Solana' });
  });

  it('reads false as false', async () => {
    expect(idsOf(await chains('?include_evm=false&include_svm=false&only_testnets=false'))).toEqual(
      idsOf(await chains('')),
    );
  });

  it('returns exactly the chain_ids asked for (repeated keys, one key, any chain type)', async () => {
    expect(idsOf(await chains('?chain_ids=osmosis-1&chain_ids=cosmoshub-4'))).toEqual(['osmosis-1', 'cosmoshub-4']);
    expect(idsOf(await chains('?chain_ids=noble-1'))).toEqual(['noble-1']);
    expect(idsOf(await chains('?chain_ids=1&chain_ids=solana'))).toEqual(['1', 'solana']);
    expect(idsOf(await chains('?chain_ids=osmosis-1&chain_ids=osmosis-1'))).toEqual(['osmosis-1']);
  });

  it('has no testnets: only_testnets=true gives an empty list (the SDK asks for both)', async () => {
    expect(await chains('?include_evm=true&include_svm=true&only_testnets=true')).toEqual([]);
  });

  it('ignores unknown query keys such as the deprecated client_id', async () => {
    expect(idsOf(await chains('?client_id=skip-go&foo=bar'))).toEqual(idsOf(await chains('')));
  });

  it('carries every field the real Skip API sends for the same chain (captured osmosis-1 and Ethereum)', async () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../../../test/fixtures/skip-go-api/info_chains-sample.json', import.meta.url), 'utf8'),
    ) as {
      response: { body: { chains: Record<string, unknown>[] } };
    };
    const ours = await chains('?chain_ids=osmosis-1&chain_ids=1');
    for (const id of ['osmosis-1', '1']) {
      const theirs = fixture.response.body.chains.find((c) => c.chain_id === id)!;
      const mine = ours.find((c) => c.chain_id === id)! as Record<string, unknown>;
      expect(Object.keys(mine)).toEqual(expect.arrayContaining(Object.keys(theirs)));
      for (const k of [
        'chain_id',
        'chain_type',
        'bech32_prefix',
        'pfm_enabled',
        'supports_memo',
        'is_testnet',
        'ibc_capabilities',
      ]) {
        expect(mine[k], `${id}.${k}`).toEqual(theirs[k]);
      }
    }
  });

  it('fee_assets have the captured semantics: fee denoms with gas prices (osmosis-1 → uosmo), none for EVM and Solana', async () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../../../test/fixtures/skip-go-api/info_chains-sample.json', import.meta.url), 'utf8'),
    ) as {
      response: { body: { chains: { chain_id: string; fee_assets: { denom: string }[] }[] } };
    };
    const ours = await chains(
      '?chain_ids=osmosis-1&chain_ids=1&chain_ids=42161&chain_ids=solana&include_evm=true&include_svm=true',
    );
    for (const id of ['osmosis-1', '1', '42161', 'solana']) {
      const theirs = fixture.response.body.chains.find((c) => c.chain_id === id)!;
      expect(
        ours.find((c) => c.chain_id === id)!.fee_assets.map((f) => f.denom),
        id,
      ).toEqual(theirs.fee_assets.map((f) => f.denom));
    }
  });

  it('rejects a boolean that is not true/false, naming the parameter', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/v2/info/chains?include_evm=maybe' }), 400, 3, 'include_evm');
    expectError(
      await t.app.inject({ method: 'GET', url: '/v2/info/chains?only_testnets=yes' }),
      400,
      3,
      'only_testnets',
    );
  });

  it('rejects an unknown or empty chain id, naming chain_ids', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/v2/info/chains?chain_ids=osmosis-1&chain_ids=not-a-chain-1' }),
      400,
      3,
      /chain_ids.*not-a-chain-1/,
    );
    expectError(await t.app.inject({ method: 'GET', url: '/v2/info/chains?chain_ids=' }), 400, 3, 'chain_ids');
  });

  it('answers with JSON even when the SDK sends content-type: application/json on a GET without a body', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/info/chains?chain_ids=osmosis-1',
      headers: { 'content-type': 'application/json' },
    });
    expect(okBody<{ chains: Chain[] }>(res, ChainsResponse).chains[0]?.chain_id).toBe('osmosis-1');
  });
});

describe('GET /v2/info/bridges', () => {
  it('lists IBC', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/info/bridges' });
    const body = okBody<{ bridges: { id: string; name: string; logo_uri: string }[] }>(res, BridgesResponse);
    expect(body.bridges.map((b) => b.id)).toContain('IBC');
    expect(body.bridges.find((b) => b.id === 'IBC')).toMatchObject({
      name: 'IBC',
      logo_uri: expect.stringMatching(/^https:\/\//),
    });
    expect(new Set(body.bridges.map((b) => b.id)).size).toBe(body.bridges.length);
  });

  it('ignores the query entries the SDK may forward', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/v2/info/bridges?signal=x&cache=no-store' });
    const b = await t.app.inject({ method: 'GET', url: '/v2/info/bridges' });
    expect(a.json()).toEqual(b.json());
    expectSchema(BridgesResponse, a.json());
  });
});
