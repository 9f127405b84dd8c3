/**
 * The route diagram's fee lines over the real app's answers (/v2/fungible/route on the offline market): a relay fee is
 * called "Relay fee" wherever it comes from and is listed once, and a route nobody is paid to relay says so in the
 * same words (the page once said "relayed without a relay fee" beside "smart relay fee 0.36 USDC").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../../src/http/test-helpers/app.js';
import { feeLines, type AmountWords } from './fee-lines.js';
import { fromBaseUnits } from './units.js';
import type { Route } from './wire.js';

let t: TestApp;
let catalog: AmountWords;
beforeAll(async () => {
  t = await buildTestApp();
  catalog = {
    amount(chainId, denom, amount) {
      const a = chainId ? t.ctx.registry.asset(chainId, denom) : undefined;
      return a ? `${fromBaseUnits(amount, a.wire.decimals ?? 0)} ${a.wire.symbol}` : `${amount} ${denom}`;
    },
  };
});
afterAll(async () => t?.app.close());

async function route(body: Record<string, unknown>): Promise<Route> {
  const res = await post(t.app, '/v2/fungible/route', body);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as Route;
}

const linesOf = (r: Route) => r.operations.flatMap((op, i) => feeLines(catalog, op, i, r.estimated_fees));

describe('fee lines', () => {
  const usdcEthToNoble = {
    source_asset_chain_id: '1',
    source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_in: '100000000',
  };

  it('a relayed CCTP transfer names its relay fee once, in one wording', async () => {
    // Out of Noble: Skip's relayer mints on Ethereum for a fee (into Noble, Noble's relayers mint for nothing).
    const usdcNobleToEth = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount_in: '100000000',
    };
    const lines = linesOf(await route({ ...usdcNobleToEth, smart_relay: true }));
    const relay = lines.filter((l) => /relay/i.test(l));
    expect(relay, lines.join('\n')).toHaveLength(1);
    expect(relay[0]).toMatch(/^Relay fee \(cctp\): [\d.]+ USDC \(\$[\d.]+\), deducted from the amount$/i);
  });

  it('an unrelayed one says "Relay fee: none" in the same words as an IBC hop', async () => {
    const lines = linesOf(await route({ ...usdcEthToNoble, smart_relay: false }));
    expect(lines.filter((l) => /relay/i.test(l))).toEqual(['Relay fee: none']);
    const ibc = linesOf(
      await route({
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
        amount_in: '10000000',
      }),
    );
    expect(ibc.some((l) => l.startsWith('Relay fee: none'))).toBe(true);
    expect([...lines, ...ibc].some((l) => /relayer fee|smart relay fee|without a relay fee/i.test(l))).toBe(false);
  });
});
