/** GET /v2/fungible/venues (wire reference sections 3.4, 4.3). */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VenuesResponse } from '../../wire/info.js';
import { buildTestApp, expectError, expectSchema, okBody, post, type TestApp } from '../test-helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type Venue = { name: string; chain_id: string; logo_uri?: string | null };
const venues = async (query = '') =>
  okBody<{ venues: Venue[] }>(await t.app.inject({ method: 'GET', url: `/v2/fungible/venues${query}` }), VenuesResponse)
    .venues;

describe('GET /v2/fungible/venues', () => {
  it('lists the Osmosis pool manager and Neutron Astroport on their chains', async () => {
    const list = await venues();
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }),
        expect.objectContaining({ name: 'neutron-astroport', chain_id: 'neutron-1' }),
      ]),
    );
    for (const v of list) expect(t.ctx.registry.chain(v.chain_id), v.name).toBeDefined();
  });

  it('uses the venue names the real Skip API uses (captured venues.json)', async () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../../../test/fixtures/skip-go-api/venues.json', import.meta.url), 'utf8'),
    ) as { venues: Venue[] };
    expectSchema(VenuesResponse, fixture);
    const known = new Set(fixture.venues.map((v) => `${v.name}@${v.chain_id}`));
    for (const v of await venues()) expect(known.has(`${v.name}@${v.chain_id}`), v.name).toBe(true);
  });

  it('only_testnets=true is empty, false is the mainnet list', async () => {
    expect(await venues('?only_testnets=true')).toEqual([]);
    expect(await venues('?only_testnets=false')).toEqual(await venues());
  });

  it('rejects a malformed boolean, naming it', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/v2/fungible/venues?only_testnets=2' }),
      400,
      3,
      'only_testnets',
    );
  });
});

describe('swap_venues names listed venues', () => {
  const atomToOsmo = {
    source_asset_denom: 'uatom',
    source_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uosmo',
    dest_asset_chain_id: 'osmosis-1',
    amount_in: '1000000',
  };
  const addresses = {
    'cosmoshub-4': 'cosmos1qurswpc8qurswpc8qurswpc8qurswpc8nn86qp',
    'osmosis-1': 'osmo1qurswpc8qurswpc8qurswpc8qurswpc8mg52kn',
  };
  const requests: [string, Record<string, unknown>][] = [
    ['/v2/fungible/route', atomToOsmo],
    ['/junction/routes', atomToOsmo],
    ['/v2/fungible/msgs_direct', { ...atomToOsmo, chain_ids_to_addresses: addresses }],
    ['/v2/fungible/assets_from_source', { ...atomToOsmo, include_swaps: true }],
  ];

  it.each(requests)(
    '%s refuses an unknown venue with code 3 naming the entry (not "no routes found")',
    async (url, b) => {
      for (const [i, wrong] of [
        [0, { name: 'osmosis', chain_id: 'osmosis-1' }],
        [1, { name: 'osmosis-poolmanager', chain_id: 'neutron-1' }],
      ] as const) {
        const swap_venues = [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }, wrong].slice(1 - i);
        expectError(await post(t.app, url, { ...b, swap_venues }), 400, 3, `invalid swap_venues[${i}]: no swap venue`);
      }
    },
  );

  it.each(requests)('%s accepts a listed venue', async (url, b) => {
    const res = await post(t.app, url, { ...b, swap_venues: [{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1' }] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
