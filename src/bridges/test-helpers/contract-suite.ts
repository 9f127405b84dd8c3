/**
 * The shared bridge contract suite: what every bridge folder must satisfy, run by each folder's contract.test.ts
 * against the real registry and the real HTTP app.
 *
 * - It is listed by /v2/info/bridges.
 * - Sample routes over it (real chains and assets, given by the folder) come back from /route with operations of its
 *   kind, and echoing those operations to /msgs gives the same transactions as /msgs_direct: the reverse of every
 *   record re-validates it, and the amounts in the echoed records are never trusted.
 * - A record whose chain or denoms were tampered with is refused with code 3 naming the operation.
 * - The transactions returned match the route's tx_index values and txs_required.
 * - Lane bridges: every lane joins two registry assets; quotes never create value, exact-out inverts exact-in, and
 *   quotes are deterministic.
 * - Tracking: a tracker for the bridge's leg kind is registered (src/tx/trackers.ts); and for each source transaction
 *   the folder gives (its real event shapes), the tracker recognises the transfer and the status answer right after
 *   the send is pending, never COMPLETED_SUCCESS before a destination event.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import type { IbcBridge } from '../ibc/bridge.js';
import { isRefusal, type LaneBridge } from '../types.js';
import { newRecord } from '../../tx/record.js';
import { statusOf } from '../../tx/status.js';
import type { IncludedTx, TrackerEnv } from '../../tx/tracker.js';
import { LEG_KIND_OF_BRIDGE, TRACKERS } from '../../tx/trackers.js';

export interface ContractSample {
  name: string;
  route: Record<string, unknown>;
  /** User address per chain the route may touch. */
  addresses: Record<string, string>;
  /** A field of this bridge's record to tamper with, and a value that must be refused. */
  tamper: { field: string; value: string };
}

/** Timeouts are computed from the request time: equal otherwise. */
const withoutClock = (v: unknown) => JSON.stringify(v).replace(/(timeout_timestamp\\*"?:\\*"?)\d+/g, '$1T');

/** A source transaction of the bridge as the chain reports it (EVM logs or Cosmos events), for the tracking checks. */
export interface TrackingSample {
  name: string;
  tx: IncludedTx;
}

