/**
 * Live Astroport state through CosmWasm smart queries on a Neutron LCD:
 *   GET /cosmwasm/wasm/v1/contract/{addr}/smart/{base64(query)} → { data: … }
 * per pair: `pair` (asset infos and type, asked once: it never changes), `pool` (reserves) and `config` (factory
 * address; amplification of stable pairs); per factory and pair type: `fee_info` (the commission). Stable pairs also
 * need token decimals: from `decimals` (the registry) or, for CW20 tokens, the token's `token_info`.
 * A pair whose queries fail is left out of that poll (and listed in `skipped`); the poll fails only if no pair works.
 */
import { fetchJson, mapLimit } from '../ingest/http.js';
import type { SnapshotFetcher } from '../ingest/poller.js';
import { forEachChunked } from '../ingest/yield.js';
import { int, obj, str } from '../json.js';
import type { Pool } from '../types.js';
import type { AstroportAsset } from './base.js';
import { ASTROPORT_VENUE } from './base.js';
import { type PairKind, buildPair, denomOf, feeRate, pairKind, poolAssets, stableAmp } from './parse.js';
import { NEUTRON_CHAIN_ID } from './snapshot.js';

export interface AstroportIngestOptions {
  /** Neutron LCD base URL. */
  lcdUrl: string;
  /** Pair contract addresses to follow. */
  pairs: readonly string[];
  /** Decimals of a bank denom (from the registry); CW20 decimals are queried. */
  decimals?: (denom: string) => number | undefined;
  concurrency?: number;
  timeoutMs?: number;
  now?: () => Date;
}

interface PairInfo {
  kind: PairKind;
  pairType: unknown;
  denoms: string[];
}

function smartQueryUrl(lcd: string, contract: string, query: unknown): string {
  const b64 = Buffer.from(JSON.stringify(query)).toString('base64');
  return `${lcd.replace(/\/+$/, '')}/cosmwasm/wasm/v1/contract/${contract}/smart/${encodeURIComponent(b64)}`;
}

export function astroportFetcher(opts: AstroportIngestOptions): SnapshotFetcher {
  const pairInfo = new Map<string, PairInfo>(); // immutable per pair: kept across polls
  const cw20Decimals = new Map<string, number>();
  return async (signal) => {
    const takenAt = (opts.now ?? (() => new Date()))();
    const q = async (contract: string, query: unknown): Promise<unknown> =>
      obj(
        await fetchJson(smartQueryUrl(opts.lcdUrl, contract, query), { signal, timeoutMs: opts.timeoutMs }),
        'response',
      ).data;
    const fees = new Map<string, Promise<bigint>>(); // factory|type → total fee rate, per poll
    const decimalsOf = async (denom: string): Promise<number | undefined> => {
      if (!denom.startsWith('cw20:')) return opts.decimals?.(denom);
      const addr = denom.slice(5);
      let d = cw20Decimals.get(addr);
      if (d === undefined) {
        d = int(obj(await q(addr, { token_info: {} }), 'token_info').decimals, 'decimals');
        cw20Decimals.set(addr, d);
      }
      return d;
    };

    const skipped: string[] = [];
    const specs = await mapLimit(opts.pairs, opts.concurrency ?? 4, async (address) => {
      try {
        let info = pairInfo.get(address);
        if (!info) {
          const p = obj(await q(address, { pair: {} }), 'pair');
          const pairType = p.pair_type;
          info = {
            kind: pairKind(pairType, 'pair_type'),
            pairType,
            denoms: (p.asset_infos as unknown[]).map((a, i) => denomOf(a, `asset_infos[${i}]`)),
          };
          pairInfo.set(address, info);
        }
        if (info.kind === 'other') {
          skipped.push(`${address}: pair type not modelled`);
          return undefined;
        }
        const [pool, config] = await Promise.all([q(address, { pool: {} }), q(address, { config: {} })]);
        const factory = str(obj(config, 'config').factory_addr, 'config.factory_addr');
        const key = `${factory}|${info.kind}`;
        let fee = fees.get(key);
        if (!fee) {
          fee = q(factory, { fee_info: { pair_type: info.pairType } }).then((r) =>
            feeRate(obj(r, 'fee_info').total_fee_rate, 'total_fee_rate'),
          );
          fees.set(key, fee);
        }
        const reserves = poolAssets(pool, 'pool');
        const assets: AstroportAsset[] = [];
        for (const r of reserves)
          assets.push({ ...r, decimals: info.kind === 'stable' ? await decimalsOf(r.denom) : undefined });
        return {
          address,
          kind: info.kind,
          totalFeeRate: await fee,
          assets,
          amp: info.kind === 'stable' ? stableAmp(config, 'config') : undefined,
        };
      } catch (err) {
        if (signal.aborted) throw err;
        skipped.push(`${address}: ${(err as Error).message}`);
        return undefined;
      }
    });

    const pools: Pool[] = [];
    await forEachChunked(specs, (spec) => {
      if (!spec) return;
      try {
        const pair = buildPair(spec);
        if (pair) pools.push(pair);
      } catch (err) {
        skipped.push((err as Error).message);
      }
    });
    return {
      venue: ASTROPORT_VENUE,
      chainId: NEUTRON_CHAIN_ID,
      pools: Object.freeze(pools),
      takenAt,
      source: `${opts.lcdUrl} (smart queries)`,
      skipped,
    };
  };
}
