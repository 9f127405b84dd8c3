/**
 * Live EVM gas prices: when CHAIN_RPC_URLS names a node for an EVM chain, `eth_gasPrice` is asked there once per
 * interval, off the request path (started beside the bridge-fee refresher), and kept in memory; route-gas.ts reads it
 * synchronously before the recorded figure of data/gas.json. A price older than the maximum age (every refresh since
 * failed) gives way to the recorded one again. Chains without an endpoint make no calls.
 */
import { PeriodicRpcRefresher, type RefreshLog } from '../../periodic-rpc-refresher.js';

interface Entry {
  wei: bigint;
  at: number;
}

/** Live prices per chain id: process state, like the live bridge fees. */
const book = new Map<string, Entry>();

export function liveGasPriceWei(chainId: string): bigint | undefined {
  return book.get(chainId)?.wei;
}

function setLiveGasPrice(chainId: string, wei: bigint, at: number): void {
  book.set(chainId, { wei, at });
}

export function clearLiveGasPrice(chainId: string): void {
  book.delete(chainId);
}

export class LiveGasPriceRefresher extends PeriodicRpcRefresher {
  get chains(): string[] {
    return [...this.opts.rpcUrls.keys()].filter((id) => this.hasEndpoint(id));
  }

  protected get idle(): boolean {
    return this.chains.length === 0;
  }

  protected async pass(log?: RefreshLog): Promise<void> {
    await Promise.all(
      this.chains.map(async (chainId) => {
        try {
          setLiveGasPrice(chainId, await this.client(chainId).getGasPrice(), this.now());
        } catch (err) {
          const entry = book.get(chainId);
          if (entry && this.now() - entry.at > this.opts.maxAgeMs) clearLiveGasPrice(chainId);
          log?.warn(
            { err: (err as Error).message, chainId },
            'live gas price failed; keeping the last or data/gas.json',
          );
        }
      }),
    );
  }
}
