/**
 * The alternatives table over the real POST /junction/routes answer (offline market): one row per ranked route, in
 * rank order, each saying its way, what it delivers, its cost on top, signatures, time and the server's reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../../src/http/test-helpers/app.js';
import { alternativeRows, type RankedRoute, type Words } from './alternative-rows.js';
import { fromBaseUnits } from './units.js';

let t: TestApp;
let words: Words;
beforeAll(async () => {
  t = await buildTestApp();
  words = {
    amount(chainId, denom, amount) {
      const a = chainId ? t.ctx.registry.asset(chainId, denom) : undefined;
      return a ? `${fromBaseUnits(amount, a.wire.decimals ?? 0)} ${a.wire.symbol}` : `${amount} ${denom}`;
    },
    chainName: (id) => t.ctx.registry.chain(id ?? '')?.wire.pretty_name ?? id ?? '',
  };
});
afterAll(async () => t?.app.close());

describe('alternatives side by side', () => {
  it('one row per ranked route of /junction/routes, best first, each with its way and reason', async () => {
    const res = await post(t.app, '/junction/routes', {
      // ETH → OSMO: by CCTP through Noble (cheaper, two signatures) or by Axelar straight to Osmosis (one).
      source_asset_chain_id: '1',
      source_asset_denom: 'ethereum-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '1000000000000000000',
      allow_multi_tx: true,
      smart_swap_options: { evm_swaps: true },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { routes } = res.json() as { routes: RankedRoute[] };
    expect(routes.length).toBeGreaterThan(1);
    const rows = alternativeRows(words, routes);
    expect(rows.map((r) => r.rank)).toEqual(routes.map((_, i) => i + 1));
    expect(rows[0]!.way).toMatch(/^Ethereum → (.+ → )?Osmosis · /);
    for (const [i, row] of rows.entries()) {
      expect(row.delivers).toMatch(/^[\d.]+ OSMO/);
      expect(row.why).toBe(routes[i]!.junction_ranking.why);
      expect(row.why.length).toBeGreaterThan(0);
      expect(row.signatures).toMatch(/^\d/);
    }
    expect(new Set(rows.map((r) => r.way)).size).toBeGreaterThan(1);
  });
});
