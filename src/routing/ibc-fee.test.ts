/**
 * Neutron's relayer fee on a post-swap IBC transfer, on the real registry and the shipped Astroport snapshot: the
 * deployed neutron-transfer adapter refuses an ibc_info without `fee`, and the entry point takes the one fee coin out
 * of the swap input (directly when the input is untrn, through fee_swap otherwise).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { buildMessages } from '../route-txs/build.js';
import { readDataFile } from '../registry/data-files.js';
import { testRegistry, userAddress } from '../test-helpers/registry.js';
import { requiredChainAddresses, assembleRoute } from './assemble.js';
import { planRoute } from './engine.js';
import { planFromOperations } from './operations.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { simulateExactIn, simulateExactOut } from './swap.js';
import type { SwapStep } from './types.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const NEUTRON_ENTRY_POINT = 'neutron1zvesudsdfxusz06jztpph4d3h5x6veglqsspxns2v2jqml9nhywskcc923';
const ATOM_ON_NEUTRON = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
/** Axelar USDC on Neutron (transfer/channel-2/uusdc), traded against NTRN on Astroport. */
const AXL_USDC_ON_NEUTRON = 'ibc/F082B65C88E4B6D5EF1DB243CDA1D331D002759E938A0F5CD3FFDC5D53B3E349';
const FEES = readDataFile<{ chains: Record<string, unknown> }>('ibc-transfer-fees.json').chains['neutron-1'];

type Req = Partial<RouteRequestFields> &
  Pick<RouteRequestFields, 'source_asset_chain_id' | 'source_asset_denom' | 'dest_asset_chain_id' | 'dest_asset_denom'>;
const plan = (req: Req) =>
  planRoute({ registry, market, bridges: BRIDGE_SET }, parseRouteQuery(registry, { amount_in: '10000000', ...req }));
const build = (route: ReturnType<typeof plan>) =>
  buildMessages(registry, route, new Map(requiredChainAddresses(route).map((c) => [c, userAddress(registry, c)])), {
    nowMs: 1_750_000_000_000,
    timeoutSeconds: 300,
  });
const contractMsg = (built: ReturnType<typeof build>) => {
  const tx = built.txs[0]!;
  if (!('cosmos_tx' in tx)) throw new Error('expected a cosmos tx');
  type PostSwapAction = { ibc_transfer: { ibc_info: { source_channel: string; fee?: unknown }; fee_swap?: unknown } };
  return JSON.parse(tx.cosmos_tx.msgs[0]!.msg) as {
    contract: string;
    funds: { denom: string; amount: string }[];
    msg: { swap_and_action: { post_swap_action: PostSwapAction } };
  };
};
const ntrnToHubAtom: Req = {
  source_asset_chain_id: 'neutron-1',
  source_asset_denom: 'untrn',
  dest_asset_chain_id: 'cosmoshub-4',
  dest_asset_denom: 'uatom',
};

