/**
 * Circle's current CCTP V2 fees, asked off the request path when CCTP_FEES_URL is set (Circle's API host,
 * https://iris-api.circle.com): `GET /v2/burn/USDC/fees/{sourceDomain}/{destDomain}` answers one entry per finality,
 * `[{finalityThreshold: 1000, minimumFee: 1.3}, {finalityThreshold: 2000, minimumFee: 0}]`, the fee in basis points
 * (decimals allowed); with `?forward=true` each entry also has `forwardFee: {low, med, high}`, the Forwarding Service
 * fee in USDC base units (developers.circle.com/cctp/howtos/get-transfer-fee and
 * .../transfer-usdc-with-forwarding-service). One request per (source, destination) pair of the lanes, `forward=true`
 * where the pair has a forwarded lane; each lane then quotes from the entry of its finality (live.ts), and a lane
 * without a live answer — none asked yet, or every refresh since failed for longer than the maximum age — from
 * data/cctp-v2.json. The forwarding fee taken is `high`: maxFee must cover whatever Circle charges at mint time.
 */
import pLimit from 'p-limit';
import { PeriodicRpcRefresher, type RefreshLog } from '../../periodic-rpc-refresher.js';
import { joinUrl, requestJson } from '../../tx/upstream.js';
import { hostOf, observeUpstream } from '../../upstream-calls.js';
import type { CctpV2Lane } from './lanes.js';
import { clearCctpV2LiveFee, cctpV2LiveFee, setCctpV2LiveFee } from './live.js';

/** Circle's fees move with the Fast Transfer allowance and destination gas: minutes, not seconds. */
const CCTP_FEE_INTERVAL_MS = 5 * 60_000;
const CCTP_FEE_MAX_AGE_MS = 4 * CCTP_FEE_INTERVAL_MS;
/** Requests to Circle in flight at once (its API allows 35 per second; a pass asks one per lane pair). */
const CONCURRENCY = 4;

interface CctpFeeEntry {
  finalityThreshold: number;
  minimumFee: number | string;
  forwardFee?: { low?: number | string; med?: number | string; high?: number | string };
}

/** Basis points (a decimal, 1.3) as parts per million, rounded up: the fee is never under-quoted. */
export function bpsToPpm(bps: number | string): bigint {
  const text = typeof bps === 'number' ? bps.toFixed(6) : bps.trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error(`not a fee in basis points: ${String(bps)}`);
  const micro = BigInt(m[1]!) * 1_000_000n + BigInt((m[2] ?? '').padEnd(6, '0').slice(0, 6));
  // 1 bp = 100 ppm: micro-bps / 10^4, rounded up.
  return (micro + 9_999n) / 10_000n;
}

function baseUnits(v: number | string | undefined): bigint | undefined {
  if (v === undefined) return undefined;
  const text = typeof v === 'number' ? String(Math.ceil(v)) : v.trim();
  return /^\d+$/.test(text) ? BigInt(text) : undefined;
}

interface Pair {
  source: number;
  dest: number;
  forward: boolean;
  lanes: CctpV2Lane[];
}

interface CctpFeeStatus {
  pairs: number;
  live: number;
  failures: number;
  lastRefreshAt: string | undefined;
}

export class CctpV2FeeRefresher extends PeriodicRpcRefresher {
  private readonly pairs: Pair[];
  private failures = 0;
  private lastRefreshAt: number | undefined;

  constructor(
    lanes: readonly CctpV2Lane[],
    private readonly feesUrl: string | undefined,
    opts: { timeoutMs: number; intervalMs?: number; maxAgeMs?: number; now?: () => number },
  ) {
    super({
      rpcUrls: new Map(),
      intervalMs: opts.intervalMs ?? CCTP_FEE_INTERVAL_MS,
      timeoutMs: opts.timeoutMs,
      maxAgeMs: opts.maxAgeMs ?? CCTP_FEE_MAX_AGE_MS,
      ...(opts.now ? { now: opts.now } : {}),
    });
    const byPair = new Map<string, Pair>();
    for (const lane of lanes) {
      const key = `${lane.sourceDomain}/${lane.destinationDomain}`;
      let p = byPair.get(key);
      if (!p)
        byPair.set(key, (p = { source: lane.sourceDomain, dest: lane.destinationDomain, forward: false, lanes: [] }));
      p.lanes.push(lane);
      p.forward ||= lane.forwarded;
    }
    this.pairs = [...byPair.values()];
  }

  protected get idle(): boolean {
    return !this.feesUrl || this.pairs.length === 0;
  }

  /** Circle's fee entries for one pair. */
  private async ask(pair: Pair): Promise<CctpFeeEntry[]> {
    const base = this.feesUrl!;
    const url = joinUrl(base, `v2/burn/USDC/fees/${pair.source}/${pair.dest}${pair.forward ? '?forward=true' : ''}`);
    const body = await observeUpstream({ upstream: 'bridge_api', target: hostOf(base) }, () =>
      requestJson(url, AbortSignal.timeout(this.opts.timeoutMs)),
    );
    if (!Array.isArray(body)) throw new Error(`${url}: not a list of fee entries`);
    return body as CctpFeeEntry[];
  }

  protected async pass(log?: RefreshLog): Promise<void> {
    const limit = pLimit(CONCURRENCY);
    await Promise.all(
      this.pairs.map((pair) =>
        limit(async () => {
          try {
            const entries = await this.ask(pair);
            const at = this.now();
            for (const lane of pair.lanes) {
              const entry = entries.find((e) => e.finalityThreshold === lane.minFinalityThreshold);
              if (!entry) throw new Error(`no fee entry for finality ${lane.minFinalityThreshold}`);
              const forwardFee = lane.forwarded ? baseUnits(entry.forwardFee?.high) : undefined;
              if (lane.forwarded && forwardFee === undefined)
                throw new Error('no forwardFee.high for a forwarded lane');
              setCctpV2LiveFee(lane, {
                feePpm: bpsToPpm(entry.minimumFee),
                ...(forwardFee !== undefined ? { forwardFee } : {}),
                at,
              });
            }
          } catch (err) {
            this.failures++;
            for (const lane of pair.lanes) {
              const last = cctpV2LiveFee(lane);
              if (last && this.now() - last.at > this.opts.maxAgeMs) clearCctpV2LiveFee(lane);
            }
            log?.warn(
              { err: (err as Error).message, sourceDomain: pair.source, destDomain: pair.dest },
              "Circle's CCTP V2 fee query failed; keeping the last answer or data/cctp-v2.json",
            );
          }
        }),
      ),
    );
    this.lastRefreshAt = this.now();
  }

  status(): CctpFeeStatus {
    return {
      pairs: this.pairs.length,
      live: this.pairs.filter((p) => p.lanes.every((l) => cctpV2LiveFee(l) !== undefined)).length,
      failures: this.failures,
      lastRefreshAt: this.lastRefreshAt === undefined ? undefined : new Date(this.lastRefreshAt).toISOString(),
    };
  }
}
