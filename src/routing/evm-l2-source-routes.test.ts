/**
 * ETH on Base and Arbitrum with a deep pool there. Offline, those chains hold one recorded pool each (Base's Slipstream
 * pool, Arbitrum's thin Uniswap V2 pair: docs/venues.md); live ingest (CHAIN_RPC_URLS) replaces them with what the
 * chain holds. This test stands one pool in per chain instead — a WETH/USDC V2 pair at that chain's CREATE2 address
 * whose reserves are the shipped Ethereum WETH/USDT pair's (data/pools/evm-1.json: a stand-in for the shape of the
 * route, not a price of those chains) — and checks the route Junction then builds: the swap on the L2 itself (wrapping
 * the ETH), then CCTP to Noble. Skip's CCTP relayers on both chains have a relaying fee into Noble
 * (data/smart-relay-fees.json), so the swap and a relayed burn are one transaction through the relayer; without smart
 * relaying the swap is a transaction of its own (to SkipGoSwapRouter, which names the pair: neither chain's
 * SwapRouter02 is known to reach the V2 factory's pairs) and the free burn a second one. ETH on those chains → OSMO
 * still leaves the chain first (Stargate to Ethereum) when Ethereum's deeper pools pay more than the L2's one pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../http/test-helpers/app.js';
import { readDataFile } from '../registry/data-files.js';
import { uniswapChain, v2PairAddress } from '../venues/uniswap/chains.js';
import { skipGoSwapRouter } from '../bridges/skip-go-swap-router.js';
import { SKIP_GO_SWAP_ROUTER_ABI, SKIP_GO_UNISWAP_V2 } from './skip-go-swap-router-abi.js';
import { GO_FAST_HANDLER_ABI } from '../bridges/go-fast/abi.js';
import { ConstantProductPool, V2_KIND } from '../venues/uniswap/v2-pool.js';

interface PairRecord {
  pair: string;
  reserve0?: string;
  reserve1?: string;
}
/** The shipped WETH/USDT pair: token0 WETH (18 decimals), token1 USDT (6), both sides of equal value. */
const ethPair = readDataFile<{ pools: PairRecord[] }>('pools/evm-1.json').pools.find((p) => p.reserve0)!;
const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';

function standInPair(chainId: string): ConstantProductPool {
  const c = uniswapChain(chainId)!;
  const usdc = c.mainTokens.get('USDC')!;
  const v2 = c.v2[0]!;
  const weth = c.wrappedNative;
  const [wethReserve, usdcReserve] = [BigInt(ethPair.reserve0!), BigInt(ethPair.reserve1!)];
  const wethFirst = BigInt(weth) < BigInt(usdc);
  return new ConstantProductPool(v2PairAddress(v2.factory, v2.initCodeHash, weth, usdc), c.venue, V2_KIND, {
    token0: wethFirst ? weth : usdc,
    token1: wethFirst ? usdc : weth,
    reserve0: wethFirst ? wethReserve : usdcReserve,
    reserve1: wethFirst ? usdcReserve : wethReserve,
    feeNumerator: v2.feeNumerator,
    feeDenominator: v2.feeDenominator,
  });
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const chainId of ['8453', '42161']) {
    const c = uniswapChain(chainId)!;
    t.ctx.liveMarket.store.set({
      venue: c.venue,
      chainId,
      pools: [standInPair(chainId)],
      takenAt: new Date('2024-07-28T00:00:00Z'),
      source: 'test: a stand-in pair',
    });
  }
  await t.ctx.liveMarket.settled();
});
afterAll(() => t.app.close());

