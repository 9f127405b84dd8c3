/**
 * Shapes a user would not take, left out of the search (search.ts):
 * - a route never returns to a chain it has left: a same-chain swap is one transaction on its chain, not a tour
 *   through other chains back to it, and a transfer between two chains does not come back through either. Leaving a
 *   chain and reaching it again costs more transactions, more time and more fees than staying. A lane's own stops
 *   count (an Axelar transfer passes through the Axelar chain: IBC to Axelar, on to Neutron, then Axelar from Neutron
 *   to Ethereum is a round trip through Axelar);
 * - a route never crosses a lane nobody relays on its way somewhere else: an unrelayed CCTP burn to an intermediate
 *   chain leaves the funds there until the user claims them with that chain's gas token (claims.ts), only to send
 *   them on in yet another transaction — a detour taken to dodge a fixed relaying fee, not a route.
 */
import type { Registry } from '../registry/registry.js';
import { laneNeedsClaim } from './claims.js';
import type { Leg } from './search.js';

/** The chains a shape's legs pass through, in order, each stay counted once. */
export function chainsOfLegs(sourceChainId: string, legs: readonly Leg[]): string[] {
  const out = [sourceChainId];
  const visit = (id: string) => {
    if (out[out.length - 1] !== id) out.push(id);
  };
  for (const leg of legs) {
    if (leg.kind === 'ibc')
      for (const hop of leg.hops) {
        visit(hop.fromChainId);
        visit(hop.toChainId);
      }
    else if (leg.kind === 'lane') {
      visit(leg.lane.fromChainId);
      for (const id of leg.lane.via ?? []) visit(id);
      visit(leg.lane.toChainId);
    } else visit(leg.venue.venue.chainId);
  }
  return out;
}

/** The first chain the shape comes back to after leaving it, or undefined. */
export function chainReturnedTo(sourceChainId: string, legs: readonly Leg[]): string | undefined {
  const seen = new Set<string>();
  for (const id of chainsOfLegs(sourceChainId, legs)) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/** The intermediate chain where a lane nobody relays leaves the funds for the user to claim, or undefined. */
function claimMidRoute(registry: Registry, legs: readonly Leg[]): string | undefined {
  for (const [i, leg] of legs.entries()) {
    if (leg.kind !== 'lane' || !laneNeedsClaim(registry, leg.lane)) continue;
    const after = legs.slice(i + 1);
    if (after.some((l) => l.kind !== 'ibc' || l.hops.length > 0)) return leg.lane.toChainId;
  }
  return undefined;
}

/** Why a complete shape is not offered, or undefined when it may be. */
export function shapeRefusal(registry: Registry, sourceChainId: string, legs: readonly Leg[]): string | undefined {
  const back = chainReturnedTo(sourceChainId, legs);
  if (back) return `a route that leaves ${back} and comes back to it is not offered`;
  const claim = claimMidRoute(registry, legs);
  if (claim) return `a route whose funds wait on ${claim} for the user's own claim before going on is not offered`;
  return undefined;
}
