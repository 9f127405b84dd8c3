/**
 * Routes with EVM swaps (issue 26): smart_swap_options.evm_swaps over the shipped market, with a swap on the source
 * EVM chain (native ETH, WETH, WBTC, LINK, USDT on Ethereum into Cosmos assets) and on the destination EVM chain
 * (Cosmos assets into them), route cache off: every query searches its shapes (the EVM venues widen the search).
 */
import { loadConfig } from '../../src/config.js';
import { buildContext, type AppContext } from '../../src/context.js';
import { parseRouteQuery } from '../../src/routing/query.js';
import { quoteRoute } from '../../src/routing/quote.js';
import type { RouteQuery } from '../../src/routing/types.js';
import { quoteContextOf } from '../lib/pairs.js';
import type { InProcessCase } from '../types.js';

const ETHEREUM: [string, string][] = [
  ['ethereum-native', '1000000000000000000'],
  ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '1000000000000000000'],
  ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', '10000000'],
  ['0x514910771AF9Ca656af840dff83E8264EcF986CA', '100000000000000000000'],
  ['0xdAC17F958D2ee523a2206206994597C13D831ec7', '1000000000'],
];
const COSMOS: [string, string, string][] = [
  ['osmosis-1', 'uosmo', '10000000000'],
  ['cosmoshub-4', 'uatom', '1000000000'],
  ['noble-1', 'uusdc', '1000000000'],
  ['osmosis-1', 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4', '1000000000'],
];

function queries(ctx: AppContext): RouteQuery[] {
  const out: RouteQuery[] = [];
  const body = (sc: string, sd: string, dc: string, dd: string, amount: string) => ({
    source_asset_chain_id: sc,
    source_asset_denom: sd,
    dest_asset_chain_id: dc,
    dest_asset_denom: dd,
    amount_in: amount,
    allow_multi_tx: true,
    smart_swap_options: { evm_swaps: true },
  });
  for (const [denom, amount] of ETHEREUM) {
    for (const [chain, dest, back] of COSMOS) {
      out.push(parseRouteQuery(ctx.registry, body('1', denom, chain, dest, amount)));
      out.push(parseRouteQuery(ctx.registry, body(chain, dest, '1', denom, back)));
    }
  }
  // Only pairs that route (a query answering "no route" is not what this case times).
  const qc = quoteContextOf(ctx);
  return out.filter((q) => {
    try {
      quoteRoute(qc, q);
      return true;
    } catch {
      return false;
    }
  });
}

export const routeEvmSwaps: InProcessCase = {
  kind: 'in-process',
  name: 'route-evm-swaps',
  description: 'route with EVM swaps on the source or destination chain (evm_swaps: true), route cache off',
  iterations: 2000,
  setup: () => {
    const ctx = buildContext(loadConfig([], {}));
    const qs = queries(ctx);
    const qc = quoteContextOf(ctx);
    let i = 0;
    return () => quoteRoute(qc, qs[i++ % qs.length]!);
  },
};
