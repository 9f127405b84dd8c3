/**
 * Live EVM gas prices: when CHAIN_RPC_URLS names a node for an EVM chain, `eth_gasPrice` is asked there once per
 * interval, off the request path (started beside the bridge-fee refresher), and kept in memory; route-gas.ts reads it
 * synchronously before the recorded figure of data/gas.json. A price older than the maximum age (every refresh since
 * failed) gives way to the recorded one again. Chains without an endpoint make no calls.
 */
import { createPublicClient, fallback, http, type PublicClient } from 'viem';
import { observedFetch } from '../../upstream-calls.js';

interface Entry {
  wei: bigint;
  at: number;
}

/** Live prices per chain id: process state, like the live bridge fees. */
const book = new Map<string, Entry>();

export function liveGasPriceWei(chainId: string): bigint | undefined {
  return book.get(chainId)?.wei;
}

export function setLiveGasPrice(chainId: string, wei: bigint, at: number): void {
  book.set(chainId, { wei, at });
}

export function clearLiveGasPrice(chainId: string): void {
  book.delete(chainId);
}

export interface LiveGasOptions {
  /** EVM chains to ask, with their JSON-RPC endpoints (CHAIN_RPC_URLS). */
  rpcUrls: ReadonlyMap<string, readonly string[]>;
  intervalMs: number;
  timeoutMs: number;
  maxAgeMs: number;
  now?: () => number;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
}

export class LiveGasPriceRefresher {
  private readonly clients = new Map<string, PublicClient>();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly opts: LiveGasOptions) {
    this.now = opts.now ?? Date.now;
  }

  get chains(): string[] {
    return [...this.opts.rpcUrls].filter(([, urls]) => urls.length > 0).map(([id]) => id);
  }

  private client(chainId: string): PublicClient {
    let c = this.clients.get(chainId);
    if (!c) {
      const fetchFn = observedFetch({ upstream: 'fee_probe', target: chainId });
      const transports = this.opts.rpcUrls
        .get(chainId)!
        .map((u) => http(u, { timeout: this.opts.timeoutMs, retryCount: 1, retryDelay: 200, fetchFn }));
      c = createPublicClient({ transport: transports.length === 1 ? transports[0]! : fallback(transports) });
      this.clients.set(chainId, c);
    }
    return c;
  }

  /** One pass over every chain (joins a pass in flight). A failure keeps the last price until it is too old. */
  refresh(log?: Log): Promise<void> {
    this.running ??= this.pass(log).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(log?: Log): Promise<void> {
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

  start(log?: Log): void {
    if (this.timer || this.chains.length === 0) return;
    void this.refresh(log);
    this.timer = setInterval(() => void this.refresh(log), this.opts.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
