/**
 * Routing endpoints behind the access layer: the operator's revenue share depends on the caller's tier (20 % with a
 * valid key, 25 % without), and quoted routes land in the key's monthly statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { createAccess, type AccessService } from '../../auth/access.js';
import { createKey } from '../../auth/keys-command.js';
import { silentLog } from '../../auth/log.js';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { readUsage } from '../../store/usage.js';
import { buildApp } from '../app.js';
import { userAddress } from '../../test-helpers/registry.js';

const OPERATOR = 'osmo1qqqsyqcyq5rqwzqfpg9scrgwpugpzysntdz28t';
let t: TestStore;
let app: FastifyInstance;
let access: AccessService;
let key: string;
let keyId: string;
let ctx: ReturnType<typeof buildContext>;

beforeAll(async () => {
  t = await sqliteTestStore();
  ctx = buildContext(loadConfig([], { OPERATOR_FEE_ADDRESSES: `osmosis-1=${OPERATOR}` }));
  const created = await createKey(t.store, 'acme');
  key = created.key;
  keyId = created.id;
  access = await createAccess(
    t.store,
    {
      anonymous: { ratePerSecond: 1000, burst: 1000 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'unused:',
    },
    silentLog,
  );
  app = await buildApp(ctx, { access });
});

afterAll(async () => {
  await app.close();
  await access.close();
  await t.cleanup();
});

const direct = (headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/v2/fungible/msgs_direct',
    headers,
    payload: {
      source_asset_denom: 'uatom',
      source_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '10000000',
      chain_ids_to_addresses: {
        'cosmoshub-4': userAddress(ctx.registry, 'cosmoshub-4'),
        'osmosis-1': userAddress(ctx.registry, 'osmosis-1'),
      },
      chain_ids_to_affiliates: {
        'osmosis-1': { affiliates: [{ address: userAddress(ctx.registry, 'osmosis-1'), basis_points_fee: '100' }] },
      },
    },
  });

function affiliatesOf(body: { txs: { cosmos_tx: { msgs: { msg: string }[] } }[] }) {
  const memo = JSON.parse(JSON.parse(body.txs[0]!.cosmos_tx.msgs[0]!.msg).memo);
  return memo.wasm.msg.swap_and_action.affiliates;
}

describe('revenue share and statistics by caller tier', () => {
  it('anonymous caller: the operator entry takes 25 of the 100 bps', async () => {
    const res = await direct({});
    expect(res.statusCode).toBe(200);
    expect(affiliatesOf(res.json())).toEqual([
      { basis_points_fee: '75', address: userAddress(ctx.registry, 'osmosis-1') },
      { basis_points_fee: '25', address: OPERATOR },
    ]);
  });

  it('keyed caller: 20 bps, and the quote is counted for the key with its USD volume and fee revenue', async () => {
    const res = await direct({ authorization: key });
    expect(res.statusCode).toBe(200);
    expect(affiliatesOf(res.json())).toEqual([
      { basis_points_fee: '80', address: userAddress(ctx.registry, 'osmosis-1') },
      { basis_points_fee: '20', address: OPERATOR },
    ]);
    await access.usage.flush();
    const [row] = await readUsage(t.store, { keyId });
    expect(row?.routes).toBe(1);
    expect(Number(row?.usdVolume)).toBeGreaterThan(0);
    expect(Number(row?.affiliateFeeUsd)).toBeGreaterThan(0);
    // The recorded volume is the exact value behind the route's two-decimal usd_amount_in.
    expect(Number(row?.usdVolume).toFixed(2)).toBe(res.json().route.usd_amount_in);
  });

  it('a keyed route whose exact USD value has 42 fractional digits is counted (rounded), not dropped', async () => {
    const before = (await readUsage(t.store, { keyId }))[0]?.routes ?? 0;
    // 0.123… WETH (18 decimals) on Osmosis: its exact USD value has 42 digits after the point.
    const res = await app.inject({
      method: 'POST',
      url: '/v2/fungible/route',
      headers: { authorization: key },
      payload: {
        source_asset_denom: 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5',
        source_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        dest_asset_chain_id: 'osmosis-1',
        amount_in: '123456789123456789',
        allow_unsafe: true,
        allow_multi_tx: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await access.usage.flush();
    const [row] = await readUsage(t.store, { keyId });
    expect(row!.routes).toBe(before + 1);
    expect(row!.usdVolume.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(12);
  });
});
