/**
 * Assets a holding can become through one swap (assets_from_source with include_swaps): transfer to a venue chain
 * whose pools trade the source's origin asset, swap into any other asset those pools reach, then transfer to any
 * listed holding of that asset. Computed per (source origin, market version) and memoised. A shape the route search
 * refuses for returning to a chain it left (shape-rules.ts: a swap on Neutron of Osmosis's OSMO, back to Osmosis) is
 * no way to reach its destination, so it lists nothing.
 */
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import type { MarketView } from './market.js';
import type { AssetFamilies } from './reachability.js';
import { chainReturnedTo } from './shape-rules.js';
import { originKeyOf, type OriginKey, type VenueIndex } from './swap-index.js';
import { stepTxIndices } from './transactions.js';
import { holding, pathFrom, pathTo, type TransferHop } from './transfer-path.js';
import { transferStep, type Step } from './types.js';

export interface SwapReach {
  asset: RegistryAsset;
  txsRequired: number;
  venue: string;
}

/** Transaction count of transfers → swap → transfers, from the same rules the route engine uses. */
function txsOf(
  registry: Registry,
  venue: VenueIndex,
  x: string,
  y: string,
  pre: TransferHop[],
  post: TransferHop[],
): number {
  const steps: Step[] = [
    ...pre.map((hop) => transferStep(hop)),
    {
      kind: 'swap',
      venue: venue.venue,
      chainId: venue.venue.chainId,
      denomIn: x,
      denomOut: y,
      exact: 'in',
      routes: [],
      amountIn: 0n,
      amountOut: 0n,
      grossOut: 0n,
      affiliateFee: 0n,
      priceImpact: undefined,
    },
    ...post.map((hop) => transferStep(hop)),
  ];
  const tx = stepTxIndices(registry, steps);
  return tx[tx.length - 1]! + 1;
}

/** Keyed on the view's venue indexes, which a rebuild that changed no pool keeps. */
const memo = new WeakMap<MarketView['venues'], Map<string, SwapReach[]>>();

export function swapReachable(
  registry: Registry,
  families: AssetFamilies,
  market: MarketView,
  source: RegistryAsset,
  venues: readonly { name: string; chain_id: string }[] | undefined,
): SwapReach[] {
  const key = `${source.wire.chain_id}\u0000${source.wire.denom}\u0000${
    venues
      ?.map((v) => `${v.name}@${v.chain_id}`)
      .sort()
      .join('+') ?? '*'
  }`;
  let byKey = memo.get(market.venues);
  if (!byKey) memo.set(market.venues, (byKey = new Map()));
  const cached = byKey.get(key);
  if (cached) return cached;

  const best = new Map<string, SwapReach>();
  const srcOrigin: OriginKey = originKeyOf(source.wire.origin_chain_id, source.wire.origin_denom);
  for (const venue of market.venues) {
    if (venues && !venues.some((v) => v.name === venue.venue.name && v.chain_id === venue.venue.chainId)) continue;
    const chainId = venue.venue.chainId;
    if (!registry.chain(chainId)?.entryPoint) continue;
    for (const x of venue.denomsOfOrigin(srcOrigin)) {
      const pre = pathTo(registry, holding(source), chainId, x);
      if (!pre) continue;
      for (const origin of venue.origins()) {
        if (origin === srcOrigin) continue;
        for (const y of venue.denomsOfOrigin(origin)) {
          const atVenue = registry.asset(chainId, y);
          if (!atVenue || venue.candidatePaths(x, y).length === 0) continue;
          for (const dest of [atVenue, ...families.family(atVenue)]) {
            const post = pathFrom(registry, chainId, y, holding(dest));
            if (!post) continue;
            const legs = [
              { kind: 'ibc' as const, hops: pre },
              { kind: 'swap' as const, venue, x, y, paths: [] },
              { kind: 'ibc' as const, hops: post },
            ];
            if (chainReturnedTo(source.wire.chain_id, legs)) continue;
            const txs = txsOf(registry, venue, x, y, pre, post);
            const k = `${dest.wire.chain_id}\u0000${dest.wire.denom}`;
            const seen = best.get(k);
            if (!seen || txs < seen.txsRequired)
              best.set(k, { asset: dest, txsRequired: txs, venue: venue.venue.name });
          }
        }
      }
    }
  }
  const out = [...best.values()];
  byKey.set(key, out);
  return out;
}
