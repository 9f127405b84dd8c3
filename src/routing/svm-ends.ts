/**
 * Solana (any SVM chain) is a route's first or last chain, never one it passes through. A transaction that starts
 * there after an earlier one would have to be built at quote time, over a recent blockhash that expires within a
 * minute or two, and could be signed only once the earlier transfer has been attested and minted (minutes later): it
 * could never be sent. A Solana transaction is therefore only ever a route's first (signed at once), and a route that
 * reaches Solana ends there (any claim of the mint is the recipient's own, not built by Junction).
 *
 * Today every lane onto Solana is an unrelayed CCTP burn, which shape-rules.ts already keeps out of the middle of a
 * route (the funds would wait there for the user's claim); this rule holds whatever bridge or relaying a lane to
 * Solana has, and says why.
 */
import type { Registry } from '../registry/registry.js';
import type { Leg } from './search.js';
import { chainsOfLegs } from './shape-rules.js';

/** The first SVM chain a shape passes through (neither its first nor its last chain), or undefined. */
export function svmChainMidRoute(registry: Registry, sourceChainId: string, legs: readonly Leg[]): string | undefined {
  const chains = chainsOfLegs(sourceChainId, legs);
  return chains.slice(1, -1).find((id) => registry.chain(id)?.wire.chain_type === 'svm');
}

/** Why a shape that passes through an SVM chain is not offered, or undefined when it does not. */
export function svmMidRouteRefusal(
  registry: Registry,
  sourceChainId: string,
  legs: readonly Leg[],
): string | undefined {
  const svm = svmChainMidRoute(registry, sourceChainId, legs);
  if (!svm) return undefined;
  return (
    `a route through ${svm} is not offered: its transaction there would be signed at quote time over a blockhash ` +
    'that expires within about a minute, before the funds arrive'
  );
}
