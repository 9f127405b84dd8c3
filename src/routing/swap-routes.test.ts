/**
 * Swap routing and swap messages on the real registry with constant-product test pools on Osmosis (real denoms,
 * real channels, real entry-point address). The real venues' math and snapshot are tested in venues/.
 */
import { describe, expect, it } from 'vitest';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import type { ApiError } from '../errors.js';
import { buildMessages } from '../route-txs/build.js';
import { parseAffiliates } from '../route-txs/affiliates.js';
import type { Tx } from '../wire/msgs.js';
import { testXykPool } from '../test-helpers/pools.js';
import { ATOM_ON_OSMOSIS, USDC_ON_OSMOSIS, testRegistry, userAddress } from '../test-helpers/registry.js';
import { assembleRoute, requiredChainAddresses } from './assemble.js';
import { planRoute } from './engine.js';
import { buildMarketView } from './market.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const VENUE = { name: 'osmosis-poolmanager', chainId: 'osmosis-1', logoUri: 'https://example.invalid/osmo.svg' };
const ENTRY_POINT = registry.chain('osmosis-1')!.entryPoint!.entryPoint;
const pools = [
  testXykPool('1', VENUE.name, [ATOM_ON_OSMOSIS, 1_000_000_000_000n], ['uosmo', 8_000_000_000_000n]),
  testXykPool('678', VENUE.name, [USDC_ON_OSMOSIS, 5_000_000_000_000n], ['uosmo', 10_000_000_000_000n]),
];
const market = buildMarketView(
  registry,
  [
    {
      venue: VENUE,
      snapshot: { venue: VENUE.name, chainId: 'osmosis-1', pools, takenAt: new Date(0), source: 'test' },
    },
  ],
  1,
);

type Req = Partial<RouteRequestFields> &
  Pick<RouteRequestFields, 'source_asset_chain_id' | 'source_asset_denom' | 'dest_asset_chain_id' | 'dest_asset_denom'>;
const plan = (req: Req) =>
  planRoute({ registry, market, bridges: BRIDGE_SET }, parseRouteQuery(registry, { amount_in: '1000000', ...req }));
const addresses = (route: ReturnType<typeof plan>) =>
  new Map(requiredChainAddresses(route).map((c) => [c, userAddress(registry, c)]));
const cosmos = (tx: Tx) => {
  if (!('cosmos_tx' in tx)) throw new Error('expected cosmos tx');
  return tx.cosmos_tx;
};
const NOW = 1_750_000_000_000;

