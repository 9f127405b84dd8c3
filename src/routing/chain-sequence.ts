/**
 * A route never returns to a chain it has left: a same-chain swap is one transaction on its chain, not a tour through
 * other chains back to it, and a transfer between two chains does not come back through either. A shape that leaves
 * a chain and reaches it again costs more transactions, more time and more fees than staying, and is left out of the
 * search (search.ts).
 */
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
