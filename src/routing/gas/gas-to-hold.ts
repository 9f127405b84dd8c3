/**
 * The EVM and Solana chains where a route needs the user to hold gas already: every transaction after the first, and
 * every claim, on such a chain other than the source, where what arrives is not its native token (the only token its
 * gas is paid in). Junction does not see the user's balances when it routes, so /junction/routes says it beside each
 * route: $1,000 of USDC from Noble to Ethereum through OP Mainnet saves fees but needs ETH on OP Mainnet to sign its
 * second transaction, where only USDC arrives. The gas itself is in the costs.
 *
 * Cosmos chains are not judged: which tokens pay their fees is the validators' and modules' choice (Osmosis' txfees
 * takes tokens its registry entry does not list), and a claim this field makes must be true.
 */
import type { Registry } from '../../registry/registry.js';
import { stepFrom, stepDenomIn, type PlannedRoute } from '../types.js';

export function gasToHold(registry: Registry, route: PlannedRoute, claimChains: readonly string[]): string[] {
  const source = route.source.wire.chain_id;
  const out = new Set<string>();
  const need = (chainId: string, arriving: string) => {
    if (chainId !== source && !paysGasWith(registry, chainId, arriving)) out.add(chainId);
  };
  route.steps.forEach((step, i) => {
    if (i > 0 && route.txIndices[i] !== route.txIndices[i - 1]) need(stepFrom(step), stepDenomIn(step));
  });
  // A claim (an unrelayed mint) is signed where the transfer lands, with only the transferred token there.
  for (const chainId of claimChains) need(chainId, '');
  return [...out];
}

function paysGasWith(registry: Registry, chainId: string, denom: string): boolean {
  const chain = registry.chain(chainId)?.wire;
  if (!chain) return false;
  if (chain.chain_type === 'cosmos') return true;
  return denom === `${chain.chain_name}-native`;
}