describe('Neutron relayer fee on a post-swap IBC transfer', () => {
  it("the registry carries Neutron's feerefunder minimum fee as one coin of 200000 untrn; Osmosis charges none", () => {
    const fee = registry.chain('neutron-1')!.entryPoint!.ibcTransferFee!;
    expect(fee.total).toEqual({ denom: 'untrn', amount: 200_000n });
    expect(fee.recvFee).toEqual([]);
    expect(registry.chain('osmosis-1')!.entryPoint!.ibcTransferFee).toBeUndefined();
  });

  it('NTRN → ATOM on the Hub: ibc_info carries the fee, paid out of the untrn input before the swap', () => {
    const route = plan(ntrnToHubAtom);
    const swap = route.steps[0] as SwapStep;
    expect(swap.kind).toBe('swap');
    expect(swap.ibcFee?.inputCost).toBe(200_000n);
    // The pools swap what is left after the fee.
    expect(swap.routes[0]!.amountIn).toBe(9_800_000n);
    expect(swap.grossOut).toBe(simulateExactIn(swap.routes[0]!.path, 9_800_000n));
    const wire = assembleRoute(registry, route);
    expect(wire.amount_in).toBe('10000000');
    expect(wire.operations[0]).toMatchObject({
      amount_in: '10000000',
      swap: { swap_in: { swap_amount_in: '9800000' } },
    });

    const m = contractMsg(build(route));
    expect(m.contract).toBe(NEUTRON_ENTRY_POINT);
    expect(m.funds).toEqual([{ denom: 'untrn', amount: '10000000' }]);
    const transfer = m.msg.swap_and_action.post_swap_action.ibc_transfer;
    expect(transfer.ibc_info.source_channel).toBe('channel-1');
    expect(transfer.ibc_info.fee).toEqual(FEES);
    expect(transfer.ibc_info.fee).toEqual({
      recv_fee: [],
      ack_fee: [{ denom: 'untrn', amount: '100000' }],
      timeout_fee: [{ denom: 'untrn', amount: '100000' }],
    });
    expect(transfer).not.toHaveProperty('fee_swap');
  });

  it('Axelar USDC on Neutron → ATOM on the Hub: a fee_swap buys the untrn fee with the input on the same venue', () => {
    const route = plan({ ...ntrnToHubAtom, source_asset_denom: AXL_USDC_ON_NEUTRON });
    const swap = route.steps[0] as SwapStep;
    const feeSwap = swap.ibcFee!.feeSwap!;
    expect(feeSwap[0]!.denomIn).toBe(AXL_USDC_ON_NEUTRON);
    expect(feeSwap[feeSwap.length - 1]!.denomOut).toBe('untrn');
    // The fee swap buys exactly the fee coin; what it costs is not swapped by the user swap.
    expect(swap.ibcFee!.inputCost).toBe(simulateExactOut(feeSwap, 200_000n));
    expect(swap.routes[0]!.amountIn).toBe(10_000_000n - swap.ibcFee!.inputCost);

    const transfer = contractMsg(build(route)).msg.swap_and_action.post_swap_action.ibc_transfer;
    expect(transfer.ibc_info.fee).toEqual(FEES);
    expect(transfer.fee_swap).toEqual({
      swap_venue_name: 'neutron-astroport',
      operations: feeSwap.map((h) => ({ pool: h.pool.id, denom_in: h.denomIn, denom_out: h.denomOut })),
    });
  });

  it('/msgs re-plans the echoed operations with the same fee', () => {
    const route = plan(ntrnToHubAtom);
    const wire = assembleRoute(registry, route);
    const replanned = planFromOperations(
      { registry: registry, market: market, bridges: BRIDGE_SET },
      {
        source: route.source,
        dest: route.dest,
        amountIn: 10_000_000n,
        amountOut: undefined,
        affiliateBps: () => 0,
        operations: wire.operations as never,
      },
    );
    expect(replanned.amountOut).toBe(route.amountOut);
    expect((replanned.steps[0] as SwapStep).ibcFee?.inputCost).toBe(200_000n);
    expect(contractMsg(build(replanned)).msg.swap_and_action.post_swap_action.ibc_transfer.ibc_info.fee).toEqual(FEES);
  });

  it('exact-out: the input covers the swap and the fee', () => {
    const route = plan({ ...ntrnToHubAtom, amount_in: undefined, amount_out: '100000' });
    const swap = route.steps[0] as SwapStep;
    expect(route.amountOut).toBe(100_000n);
    expect(route.amountIn).toBe(swap.routes[0]!.amountIn + 200_000n);
  });

  it('NTRN → USDC on Ethereum: the post-swap action sends the Axelar transfer, with the fee, in one transaction', () => {
    const ntrnToEthereumUsdc: Req = {
      ...ntrnToHubAtom,
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount_in: '1000000000',
      bridges: ['IBC', 'AXELAR'],
    };
    const route = plan(ntrnToEthereumUsdc);
    expect(route.steps.map((s) => s.kind)).toEqual(['swap', 'bridge']);
    expect(route.txIndices).toEqual([0, 0]);
    const swap = route.steps[0] as SwapStep;
    expect(swap.ibcFee?.inputCost).toBe(200_000n);
    expect(swap.routes[0]!.amountIn).toBe(999_800_000n);
    const addresses = new Map([
      ['neutron-1', userAddress(registry, 'neutron-1')],
      ['1', '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5'],
    ]);
    const built = buildMessages(registry, route, addresses, { nowMs: 1_750_000_000_000, timeoutSeconds: 300 });
    expect(built.txs).toHaveLength(1);
    const transfer = contractMsg(built).msg.swap_and_action.post_swap_action.ibc_transfer;
    // Neutron's channel to Axelar, to Axelar's GMP account, the GMP memo calling Skip's handler on Ethereum.
    expect(transfer.ibc_info).toMatchObject({
      source_channel: 'channel-2',
      receiver: 'axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5',
      fee: FEES,
    });
    const memo = JSON.parse((transfer.ibc_info as unknown as { memo: string }).memo) as { destination_chain: string };
    expect(memo.destination_chain).toBe('Ethereum');

    // /msgs: the echoed operations carry the same fee.
    const replanned = planFromOperations(
      { registry, market, bridges: BRIDGE_SET },
      {
        source: route.source,
        dest: route.dest,
        amountIn: 1_000_000_000n,
        amountOut: undefined,
        affiliateBps: () => 0,
        operations: assembleRoute(registry, route).operations as never,
      },
    );
    expect(replanned.amountOut).toBe(route.amountOut);
    expect((replanned.steps[0] as SwapStep).ibcFee?.inputCost).toBe(200_000n);
    expect(replanned.txIndices).toEqual([0, 0]);
  });

  it('a swap on Neutron that ends on Neutron pays no relayer fee', () => {
    const route = plan({ ...ntrnToHubAtom, dest_asset_chain_id: 'neutron-1', dest_asset_denom: ATOM_ON_NEUTRON });
    expect((route.steps[0] as SwapStep).ibcFee).toBeUndefined();
    expect(contractMsg(build(route)).msg.swap_and_action.post_swap_action).toEqual({
      transfer: { to_address: userAddress(registry, 'neutron-1') },
    });
  });
});
