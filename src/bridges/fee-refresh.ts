/**
 * The live bridge-fee refresher of this instance: every lane bridge's fee probes (bridges/live-fees.ts), asked on the
 * source chains that CHAIN_RPC_URLS names. Chains left out keep their bridges' fee tables, so the default (offline)
 * configuration makes no calls at all.
 */
import type { Config } from '../config.js';
import type { Registry } from '../registry/registry.js';
import { parseChainUrls } from '../config.js';
import { LiveFeeRefresher } from './live-fees.js';
import type { BridgeSet } from './set.js';

/** How often fees are re-quoted: messaging fees follow destination gas prices, which move over minutes. */
const BRIDGE_FEE_INTERVAL_MS = 60_000;
/** A live figure this old (every refresh since failed) gives way to the fee table again. */
const BRIDGE_FEE_MAX_AGE_MS = 10 * BRIDGE_FEE_INTERVAL_MS;

export function bridgeFeeRefresher(
  registry: Registry,
  config: Pick<Config, 'chainRpcUrls' | 'upstreamTimeoutMs'>,
  bridges: BridgeSet,
): LiveFeeRefresher {
  const probes = bridges.lanes.flatMap((b) => b.feeProbes?.(registry) ?? []);
  return new LiveFeeRefresher(probes, {
    rpcUrls: parseChainUrls('CHAIN_RPC_URLS', config.chainRpcUrls),
    intervalMs: BRIDGE_FEE_INTERVAL_MS,
    timeoutMs: config.upstreamTimeoutMs,
    maxAgeMs: BRIDGE_FEE_MAX_AGE_MS,
  });
}
