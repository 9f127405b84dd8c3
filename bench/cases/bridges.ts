/**
 * Routes across ecosystems (issue "Routes across ecosystems"): every bridge enabled, routes that cross a lane bridge.
 * Pairs: USDC between every two CCTP chains (one lane), and composite routes between USDC on a CCTP chain and the
 * assets of the shipped pools (CCTP + IBC + a swap, both directions, allow_multi_tx), drawn with a fixed seed.
 */
import { loadConfig } from '../../src/config.js';
import { buildContext } from '../../src/context.js';
import type { AppContext } from '../../src/context.js';
import { laneGraph } from '../../src/routing/lane-graph.js';
import { parseRouteQuery } from '../../src/routing/query.js';
import { quoteRoute } from '../../src/routing/quote.js';
import type { RegistryAsset } from '../../src/registry/types.js';
import { drawSwapPairs, prng, quoteContextOf } from '../lib/pairs.js';
import type { HttpCase, InProcessCase } from '../types.js';

let shared: AppContext | undefined;
const context = () => (shared ??= buildContext(loadConfig([], {})));

interface Pair {
  source: RegistryAsset;
  dest: RegistryAsset;
}

function bodyOf(p: Pair, amount: string) {
  return {
    source_asset_denom: p.source.wire.denom,
    source_asset_chain_id: p.source.wire.chain_id,
    dest_asset_denom: p.dest.wire.denom,
    dest_asset_chain_id: p.dest.wire.chain_id,
    amount_in: amount,
    allow_multi_tx: true,
    allow_unsafe: true,
    cumulative_affiliate_fee_bps: '0',
  };
}

/** Every CCTP lane's two ends, and composite pairs USDC ↔ pool assets that have a route. */
function bridgePairs(ctx: AppContext, composites: number): Pair[] {
  const pairs: Pair[] = laneGraph(ctx.registry, ctx.bridges).edges.map((e) => ({ source: e.from, dest: e.to }));
  const usdc = [...new Set(laneGraph(ctx.registry, ctx.bridges).edges.map((e) => e.from))];
  const swappable = drawSwapPairs(ctx, 200).flatMap((p) => [p.source, p.dest]);
  const rand = prng(7);
  const qc = quoteContextOf(ctx);
  for (
    let attempts = 0;
    pairs.length < composites + usdc.length * usdc.length && attempts < composites * 20;
    attempts++
  ) {
    const a = usdc[Math.floor(rand() * usdc.length)]!;
    const b = swappable[Math.floor(rand() * swappable.length)]!;
    const pair = rand() < 0.5 ? { source: a, dest: b } : { source: b, dest: a };
    try {
      quoteRoute(
        qc,
        parseRouteQuery(ctx.registry, bodyOf(pair, (10n ** BigInt(pair.source.wire.decimals ?? 6)).toString())),
      );
      pairs.push(pair);
    } catch {
      // no route for this pair: draw again
    }
  }
  return pairs;
}

export const routeBridgesInProcess: InProcessCase = {
  kind: 'in-process',
  name: 'route-bridges',
  description: 'route over CCTP lanes and composite CCTP + IBC + swap routes (every bridge enabled, route cache off)',
  iterations: 2000,
  setup: () => {
    const ctx = context();
    const qc = quoteContextOf(ctx);
    const rand = prng(3);
    const queries = bridgePairs(ctx, 300).map((p) =>
      parseRouteQuery(
        ctx.registry,
        bodyOf(p, String(BigInt(10 ** (p.source.wire.decimals ?? 6)) * BigInt(1 + Math.floor(rand() * 1000)))),
      ),
    );
    let i = 0;
    return () => {
      try {
        return quoteRoute(qc, queries[i++ % queries.length]!);
      } catch (err) {
        return err; // an amount the pools cannot absorb is answered too: it is work the endpoint does
      }
    };
  },
};

export const routeBridgesHttp: HttpCase = {
  kind: 'http',
  name: 'route-bridges-http-uncached',
  description:
    'POST /v2/fungible/route over CCTP lanes and composite routes, 40 000 distinct request texts (random amounts)',
  method: 'POST',
  path: '/v2/fungible/route',
  bodies: () => {
    const ctx = context();
    const pairs = bridgePairs(ctx, 300);
    const rand = prng(5);
    return Array.from({ length: 40_000 }, (_, i) => {
      const p = pairs[i % pairs.length]!;
      return bodyOf(
        p,
        String(BigInt(10 ** (p.source.wire.decimals ?? 6)) * BigInt(1 + Math.floor(rand() * 1000)) + BigInt(i)),
      );
    });
  },
};
