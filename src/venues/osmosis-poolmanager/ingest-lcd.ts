/**
 * Live Osmosis state from a node's REST (LCD) endpoint:
 *   GET /osmosis/poolmanager/v1beta1/all-pools                              → { pools: [Any...] } (proto-JSON)
 *   GET /osmosis/concentratedliquidity/v1beta1/liquidity_per_tick_range?pool_id=N → { liquidity: [...], bucket_index }
 *   GET /cosmos/bank/v1beta1/balances/{contract}                            → a transmuter's balances
 *   GET /osmosis/poolmanager/v1beta1/Params                                 → taker_fee_params.default_taker_fee
 * Mainnet has thousands of pools, so per-pool follow-up queries are limited to `poolIds` when given, and to
 * `maxFollowUps` requests per poll.
 */
import { parseDec } from '../math/fixed.js';
import { parseJsonArrayChunked } from '../ingest/chunked-json.js';
import { IngestError, fetchJson, fetchText, mapLimit } from '../ingest/http.js';
import type { SnapshotFetcher } from '../ingest/poller.js';
import { obj, str } from '../json.js';
import { PoolType, type PoolRecord, isTransmuterRecord, recordFromLcd, recordId } from './parse.js';
import { buildSnapshotChunked } from './snapshot.js';
import type { TakerFees } from './taker-fee.js';

export interface LcdIngestOptions {
  /** LCD base URL, e.g. https://lcd.osmosis.zone */
  baseUrl: string;
  /** Pair overrides; the default fee is refreshed from chain params each poll. */
  takerFees: TakerFees;
  /** Only these pools (ids) are kept; all pools when absent. */
  poolIds?: readonly string[];
  /** At most this many tick-model and balance requests per poll (default 200). */
  maxFollowUps?: number;
  concurrency?: number;
  timeoutMs?: number;
  now?: () => Date;
}

export function lcdFetcher(opts: LcdIngestOptions): SnapshotFetcher {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const keep = opts.poolIds ? new Set(opts.poolIds) : undefined;
  return async (signal) => {
    const takenAt = (opts.now ?? (() => new Date()))();
    const url = `${base}/osmosis/poolmanager/v1beta1/all-pools`;
    const text = await fetchText(url, { signal, timeoutMs: opts.timeoutMs });
    let items: unknown[];
    try {
      items = await parseJsonArrayChunked(text, 'pools');
    } catch (err) {
      throw new IngestError(`all-pools response malformed: ${(err as Error).message}`, url, undefined, { cause: err });
    }
    const skipped: string[] = [];
    const records: PoolRecord[] = [];
    items.forEach((item, i) => {
      try {
        const r = recordFromLcd(item, `pools[${i}]`);
        if (r && (!keep || keep.has(recordId(r)))) records.push(r);
      } catch (err) {
        skipped.push(`pools[${i}]: ${(err as Error).message}`);
      }
    });

    const followUps = records
      .filter((r) => r.type === PoolType.Concentrated || isTransmuterRecord(r))
      .slice(0, opts.maxFollowUps ?? 200);
    await mapLimit(followUps, opts.concurrency ?? 4, async (r) => {
      const id = recordId(r);
      try {
        if (r.type === PoolType.Concentrated) {
          r.tickModel = await fetchJson(
            `${base}/osmosis/concentratedliquidity/v1beta1/liquidity_per_tick_range?pool_id=${id}`,
            { signal, timeoutMs: opts.timeoutMs },
          );
        } else {
          const contract = str(r.chainModel.contract_address, 'contract_address');
          const res = obj(
            await fetchJson(`${base}/cosmos/bank/v1beta1/balances/${contract}?pagination.limit=1000`, {
              signal,
              timeoutMs: opts.timeoutMs,
            }),
            'balances',
          );
          r.balances = res.balances;
        }
      } catch (err) {
        if (signal.aborted) throw err;
        skipped.push(`${id}: follow-up query failed (${(err as Error).message})`);
      }
    });
    // A transmuter whose balances could not be read is not quotable; the builder will skip it with a reason.

    let takerFees = opts.takerFees;
    try {
      const params = obj(
        obj(await fetchJson(`${base}/osmosis/poolmanager/v1beta1/Params`, { signal, timeoutMs: opts.timeoutMs }), 'r')
          .params,
        'params',
      );
      const def = parseDec(
        str(obj(params.taker_fee_params, 'taker_fee_params').default_taker_fee, 'default_taker_fee'),
      );
      takerFees = takerFees.withDefault(def);
    } catch (err) {
      if (signal.aborted) throw err;
      skipped.push(`params: default taker fee not refreshed (${(err as Error).message})`);
    }

    const snap = await buildSnapshotChunked(records, { takerFees, takenAt, source: url });
    return { ...snap, skipped: [...skipped, ...(snap.skipped ?? [])] };
  };
}