export function runBridgeContract(
  bridge: IbcBridge | LaneBridge,
  samples: readonly ContractSample[],
  tracking: readonly TrackingSample[] = [],
): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.app.close());

  describe(`bridge contract: ${bridge.id}`, () => {
    it('is listed by /v2/info/bridges with its name and logo', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/v2/info/bridges' });
      expect(res.json().bridges).toContainEqual({ id: bridge.id, name: bridge.name, logo_uri: bridge.logoUri });
    });

    describe.each(samples.map((s) => [s.name, s] as const))('%s', (_name, sample) => {
      const routeOf = async () => {
        const res = await post(t.app, '/v2/fungible/route', sample.route);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };

      it(`/route uses ${bridge.operationKind} operations, and tx indices agree with txs_required`, async () => {
        const route = await routeOf();
        expect(route.operations.some((o: object) => bridge.operationKind in o)).toBe(true);
        const indices = route.operations.map((o: { tx_index: number }) => o.tx_index);
        expect(indices[0]).toBe(0);
        expect(Math.max(...indices) + 1).toBe(route.txs_required);
        for (let i = 1; i < indices.length; i++) expect(indices[i] - indices[i - 1]).toBeGreaterThanOrEqual(0);
      });

      it('/msgs on the echoed operations equals /msgs_direct, whatever amounts the echo carries', async () => {
        const route = await routeOf();
        const addressList = route.required_chain_addresses.map((c: string) => sample.addresses[c]);
        const echoed = route.operations.map((o: Record<string, unknown>) => ({
          ...o,
          amount_in: '1',
          amount_out: '999999999999999999',
        }));
        const msgs = await post(t.app, '/v2/fungible/msgs', {
          source_asset_denom: route.source_asset_denom,
          source_asset_chain_id: route.source_asset_chain_id,
          dest_asset_denom: route.dest_asset_denom,
          dest_asset_chain_id: route.dest_asset_chain_id,
          amount_in: route.amount_in,
          amount_out: route.estimated_amount_out,
          address_list: addressList,
          operations: echoed,
        });
        expect(msgs.statusCode, msgs.body).toBe(200);
        const direct = await post(t.app, '/v2/fungible/msgs_direct', {
          ...sample.route,
          chain_ids_to_addresses: sample.addresses,
        });
        expect(direct.statusCode, direct.body).toBe(200);
        expect(withoutClock(msgs.json().txs)).toBe(withoutClock(direct.json().txs));
        expect(msgs.json().txs).toHaveLength(route.txs_required);
        const covered = msgs.json().txs.flatMap((tx: { operations_indices: number[] }) => tx.operations_indices);
        expect(covered).toEqual(route.operations.map((_: unknown, i: number) => i));
      });

      it(`refuses a tampered ${bridge.operationKind} record (${sample.tamper.field}), naming the operation`, async () => {
        const route = await routeOf();
        const i = route.operations.findIndex((o: object) => bridge.operationKind in o);
        const ops = structuredClone(route.operations);
        ops[i][bridge.operationKind][sample.tamper.field] = sample.tamper.value;
        const res = await post(t.app, '/v2/fungible/msgs', {
          source_asset_denom: route.source_asset_denom,
          source_asset_chain_id: route.source_asset_chain_id,
          dest_asset_denom: route.dest_asset_denom,
          dest_asset_chain_id: route.dest_asset_chain_id,
          amount_in: route.amount_in,
          address_list: route.required_chain_addresses.map((c: string) => sample.addresses[c]),
          operations: ops,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(3);
        expect(res.json().message).toContain(`operations[${i}]`);
      });
    });

    it(`its transfers are followed to the destination: a tracker for its legs is registered`, () => {
      const kind = LEG_KIND_OF_BRIDGE[bridge.id];
      expect(
        TRACKERS.get(kind)?.kind,
        `no tracker for ${bridge.id} (${kind} legs) in src/tx/trackers.ts: its transfers would end at the source`,
      ).toBe(kind);
    });

    describe.each(tracking.map((s) => [s.name, s] as const))('tracking %s', (_name, sample) => {
      it('the tracker recognises the transfer; right after the send it is pending, never a success', () => {
        const tracker = TRACKERS.get(LEG_KIND_OF_BRIDGE[bridge.id])!;
        const env: TrackerEnv = {
          registry: t.ctx.registry,
          // Recognising a transfer reads the transaction alone; no chain is asked.
          clients: undefined as never,
          now: () => Date.now(),
          chainTx: (chain_id, tx_hash, on_chain_at) => ({ chain_id, tx_hash, explorer_link: '', on_chain_at }),
          attestationUrl: undefined,
        };
        const legs = tracker.discover(sample.tx, env);
        expect(legs.length, 'no transfer recognised in the sample transaction').toBeGreaterThan(0);
        for (const leg of legs) expect(tracker.summarize(leg as never).outcome).toBe('pending');
        const record = newRecord(sample.tx.chainId, 'cosmos', sample.tx.hash, '', 0);
        record.initial = { height: sample.tx.height, time: sample.tx.time, ok: true, error: null };
        record.transfers = legs.map((leg) => ({ legs: [leg] }));
        const status = statusOf(TRACKERS, record);
        expect(status.state).toBe('STATE_PENDING');
        expect(status.transfers.map((x) => x.state)).not.toContain('STATE_COMPLETED_SUCCESS');
        expect(status.next_blocking_transfer).toEqual({ transfer_sequence_index: 0 });
      });
    });

    if (bridge.kind === 'lanes') {
      it('every lane joins two registry assets, in a deterministic order', () => {
        const lanes = bridge.lanes(t.ctx.registry);
        expect(lanes.length).toBeGreaterThan(0);
        for (const lane of lanes) {
          expect(lane.bridge).toBe(bridge.id);
          expect(
            t.ctx.registry.asset(lane.fromChainId, lane.denomIn),
            `${lane.fromChainId} ${lane.denomIn}`,
          ).toBeDefined();
          expect(
            t.ctx.registry.asset(lane.toChainId, lane.denomOut),
            `${lane.toChainId} ${lane.denomOut}`,
          ).toBeDefined();
          expect(lane.fromChainId).not.toBe(lane.toChainId);
        }
        expect(bridge.lanes(t.ctx.registry)).toEqual(lanes);
      });

      it('quotes never create value, exact-out inverts exact-in, and equal inputs give equal quotes', () => {
        const lanes = bridge.lanes(t.ctx.registry);
        fc.assert(
          fc.property(
            fc.integer({ min: 0, max: lanes.length - 1 }),
            fc.bigInt({ min: 1n, max: 10n ** 24n }),
            (k, amount) => {
              const lane = lanes[k]!;
              const q = bridge.quote(lane, amount, 'in');
              if (isRefusal(q)) return true;
              expect(q.amountIn).toBe(amount);
              // Compared in whole tokens: the two ends of a lane may count in different decimals (USDC on BNB Chain).
              const decimalsIn = BigInt(t.ctx.registry.asset(lane.fromChainId, lane.denomIn)!.wire.decimals ?? 0);
              const decimalsOut = BigInt(t.ctx.registry.asset(lane.toChainId, lane.denomOut)!.wire.decimals ?? 0);
              expect(q.amountOut * 10n ** decimalsIn <= amount * 10n ** decimalsOut).toBe(true);
              expect(q.seconds).toBeGreaterThan(0);
              expect(bridge.quote(lane, amount, 'in')).toEqual(q);
              if (q.amountOut > 0n) {
                const back = bridge.quote(lane, q.amountOut, 'out');
                if (!isRefusal(back)) {
                  expect(back.amountOut).toBe(q.amountOut);
                  expect(back.amountIn <= amount).toBe(true);
                }
              }
              return true;
            },
          ),
          { numRuns: 300, seed: Number(process.env.FUZZ_SEED ?? 42) },
        );
      });
    }
  });
}
