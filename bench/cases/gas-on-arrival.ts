/**
 * Gas on arrival (junction_gas_on_arrival, issue 27 item 5): a route quoted with the option plans and judges two
 * routes (the route on the input less the slice, and the slice to the destination's gas token). In process, over
 * transfers from Cosmos chains into Osmosis and Neutron with random amounts; and over HTTP (/v2/fungible/route, each
 * body distinct, so the response cache does not answer).
 */
import { loadConfig } from '../../src/config.js';
import { buildContext, type AppContext } from '../../src/context.js';
import { quoteWithGasOnArrival } from '../../src/routing/gas-on-arrival.js';
import { parseRouteQuery } from '../../src/routing/query.js';
import { quoteContextOf } from '../lib/pairs.js';
import type { HttpCase, InProcessCase } from '../types.js';

let shared: AppContext | undefined;
const context = () => (shared ??= buildContext(loadConfig([], {})));

const PAIRS: [string, string, string, string, number][] = [
  ['noble-1', 'uusdc', 'osmosis-1', 'USDC', 6],
  ['cosmoshub-4', 'uatom', 'osmosis-1', 'ATOM', 6],
  ['celestia', 'utia', 'osmosis-1', 'TIA', 6],
  ['noble-1', 'uusdc', 'neutron-1', 'USDC', 6],
  ['cosmoshub-4', 'uatom', 'neutron-1', 'ATOM', 6],
];

function bodies(ctx: AppContext, n: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < n; i++) {
    const [src, denom, dst, symbol, decimals] = PAIRS[i % PAIRS.length]!;
    const dest = [...ctx.registry.listedAssets(dst)].find((a) => a.wire.recommended_symbol === symbol);
    if (!dest) continue;
    // 50 to 5,000 whole tokens, every body distinct.
    const amount = (50n + BigInt(i)) * 10n ** BigInt(decimals) + BigInt(i);
    out.push({
      source_asset_chain_id: src,
      source_asset_denom: denom,
      dest_asset_chain_id: dst,
      dest_asset_denom: dest.wire.denom,
      amount_in: amount.toString(),
      junction_gas_on_arrival: true,
    });
  }
  return out;
}

export const routeGasOnArrivalInProcess: InProcessCase = {
  kind: 'in-process',
  name: 'route-gas-on-arrival',
  description: 'a route with junction_gas_on_arrival (route and slice planned and judged), Cosmos → Osmosis / Neutron',
  iterations: 1000,
  setup: () => {
    const ctx = context();
    const qc = quoteContextOf(ctx);
    const queries = bodies(ctx, 500).map((b) => parseRouteQuery(ctx.registry, b as never));
    let i = 0;
    return () => quoteWithGasOnArrival(qc, queries[i++ % queries.length]!);
  },
};

export const routeGasOnArrivalHttp: HttpCase = {
  kind: 'http',
  name: 'route-gas-on-arrival-http',
  description: 'POST /v2/fungible/route with junction_gas_on_arrival, distinct bodies (computed on every request)',
  method: 'POST',
  path: '/v2/fungible/route',
  bodies: () => bodies(context(), 2000),
};