describe.each([
  ['8453', 'base-native'],
  ['42161', 'arbitrum-native'],
])('ETH on chain %s → USDC on Noble, with a pool on that chain', (chainId, native) => {
  const req = {
    source_asset_chain_id: chainId,
    source_asset_denom: native,
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_in: '1000000000000000000',
    smart_swap_options: { evm_swaps: true },
    bridges: ['CCTP', 'IBC'],
    allow_multi_tx: true,
  };
  const addresses = [EVM_USER, 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf'];

  it('one transaction: Skip’s relayer there swaps through SkipGoSwapRouter (the pair as a V2 hop) and burns', async () => {
    const res = await post(t.app, '/v2/fungible/route', req);
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap', 'cctp_transfer']);
    expect(route.txs_required).toBe(1);
    expect(route.operations[1].cctp_transfer.smart_relay).toBe(true);
    const msgs = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: route.amount_out,
      address_list: addresses,
      operations: route.operations,
    });
    expect(msgs.statusCode, msgs.body).toBe(200);
    const [only, ...rest] = msgs.json().txs;
    expect(rest).toEqual([]);
    const relayer = readDataFile<{ cctp: { skip_relayer: Record<string, string> } }>('contracts.json').cctp
      .skip_relayer[chainId];
    expect(only.evm_tx).toMatchObject({ chain_id: chainId, to: relayer, value: req.amount_in });
  });

  it('without smart relaying: the swap (SkipGoSwapRouter wrapping the ETH), then the free burn: two transactions', async () => {
    const res = await post(t.app, '/v2/fungible/route', { ...req, smart_relay: false });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    const kinds = route.operations.map((o: object) => Object.keys(o)[0]);
    expect(kinds).toEqual(['evm_swap', 'cctp_transfer']);
    expect(route.txs_required).toBe(2);
    const swap = route.operations[0].evm_swap;
    const c = uniswapChain(chainId)!;
    expect(swap).toMatchObject({ from_chain_id: chainId, input_token: '', denom_out: c.mainTokens.get('USDC') });
    expect(BigInt(swap.amount_out)).toBe(
      standInPair(chainId).exactIn(c.wrappedNative, c.mainTokens.get('USDC')!, BigInt(req.amount_in)),
    );
    const msgs = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      smart_relay: false,
      amount_out: route.amount_out,
      address_list: addresses,
      operations: route.operations,
    });
    expect(msgs.statusCode, msgs.body).toBe(200);
    const [first, second] = msgs.json().txs;
    // Neither chain's SwapRouter02 is known to swap on the V2 factory's pairs there (Arbitrum's names Ethereum's
    // factory: data/evm-uniswap.json): the pair goes to SkipGoSwapRouter, whose V2 hop names it.
    expect(first.evm_tx).toMatchObject({ chain_id: chainId, to: skipGoSwapRouter(chainId), value: req.amount_in });
    const call = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: `0x${first.evm_tx.data}` as Hex });
    expect(call.functionName).toBe('swapExactIn');
    const [hop] = call.args[4] as readonly { exchangeType: number; data: Hex }[];
    expect(hop!.exchangeType).toBe(SKIP_GO_UNISWAP_V2);
    expect(hop!.data.toLowerCase()).toContain(standInPair(chainId).id.slice(2).toLowerCase());
    expect(second.evm_tx.chain_id).toBe(chainId);
    expect(second.evm_tx.required_erc20_approvals[0].token_contract).toBe(c.mainTokens.get('USDC') as Address);
  });
});

describe.each([
  ['8453', 'base-native'],
  ['42161', 'arbitrum-native'],
])('ETH on chain %s → OSMO, with a pool on that chain', (chainId, native) => {
  it('without go_fast, still leaves the chain first: Stargate to Ethereum, several signatures', async () => {
    // Without go_fast a pool on the L2 does not make this one transaction: data/axelar.json records no Axelar token on
    // Base or Arbitrum, and CCTP into Noble leaves a transfer on Noble to sign. With this stand-in pair (a 0.3 % V2
    // pool) swapping on Ethereum's deeper pools pays more, so the route leaves by Stargate and swaps on Ethereum.
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: chainId,
      source_asset_denom: native,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '1000000000000000000',
      smart_swap_options: { evm_swaps: true },
      allow_multi_tx: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    const kinds = route.operations.map((o: object) => Object.keys(o)[0]);
    expect(kinds.slice(0, 2)).toEqual(['stargate_transfer', 'evm_swap']);
    expect(route.operations[1].evm_swap.from_chain_id).toBe('1');
    expect(kinds[kinds.length - 1]).toBe('swap');
    expect(route.txs_required).toBeGreaterThan(1);
  });

  it('with go_fast: one signature — the L2 swap and the Go Fast order in the handler, the Osmosis swap on arrival', async () => {
    const req = {
      source_asset_chain_id: chainId,
      source_asset_denom: native,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '100000000000000000',
      smart_swap_options: { evm_swaps: true },
      go_fast: true,
    };
    const res = await post(t.app, '/v2/fungible/route', req);
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap', 'go_fast_transfer', 'swap']);
    expect(route.txs_required).toBe(1);
    const msgs = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: route.amount_out,
      address_list: [EVM_USER, 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4'],
      operations: route.operations,
    });
    expect(msgs.statusCode, msgs.body).toBe(200);
    const [only, ...rest] = msgs.json().txs;
    expect(rest).toEqual([]);
    const handler = readDataFile<{ go_fast: { handler: Record<string, string> } }>('contracts.json').go_fast.handler;
    expect(only.evm_tx).toMatchObject({ chain_id: chainId, to: handler[chainId], value: req.amount_in });
    const call = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${only.evm_tx.data}` as Hex });
    expect(call.functionName).toBe('swapAndSubmitOrder');
  });

  it('with go_fast: one signature to USDC on Noble too — the order data sends it on from Osmosis', async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: chainId,
      source_asset_denom: native,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '100000000000000000',
      smart_swap_options: { evm_swaps: true },
      go_fast: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual([
      'evm_swap',
      'go_fast_transfer',
      'transfer',
    ]);
    expect(route.txs_required).toBe(1);
  });
});
