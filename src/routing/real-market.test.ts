/**
 * Routes through the shipped market: the real Osmosis and Astroport pool snapshots (data/pools), the real registry,
 * prices derived from those pools (both snapshots are re-priced to one moment, see scripts/reprice-offline-pools.ts).
 */
import { describe, expect, it } from 'vitest';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import type { ApiError } from '../errors.js';
import { buildMessages } from '../route-txs/build.js';
import { ATOM_ON_OSMOSIS, userAddress } from '../test-helpers/registry.js';
import { requiredChainAddresses } from './assemble.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { quoteRoute } from './quote.js';
import { scanContext } from '../test-helpers/route-scan.js';

/** The shipped registry and market, every bridge, the default thresholds, a fixed request time. */
const ctx = scanContext(Date.UTC(2026, 10, 21));
const { registry, market } = ctx;
const ENTRY = registry.chain('osmosis-1')!.entryPoint!.entryPoint;

type Req = Partial<RouteRequestFields> &
  Pick<RouteRequestFields, 'source_asset_chain_id' | 'source_asset_denom' | 'dest_asset_chain_id' | 'dest_asset_denom'>;
const quote = (req: Req) => quoteRoute(ctx, parseRouteQuery(registry, { amount_in: '10000000', ...req }));
const messagesOf = (q: ReturnType<typeof quote>) =>
  buildMessages(
    registry,
    q.planned,
    new Map(requiredChainAddresses(q.planned).map((c) => [c, userAddress(registry, c)])),
    { nowMs: ctx.nowMs, timeoutSeconds: 300 },
  );

describe('routes on the shipped pool snapshots', () => {
  it('Hub ATOM → OSMO: transfer into Osmosis and a swap on real pools, one transaction, priced and safe', () => {
    const q0 = quote({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    const { route } = q0;
    expect(route.does_swap).toBe(true);
    expect(route.txs_required).toBe(1);
    expect(route.swap_venues.map((v) => v.name)).toEqual(['osmosis-poolmanager']);
    expect(BigInt(route.amount_out)).toBeGreaterThan(0n);
    expect(Number(route.swap_price_impact_percent)).toBeLessThan(5);
    expect(route.usd_amount_in).toMatch(/^\d+\.\d{2}$/);
    expect(route.warning).toBeUndefined();
    // Every pool named in the operation exists in the shipped snapshot and trades the named denoms.
    const swap = route.operations.find((o) => 'swap' in o)!;
    const ops = 'swap' in swap ? swap.swap.swap_in!.swap_operations : [];
    const osmosis = market.venues.find((v) => v.venue.name === 'osmosis-poolmanager')!;
    for (const o of ops)
      expect(osmosis.pool(o.pool)?.denoms).toEqual(expect.arrayContaining([o.denom_in, o.denom_out]));
    // The transfer lands on the entry point, which swaps on arrival.
    const built = messagesOf(q0);
    const tx = built.txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('cosmos tx expected');
    const m = JSON.parse(tx.cosmos_tx.msgs[0]!.msg);
    const decoded = MsgTransfer.decode(
      MsgTransfer.encode(
        MsgTransfer.fromPartial({
          sourcePort: m.source_port,
          sourceChannel: m.source_channel,
          token: m.token,
          sender: m.sender,
          receiver: m.receiver,
          memo: m.memo,
        }),
      ).finish(),
    );
    expect(decoded.receiver).toBe(ENTRY);
    expect(JSON.parse(decoded.memo).wasm.msg.swap_and_action.user_swap.swap_exact_asset_in.operations).toEqual(
      ops.map(({ pool, denom_in, denom_out }) => ({ pool, denom_in, denom_out })),
    );
  });

  it('a swap on the source chain (OSMO → ATOM on Osmosis) is one MsgExecuteContract', () => {
    const q = quote({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      amount_in: '100000000',
    });
    const tx = messagesOf(q).txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('cosmos tx expected');
    expect(tx.cosmos_tx.msgs[0]!.msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    const j = JSON.parse(tx.cosmos_tx.msgs[0]!.msg);
    const bytes = MsgExecuteContract.encode(
      MsgExecuteContract.fromPartial({
        sender: j.sender,
        contract: j.contract,
        msg: new TextEncoder().encode(JSON.stringify(j.msg)),
        funds: j.funds,
      }),
    ).finish();
    expect(MsgExecuteContract.decode(bytes).contract).toBe(ENTRY);
    expect(j.funds).toEqual([{ denom: 'uosmo', amount: '100000000' }]);
  });

  it('a swap followed by a transfer: OSMO on Osmosis → ATOM on the Hub rides the post-swap action over channel-0', () => {
    const q = quote({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
      amount_in: '100000000',
    });
    expect(q.route.chain_ids).toEqual(['osmosis-1', 'cosmoshub-4']);
    const tx = messagesOf(q).txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('cosmos tx expected');
    const action = JSON.parse(tx.cosmos_tx.msgs[0]!.msg).msg.swap_and_action.post_swap_action;
    expect(action.ibc_transfer.ibc_info).toMatchObject({
      source_channel: 'channel-0',
      receiver: userAddress(registry, 'cosmoshub-4'),
      recover_address: userAddress(registry, 'osmosis-1'),
    });
  });

  it('exact-out on real pools buys at least the requested amount', () => {
    const q = quote({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      amount_in: undefined,
      amount_out: '1000000',
    });
    const swap = q.planned.steps[0]!;
    if (swap.kind !== 'swap') throw new Error('swap expected');
    let amount = q.planned.amountIn;
    for (const hop of swap.routes[0]!.path) amount = hop.pool.exactIn(hop.denomIn, hop.denomOut, amount)!;
    expect(amount).toBeGreaterThanOrEqual(1_000_000n);
  });

  it('Noble USDC → NTRN through thin Astroport pairs is refused as BAD_PRICE, and returned with a warning under allow_unsafe', () => {
    const req = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: 'neutron-1',
      dest_asset_denom: 'untrn',
      amount_in: '100000000',
    };
    let err: ApiError | undefined;
    try {
      quote(req);
    } catch (e) {
      err = e as ApiError;
    }
    expect(err?.code).toBe(3);
    expect(err?.details[0]).toMatchObject({
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'BAD_PRICE_ERROR',
    });
    expect(err?.message).toMatch(/input usd value: 100\.00 output usd value: \d+\.\d{2}/);
    const unsafe = quote({ ...req, allow_unsafe: true });
    expect(unsafe.route.warning?.type).toBe('BAD_PRICE_WARNING');
    expect(unsafe.route.swap_venues[0]!.name).toBe('neutron-astroport');
  });
});
