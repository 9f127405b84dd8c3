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
import type { Hex, PublicClient } from 'viem';
import type { Lane } from './types.js';
import { PeriodicRpcRefresher, type RefreshLog, type RpcRefresherOptions } from '../periodic-rpc-refresher.js';

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

function setLiveFee(lane: Lane, fee: LiveFee, at: number): void {
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

export type LiveFeeOptions = RpcRefresherOptions;

export interface LiveFeeStatus {
  lanes: number;
  live: number;
  failures: number;
  lastRefreshAt: string | undefined;
}

/** Re-quotes every probe whose source chain has an endpoint, on start and then once per interval. */
export class LiveFeeRefresher extends PeriodicRpcRefresher {
  private failures = 0;
  private lastRefreshAt: number | undefined;

  constructor(
    private readonly probes: readonly LiveFeeProbe[],
    opts: LiveFeeOptions,
  ) {
    super(opts);
  }

  /** Probes that have an endpoint to ask. */
  get active(): readonly LiveFeeProbe[] {
    return this.probes.filter((p) => this.hasEndpoint(p.chainId));
  }

  protected get idle(): boolean {
    return this.active.length === 0;
  }

  protected async pass(log?: RefreshLog): Promise<void> {
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

  status(): LiveFeeStatus {
    return {
      lanes: this.probes.length,
      live: this.probes.filter((p) => book.has(p.lane)).length,
      failures: this.failures,
      lastRefreshAt: this.lastRefreshAt === undefined ? undefined : new Date(this.lastRefreshAt).toISOString(),
    };
  }
}
