/**
 * The offline market fills real sizes: $1,000 swaps on Osmosis through `/v2/fungible/route` of the application built
 * from the default (offline) configuration, over the shipped snapshots with their recorded tick models
 * (data/pools/osmosis-1.json). What each swap loses is judged twice: by the answer's own USD figures, and by the
 * shipped price set the snapshots are re-priced to (data/prices/), independently of the service's pricing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { readDataFile } from '../registry/data-files.js';
import type { PriceSnapshotFile } from '../pricing/sources/snapshot.js';

const OSMO = 'uosmo';
const USDC = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
const TIA = 'ibc/D79E7D83AB399BFFF93433E54FAA480C191248FC556924A2A8351AE2638B3877';
const DYDX = 'ibc/831F0B1BBB1D08A2B75311892876D71565478C532967545476DF4C2D7492E48C';
const AXL_WETH = 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5';
const INJ = 'ibc/64BA6E31FE887D66C6F8F31C7B1A80C7CA179239677B4088BB55F5EA07DBE273';
const SOL_WH = 'ibc/1E43D59E565D41FB4E54CA639B838FFD5BCFC20003D330A56CB1396231AA1CBA';
const ALL_BTC = 'factory/osmo1z6r6qdknhgsc0zeracktgpcxf43j6sekq07nw8sxduc9lg0qjjlqfu25e3/alloyed/allBTC';
const WBTC_ETHEREUM = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';

const prices = readDataFile<PriceSnapshotFile>('prices/osmosis-sqs-2024-07.json').denoms;
/** USD per display unit and decimals of an Osmosis denom, from the shipped price set. */
const shipped = (denom: string) => {
  const e = prices[denom];
  if (!e) throw new Error(`no shipped price for ${denom}`);
  return { usd: Number(e.price), decimals: e.decimals };
};
/** Base units of an Osmosis denom worth `usd` at the shipped price. */
const worth = (denom: string, usd: number) => {
  const p = shipped(denom);
  return BigInt(Math.round((usd / p.usd) * 10 ** p.decimals)).toString();
};
const usdOf = (denom: string, amount: string) => {
  const p = shipped(denom);
  return (Number(amount) / 10 ** p.decimals) * p.usd;
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

interface Route {
  amount_in: string;
  amount_out: string;
  usd_amount_in?: string;
  usd_amount_out?: string;
  txs_required: number;
  does_swap: boolean;
  warning?: unknown;
  swap_venues: { name: string }[];
  operations: Record<string, unknown>[];
}

async function route(body: Record<string, unknown>): Promise<Route> {
  const res = await post(t.app, '/v2/fungible/route', body);
  expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
  return res.json() as Route;
}

/** Pools of the route's swap operations, in order. */
const poolsOf = (r: Route) =>
  r.operations.flatMap((o) => {
    const swap = o.swap as { swap_in?: Ops; swap_out?: Ops } | undefined;
    return (swap?.swap_in ?? swap?.swap_out)?.swap_operations.map((s) => s.pool) ?? [];
  });
type Ops = { swap_operations: { pool: string }[] };

/** A same-chain Osmosis swap: one transaction, safe, losing less than `maxLoss` by both measures. */
function expectFilled(r: Route, denomIn: string, denomOut: string, maxLoss: number): void {
  expect(r.does_swap).toBe(true);
  expect(r.txs_required).toBe(1);
  expect(r.warning).toBeUndefined();
  expect(r.swap_venues.map((v) => v.name)).toEqual(['osmosis-poolmanager']);
  const own = 1 - Number(r.usd_amount_out) / Number(r.usd_amount_in);
  const shippedLoss = 1 - usdOf(denomOut, r.amount_out) / usdOf(denomIn, r.amount_in);
  expect(own, `loss by the answer's USD figures`).toBeLessThan(maxLoss);
  expect(shippedLoss, `loss at the shipped prices`).toBeLessThan(maxLoss);
  // A loss, never a gain: the pools price each other consistently (fees and impact only).
  expect(shippedLoss).toBeGreaterThan(0);
}

const onOsmosis = (denomIn: string, denomOut: string, amount: Record<string, string>) => ({
  source_asset_chain_id: 'osmosis-1',
  source_asset_denom: denomIn,
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: denomOut,
  ...amount,
});

/** $1,000 of `token` → USDC and $1,000 of USDC → `token`, through `path` and back through it reversed. */
async function expectBothWaysWithUsdc(token: string, path: string[], maxLoss: number): Promise<void> {
  for (const [a, b, pools] of [
    [token, USDC, path],
    [USDC, token, [...path].reverse()],
  ] as const) {
    const r = await route(onOsmosis(a, b, { amount_in: worth(a, 1000) }));
    expectFilled(r, a, b, maxLoss);
    expect(poolsOf(r)).toEqual(pools);
  }
}

describe('the offline market fills $1,000 on Osmosis', () => {
  it('OSMO → USDC and USDC → OSMO, exact in and exact out, lose less than 1 % (concentrated pool 1464)', async () => {
    for (const [a, b] of [
      [OSMO, USDC],
      [USDC, OSMO],
    ] as const) {
      const exactIn = await route(onOsmosis(a, b, { amount_in: worth(a, 1000) }));
      expectFilled(exactIn, a, b, 0.01);
      expect(poolsOf(exactIn)).toEqual(['1464']);
      const exactOut = await route(onOsmosis(a, b, { amount_out: worth(b, 1000) }));
      expect(exactOut.amount_out).toBe(worth(b, 1000));
      expectFilled(exactOut, a, b, 0.01);
    }
  });

  it('TIA → USDC, exact in and exact out, loses less than 1 % (concentrated pool 1247)', async () => {
    const exactIn = await route(onOsmosis(TIA, USDC, { amount_in: worth(TIA, 1000) }));
    expectFilled(exactIn, TIA, USDC, 0.01);
    expect(poolsOf(exactIn)).toEqual(['1247']);
    const exactOut = await route(onOsmosis(TIA, USDC, { amount_out: worth(USDC, 1000) }));
    expectFilled(exactOut, TIA, USDC, 0.01);
  });

  it('USDC → axlWETH goes through allETH (its USDC pool 1948, then the allETH transmuter 1878) and loses less than 1 %', async () => {
    const r = await route(onOsmosis(USDC, AXL_WETH, { amount_in: worth(USDC, 1000) }));
    expectFilled(r, USDC, AXL_WETH, 0.01);
    expect(poolsOf(r)).toEqual(['1948', '1878']);
  });

  it('INJ swaps on Osmosis both ways (concentrated INJ/USDC pool 1319), losing less than 1 %', async () => {
    await expectBothWaysWithUsdc(INJ, ['1319'], 0.01);
  });

  it('Wormhole SOL swaps on Osmosis both ways: its alloy transmuter 1925, then allSOL/USDC 1960', async () => {
    await expectBothWaysWithUsdc(SOL_WH, ['1925', '1960'], 0.01);
  });

  it('allBTC → USDC fills $1,000 in one of its concentrated pools (1942, 1943), losing less than 1 %', async () => {
    const r = await route(onOsmosis(ALL_BTC, USDC, { amount_in: worth(ALL_BTC, 1000) }));
    expectFilled(r, ALL_BTC, USDC, 0.01);
    expect(poolsOf(r)).toHaveLength(1);
    expect(['1942', '1943']).toContain(poolsOf(r)[0]);
  });

  it('DYDX swaps on Osmosis both ways (concentrated pool 1246)', async () => {
    await expectBothWaysWithUsdc(DYDX, ['1246'], 0.02);
  });

  it('WBTC on Ethereum → OSMO routes in one transaction, ending in the axlWBTC/OSMO pool 712 (reached by Axelar directly, or by Eureka and the allBTC transmuter 1868)', async () => {
    const r = await route({
      source_asset_chain_id: '1',
      source_asset_denom: WBTC_ETHEREUM,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: OSMO,
      amount_in: '1500000', // 0.015 WBTC, about $1,000 at the shipped price
    });
    expect(r.does_swap).toBe(true);
    expect(r.txs_required).toBe(1);
    expect(poolsOf(r).at(-1)).toBe('712');
    expect(r.warning).toBeUndefined();
    expect(1 - Number(r.usd_amount_out) / Number(r.usd_amount_in)).toBeLessThan(0.01);
  });
});
