/**
 * The chains where a route needs the user to hold gas already: every transaction after the first, and every claim,
 * on a chain other than the source whose gas what arrives there cannot pay (not one of the Cosmos chain's fee assets,
 * not the EVM or Solana chain's native token). Junction does not see the user's balances when it routes, so
 * /junction/routes says it beside each route: $1,000 of USDC from Noble to Ethereum through OP Mainnet saves fees but
 * needs ETH on OP Mainnet to sign its second transaction, where only USDC arrives. The gas itself is in the costs.
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
  if (chain.chain_type === 'cosmos') return chain.fee_assets.some((f) => f.denom === denom);
  return denom === `${chain.chain_name}-native`;
}
