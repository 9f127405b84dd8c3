/** The live gas-price refresher of this instance: the EVM chains CHAIN_RPC_URLS names, asked once a minute. */
import { parseChainUrls, type Config } from '../../config.js';
import type { Registry } from '../../registry/registry.js';
import { LiveGasPriceRefresher } from './live-gas.js';

/** Gas prices move over minutes; a quote's gas estimate need not follow them more closely. */
const GAS_PRICE_INTERVAL_MS = 60_000;
/** A live price this old (every refresh since failed) gives way to data/gas.json again. */
const GAS_PRICE_MAX_AGE_MS = 10 * GAS_PRICE_INTERVAL_MS;

export function liveGasRefresher(
  registry: Registry,
  config: Pick<Config, 'chainRpcUrls' | 'upstreamTimeoutMs'>,
): LiveGasPriceRefresher {
  const all = parseChainUrls('CHAIN_RPC_URLS', config.chainRpcUrls);
  const evm = new Map([...all].filter(([id]) => registry.chain(id)?.wire.chain_type === 'evm'));
  return new LiveGasPriceRefresher({
    rpcUrls: evm,
    intervalMs: GAS_PRICE_INTERVAL_MS,
    timeoutMs: config.upstreamTimeoutMs,
    maxAgeMs: GAS_PRICE_MAX_AGE_MS,
  });
}