describe('swap routes', () => {
  it('Hub ATOM → OSMO: transfer into Osmosis, swap there through the entry point, in one transaction', () => {
    const route = plan({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    const wire = assembleRoute(registry, route);
    expect(wire.does_swap).toBe(true);
    expect(wire.txs_required).toBe(1);
    expect(wire.swap_venues).toEqual([{ name: 'osmosis-poolmanager', chain_id: 'osmosis-1', logo_uri: VENUE.logoUri }]);
    expect(wire.operations).toHaveLength(2);
    const [transfer, swap] = wire.operations;
    expect(transfer).toMatchObject({
      transfer: { channel: 'channel-141', denom_out: ATOM_ON_OSMOSIS, to_chain_entry_contract_address: ENTRY_POINT },
    });
    expect(swap).toMatchObject({
      swap: {
        swap_in: {
          swap_operations: [{ pool: '1', denom_in: ATOM_ON_OSMOSIS, denom_out: 'uosmo' }],
          swap_amount_in: '1000000',
        },
        chain_id: 'osmosis-1',
        denom_in: ATOM_ON_OSMOSIS,
        denom_out: 'uosmo',
        estimated_affiliate_fee: '0uosmo',
      },
      tx_index: 0,
    });
    // Constant product with 0.3 % fee: 8e12 * 997000 / (1e12 + 997000) = 7976 OSMO-units per ATOM-unit... exactly:
    const net = (1_000_000n * 997_000n) / 1_000_000n;
    expect(wire.amount_out).toBe(((8_000_000_000_000n * net) / (1_000_000_000_000n + net)).toString());

    const built = buildMessages(registry, route, addresses(route), {
      nowMs: NOW,
      timeoutSeconds: 300,
      slippagePpm: 10_000n,
    });
    const tx = cosmos(built.txs[0]!);
    const msg = JSON.parse(tx.msgs[0]!.msg);
    expect(msg.receiver).toBe(ENTRY_POINT);
    const memo = JSON.parse(msg.memo);
    expect(memo.wasm.contract).toBe(ENTRY_POINT);
    const sa = memo.wasm.msg.swap_and_action;
    expect(sa.user_swap).toEqual({
      swap_exact_asset_in: {
        swap_venue_name: 'osmosis-poolmanager',
        operations: [{ pool: '1', denom_in: ATOM_ON_OSMOSIS, denom_out: 'uosmo' }],
      },
    });
    const gross = BigInt(wire.amount_out);
    expect(sa.min_asset).toEqual({
      native: { denom: 'uosmo', amount: (gross - (gross * 10_000n) / 1_000_000n).toString() },
    });
    expect(sa.post_swap_action).toEqual({ transfer: { to_address: userAddress(registry, 'osmosis-1') } });
    expect(sa.affiliates).toEqual([]);
    // The entry point reads timeouts above 9_999_999_999 as nanoseconds: the memo carries the exact integer.
    expect(/"timeout_timestamp":(\d+)/.exec(msg.memo)?.[1]).toBe(String(BigInt(NOW) * 1_000_000n + 300_000_000_000n));
    expect(built.minAmountOut.toString()).toBe(sa.min_asset.native.amount);
  });

  it('a swap on the source chain is a MsgExecuteContract on the entry point with the input as funds', () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    const built = buildMessages(registry, route, addresses(route), { nowMs: NOW, timeoutSeconds: 300 });
    const m = cosmos(built.txs[0]!).msgs[0]!;
    expect(m.msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    const json = JSON.parse(m.msg);
    expect(json).toMatchObject({
      sender: userAddress(registry, 'osmosis-1'),
      contract: ENTRY_POINT,
      funds: [{ denom: ATOM_ON_OSMOSIS, amount: '1000000' }],
    });
    // Re-encode through the chain's protobuf model: the contract message travels as UTF-8 JSON bytes.
    const encoded = MsgExecuteContract.encode(
      MsgExecuteContract.fromPartial({
        sender: json.sender,
        contract: json.contract,
        msg: new TextEncoder().encode(JSON.stringify(json.msg)),
        funds: json.funds,
      }),
    ).finish();
    const decoded = MsgExecuteContract.decode(encoded);
    expect(
      JSON.parse(new TextDecoder().decode(decoded.msg)).swap_and_action.user_swap.swap_exact_asset_in.operations[0]
        .pool,
    ).toBe('1');
  });

  it("a wasm handler after a swap is the entry point's contract_call, whose Binary is the caller's message byte for byte", () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    const raw =
      '{ "bond": {"amount": 1795403120853123457, "recipient": "osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4"} }';
    const contract = registry.chain('osmosis-1')!.entryPoint!.ibcAdapter!;
    const built = buildMessages(registry, route, addresses(route), {
      nowMs: NOW,
      timeoutSeconds: 300,
      postRouteHandler: { wasm_msg: { contract_address: contract.toUpperCase(), msg: raw } },
    });
    const call = JSON.parse(cosmos(built.txs[0]!).msgs[0]!.msg).msg.swap_and_action.post_swap_action.contract_call;
    expect(call.contract_address).toBe(contract);
    expect(Buffer.from(call.msg, 'base64').toString('utf8')).toBe(raw);
    expect(() =>
      buildMessages(registry, route, addresses(route), {
        nowMs: NOW,
        timeoutSeconds: 300,
        postRouteHandler: { wasm_msg: { contract_address: 'not-an-address', msg: raw } },
      }),
    ).toThrow(/invalid address for chain osmosis-1 in post_route_handler\.wasm_msg\.contract_address/);
  });

  it('Noble USDC → ATOM on the Hub: transfer, swap USDC→OSMO→ATOM, then the post-swap action sends it home', () => {
    const route = plan({
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
    });
    const wire = assembleRoute(registry, route);
    expect(wire.chain_ids).toEqual(['noble-1', 'osmosis-1', 'cosmoshub-4']);
    expect(wire.txs_required).toBe(1);
    expect(wire.operations.map((o) => Object.keys(o).find((k) => k === 'transfer' || k === 'swap'))).toEqual([
      'transfer',
      'swap',
      'transfer',
    ]);
    const swap = wire.operations[1]!;
    expect('swap' in swap && swap.swap.swap_in?.swap_operations.map((o) => o.pool)).toEqual(['678', '1']);
    const built = buildMessages(registry, route, addresses(route), { nowMs: NOW, timeoutSeconds: 300 });
    const memo = JSON.parse(JSON.parse(cosmos(built.txs[0]!).msgs[0]!.msg).memo);
    expect(memo.wasm.msg.swap_and_action.post_swap_action).toEqual({
      ibc_transfer: {
        ibc_info: {
          source_channel: 'channel-0',
          receiver: userAddress(registry, 'cosmoshub-4'),
          memo: '',
          recover_address: userAddress(registry, 'osmosis-1'),
        },
      },
    });
  });

  it('exact-out solves the input with the inverse math and pads it by the slippage tolerance', () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: undefined,
      amount_out: '5000000',
    });
    expect(route.amountOut).toBe(5_000_000n);
    const swap = route.steps[0]!;
    expect(swap.kind === 'swap' && pools[0]!.exactIn(ATOM_ON_OSMOSIS, 'uosmo', route.amountIn)! >= 5_000_000n).toBe(
      true,
    );
    const wire = assembleRoute(registry, route);
    expect(wire.operations[0]).toMatchObject({ swap: { swap_out: { swap_amount_out: '5000000' } } });
    const built = buildMessages(registry, route, addresses(route), {
      nowMs: NOW,
      timeoutSeconds: 300,
      slippagePpm: 5_000n,
    });
    const json = JSON.parse(cosmos(built.txs[0]!).msgs[0]!.msg);
    expect(json.funds[0].amount).toBe((route.amountIn + (route.amountIn * 5_000n + 999_999n) / 1_000_000n).toString());
    expect(json.msg.swap_and_action.user_swap.swap_exact_asset_out.refund_address).toBe(
      userAddress(registry, 'osmosis-1'),
    );
    expect(json.msg.swap_and_action.min_asset.native.amount).toBe('5000000');
  });

  it('exact-out with affiliates: delivers exactly amount_out; the fee is floor(amount_out × bps / 10⁴) on top, as swap_exact_asset_out takes it', () => {
    const route = plan({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: undefined,
      amount_out: '100000000',
      cumulative_affiliate_fee_bps: '100',
    });
    expect(route.amountOut).toBe(100_000_000n);
    const swap = route.steps.find((s) => s.kind === 'swap')!;
    expect(swap.kind === 'swap' && [swap.affiliateFee, swap.grossOut, swap.amountOut]).toEqual([
      1_000_000n,
      101_000_000n,
      100_000_000n,
    ]);
    // The input buys exactly min_asset + fee from the pool (inverse math rounds the input up).
    expect(pools[0]!.exactOut(ATOM_ON_OSMOSIS, 'uosmo', 101_000_000n)).toBe(route.amountIn);
    const wire = assembleRoute(registry, route);
    expect(wire.amount_out).toBe('100000000');
    expect(wire.operations[1]).toMatchObject({
      swap: { swap_out: { swap_amount_out: '101000000' }, estimated_affiliate_fee: '1000000uosmo' },
    });
    // Two affiliates of 60 + 40 bps: the contract takes 600000 + 400000 and hands on exactly min_asset.
    const affiliates = parseAffiliates(registry, {
      'osmosis-1': {
        affiliates: [
          { address: userAddress(registry, 'osmosis-1'), basis_points_fee: '60' },
          { address: ENTRY_POINT, basis_points_fee: '40' },
        ],
      },
    });
    const built = buildMessages(registry, route, addresses(route), {
      nowMs: NOW,
      timeoutSeconds: 300,
      slippagePpm: 10_000n,
      affiliates,
    });
    expect(built.minAmountOut).toBe(100_000_000n);
    const transfer = JSON.parse(cosmos(built.txs[0]!).msgs[0]!.msg);
    const sa = JSON.parse(transfer.memo).wasm.msg.swap_and_action;
    expect(sa.min_asset.native.amount).toBe('100000000');
    expect(Object.keys(sa.user_swap)).toEqual(['swap_exact_asset_out']);
  });

  it('affiliate fees: min_asset is net of fees computed on it, and the affiliates ride in the message', () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      cumulative_affiliate_fee_bps: '100',
    });
    const noFee = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    });
    expect(route.amountOut).toBe(noFee.amountOut - (noFee.amountOut * 100n) / 10_000n);
    const affiliate = userAddress(registry, 'osmosis-1');
    const built = buildMessages(registry, route, addresses(route), {
      nowMs: NOW,
      timeoutSeconds: 300,
      slippagePpm: 10_000n,
      affiliates: parseAffiliates(registry, {
        'osmosis-1': { affiliates: [{ address: affiliate, basis_points_fee: '100' }] },
      }),
    });
    const sa = JSON.parse(cosmos(built.txs[0]!).msgs[0]!.msg).msg.swap_and_action;
    expect(sa.affiliates).toEqual([{ basis_points_fee: '100', address: affiliate }]);
    const minAsset = BigInt(sa.min_asset.native.amount);
    const worstGross = noFee.amountOut - (noFee.amountOut * 10_000n) / 1_000_000n;
    // The contract requires output − min_asset·bps/10⁴ ≥ min_asset at the worst accepted price.
    expect(worstGross - (minAsset * 100n) / 10_000n >= minAsset).toBe(true);
    expect(worstGross - ((minAsset + 1n) * 100n) / 10_000n >= minAsset + 1n).toBe(false);
  });

  it('allow_swaps false and excluded venues are refused with the reason', () => {
    const explanation = (req: Req) => {
      try {
        plan(req);
      } catch (err) {
        expect(err).toMatchObject({ code: 5, message: 'no routes found' });
        return (err as ApiError).details[0]?.metadata.explanation;
      }
      throw new Error('expected no route');
    };
    const atomToOsmo = {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
    };
    expect(explanation({ ...atomToOsmo, allow_swaps: false })).toMatch(/allow_swaps is false/);
    expect(explanation({ ...atomToOsmo, swap_venues: [{ name: 'neutron-astroport', chain_id: 'neutron-1' }] })).toMatch(
      /no bridge lane or enabled swap venue connects/,
    );
  });
});
