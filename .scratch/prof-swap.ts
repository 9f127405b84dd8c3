import { loadConfig } from '../src/config.js';
import { buildContext } from '../src/context.js';
import { parseRouteQuery } from '../src/routing/query.js';
import { quoteRoute } from '../src/routing/quote.js';
import { quoteContextOf } from '../bench/lib/pairs.js';
const ctx = buildContext(loadConfig([], {}));
const qc = process.env.CACHE ? { ...quoteContextOf(ctx), cache: ctx.routeCache } : quoteContextOf(ctx);
const body = (amt: string) => ({ amount_in: amt, source_asset_denom: 'uatom', source_asset_chain_id: 'cosmoshub-4', dest_asset_denom: 'uosmo', dest_asset_chain_id: 'osmosis-1', allow_multi_tx: true });
let t = performance.now();
const N = Number(process.env.N ?? 20000);
for (let i = 0; i < N; i++) {
  const q = parseRouteQuery(ctx.registry, body(String(1_000_000 + Math.floor(Math.random() * 1e9))));
  quoteRoute(qc, q);
  if (i === 999) { console.log('warm 1000:', ((performance.now() - t) / 1000).toFixed(4), 'ms/route'); t = performance.now(); }
}
console.log('steady:', ((performance.now() - t) / (N - 1000)).toFixed(4), 'ms/route');
