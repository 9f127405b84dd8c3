/**
 * A background refresher over the EVM nodes of CHAIN_RPC_URLS: one viem client per chain (its endpoints in fallback
 * order, counted as fee probes in the upstream metrics), run by a BackgroundLoop: a pass on start and then an interval
 * after each, passes that join one already in flight, and a stop that waits for the pass in flight. The live bridge
 * fees and the live gas prices are its two subclasses; each says what a pass does and whether it has anything to ask.
 */
import { createPublicClient, fallback, http, type PublicClient } from 'viem';
import { BackgroundLoop } from './background-loop.js';
import { observedFetch } from './upstream-calls.js';

export interface RpcRefresherOptions {
  /** JSON-RPC endpoints per chain (CHAIN_RPC_URLS); chains without one keep their recorded figures. */
  rpcUrls: ReadonlyMap<string, readonly string[]>;
  intervalMs: number;
  timeoutMs: number;
  /** A live answer older than this (every refresh since failed) is dropped: the recorded figure is used again. */
  maxAgeMs: number;
  now?: () => number;
}

export interface RefreshLog {
  warn(obj: unknown, msg?: string): void;
}

export abstract class PeriodicRpcRefresher {
  private readonly clients = new Map<string, PublicClient>();
  protected readonly now: () => number;
  private readonly loop: BackgroundLoop<void>;
  /** Where the passes warn: the last one start() or refresh() was given. */
  private log: RefreshLog | undefined;

  constructor(protected readonly opts: RpcRefresherOptions) {
    this.now = opts.now ?? Date.now;
    this.loop = new BackgroundLoop({ pass: () => this.pass(this.log), delayAfter: () => opts.intervalMs });
  }

  /** One pass: ask every node there is something to ask, keeping the last answers where a node fails. */
  protected abstract pass(log?: RefreshLog): Promise<void>;

  /** Whether there is nothing to ask (no endpoint for anything): start() then does not start. */
  protected abstract get idle(): boolean;

  protected hasEndpoint(chainId: string): boolean {
    return (this.opts.rpcUrls.get(chainId)?.length ?? 0) > 0;
  }

  protected client(chainId: string): PublicClient {
    let c = this.clients.get(chainId);
    if (!c) {
      // Counted apart from the transaction service's requests to the same nodes: a failing probe only costs estimates.
      const fetchFn = observedFetch({ upstream: 'fee_probe', target: chainId });
      const transports = this.opts.rpcUrls
        .get(chainId)!
        .map((u) =>
          http(u, { timeout: this.opts.timeoutMs, retryCount: 1, retryDelay: 200, batch: { wait: 0 }, fetchFn }),
        );
      c = createPublicClient({ transport: transports.length === 1 ? transports[0]! : fallback(transports) });
      this.clients.set(chainId, c);
    }
    return c;
  }

  /** One pass now (joins a pass in flight). */
  refresh(log?: RefreshLog): Promise<void> {
    this.log = log ?? this.log;
    return this.loop.runOnce();
  }

  start(log?: RefreshLog): void {
    if (this.loop.running || this.idle) return;
    this.log = log;
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }
}
