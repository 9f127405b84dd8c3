/**
 * Fees only the source chain knows: LayerZero's native messaging fee (`quoteSend`), Stargate's protocol fee
 * (`quoteOFT`), Hyperlane's interchain gas payment (`quoteGasPayment`). They change with gas prices, so a data file can
 * only give an estimate.
 *
 * The route engine is pure and makes no network calls on the request path, so these fees are quoted *off* it: a
 * refresher (started by main.ts beside the live market) asks every source chain that has a configured JSON-RPC
 * endpoint (CHAIN_RPC_URLS) once per interval with `eth_call`, and keeps the answers in memory beside the lanes.
 * Quotes read that memory synchronously. A lane without a live answer — no endpoint for its source chain, or the last
 * answers failed for longer than the maximum age — is priced from its bridge's fee table (data/<bridge>.json), and the
 * fee says so (`estimate: 'fee_table'`). Messaging fees over-paid from a table are refunded on chain (LayerZero's
 * endpoint and Hyperlane's gas paymaster return the excess to the refund address), so tables hold upper bounds.
 */
import { createPublicClient, fallback, http, type Hex, type PublicClient } from 'viem';
import type { Lane } from './types.js';
import { observedFetch } from '../upstream-calls.js';

/** What a live quote of one lane found. */
export interface LiveFee {
  /** Native fee paid with the transaction (value), in base units of the source chain's gas token. */
  nativeFee: bigint;
  /** The bridge's own fee on the amount in parts per million (Stargate's protocol fee); absent when it has none. */
  feePpm?: bigint;
}

interface Entry extends LiveFee {
  at: number;
}

/** Live answers per lane object (lanes are built once per registry, so this is per-registry state). */
const book = new WeakMap<Lane, Entry>();

export function liveFeeOf(lane: Lane): LiveFee | undefined {
  return book.get(lane);
}

export function setLiveFee(lane: Lane, fee: LiveFee, at: number): void {
  book.set(lane, { ...fee, at });
}

export function clearLiveFee(lane: Lane): void {
  book.delete(lane);
}

/** One `eth_call` against the latest block; the answer's bytes (an empty answer is an error: no contract there). */
export async function ethCall(client: PublicClient, to: string, data: Hex): Promise<Hex> {
  const { data: out } = await client.call({ to: to as Hex, data });
  if (!out || out === '0x') throw new Error(`eth_call to ${to} returned no data (no contract at that address?)`);
  return out;
}

/** How a bridge quotes one of its lanes on chain: the chain to ask and the eth_calls to make. */
export interface LiveFeeProbe {
  lane: Lane;
  chainId: string;
  quote(client: PublicClient): Promise<LiveFee>;
}

export interface LiveFeeOptions {
  /** JSON-RPC endpoints per chain (CHAIN_RPC_URLS); chains without one keep their table figures. */
  rpcUrls: ReadonlyMap<string, readonly string[]>;
  intervalMs: number;
  timeoutMs: number;
  /** A live answer older than this (every refresh since failed) is dropped: the table is used again. */
  maxAgeMs: number;
  now?: () => number;
}

export interface LiveFeeStatus {
  lanes: number;
  live: number;
  failures: number;
  lastRefreshAt: string | undefined;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/** Re-quotes every probe whose source chain has an endpoint, on start and then once per interval. */
export class LiveFeeRefresher {
  private readonly clients = new Map<string, PublicClient>();
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private failures = 0;
  private lastRefreshAt: number | undefined;

  constructor(
    private readonly probes: readonly LiveFeeProbe[],
    private readonly opts: LiveFeeOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Probes that have an endpoint to ask. */
  get active(): readonly LiveFeeProbe[] {
    return this.probes.filter((p) => (this.opts.rpcUrls.get(p.chainId)?.length ?? 0) > 0);
  }

  private client(chainId: string): PublicClient {
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

  /** One pass over every active probe (joins a pass in flight). Failures keep the last answer until it is too old. */
  refresh(log?: Log): Promise<void> {
    this.running ??= this.pass(log).finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(log?: Log): Promise<void> {
    await Promise.all(
      this.active.map(async (p) => {
        try {
          setLiveFee(p.lane, await p.quote(this.client(p.chainId)), this.now());
        } catch (err) {
          this.failures++;
          const entry = book.get(p.lane);
          if (entry && this.now() - entry.at > this.opts.maxAgeMs) clearLiveFee(p.lane);
          log?.warn(
            {
              err: (err as Error).message,
              chainId: p.chainId,
              lane: `${p.lane.bridge} ${p.lane.fromChainId}→${p.lane.toChainId}`,
            },
            'live bridge fee quote failed; keeping the last answer or the fee table',
          );
        }
      }),
    );
    this.lastRefreshAt = this.now();
  }

  start(log?: Log): void {
    if (this.timer || this.active.length === 0) return;
    void this.refresh(log);
    this.timer = setInterval(() => void this.refresh(log), this.opts.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  status(): LiveFeeStatus {
    return {
      lanes: this.probes.length,
      live: this.probes.filter((p) => book.has(p.lane)).length,
      failures: this.failures,
      lastRefreshAt: this.lastRefreshAt === undefined ? undefined : new Date(this.lastRefreshAt).toISOString(),
    };
  }
}
