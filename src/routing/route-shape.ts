/**
 * A route's shape in words, transaction by transaction ("1. Ethereum: CCTP to Noble; 2. Noble: IBC to Osmosis"), for
 * explanations: the MULTI_TX_REQUIRED answer names the route that would pass, /junction/routes says what each
 * alternative does.
 */
import type { Registry } from '../registry/registry.js';
import { stepFrom, stepTo, type PlannedRoute, type Step } from './types.js';

function chainName(registry: Registry, chainId: string): string {
  return registry.chain(chainId)?.wire.pretty_name ?? chainId;
}

function stepWords(registry: Registry, step: Step): string {
  if (step.kind === 'swap') return `swap on ${step.venue.name}`;
  const bridge = step.kind === 'transfer' ? 'IBC' : step.lane.bridge;
  return `${bridge} to ${chainName(registry, stepTo(step))}`;
}

export function describeRouteShape(registry: Registry, route: Pick<PlannedRoute, 'steps' | 'txIndices'>): string {
  const txs: string[] = [];
  route.steps.forEach((step, i) => {
    const tx = route.txIndices[i]!;
    const words = stepWords(registry, step);
    if (i === 0 || tx !== route.txIndices[i - 1])
      txs.push(`${tx + 1}. ${chainName(registry, stepFrom(step))}: ${words}`);
    else txs[txs.length - 1] += `, ${words}`;
  });
  return txs.join('; ');
}
