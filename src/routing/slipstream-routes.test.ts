/**
 * Routes through Base's Aerodrome Slipstream pool (data/pools/evm-8453.json) with smart_swap_options.evm_swaps: ETH on
 * Base swaps on Base before it leaves, and USDC arriving on Base swaps to ETH there. Uniswap's SwapRouter02 cannot run a
 * Slipstream pool, so every transaction that swaps there calls Skip's SkipGoSwapRouter (its VELODROME hop): directly as
 * the user's own swap, or inside Skip's CCTP relayer and GoFastHandler, whose router it is (the one-transaction swap
 * and relayed burn into Noble: relayed-swap-burn-into-noble.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAbiParameters, decodeFunctionData, getAddress, type Hex } from 'viem';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
import { userAddress } from '../test-helpers/registry.js';
import { GO_FAST_HANDLER_ABI } from '../bridges/go-fast/abi.js';
import { goFastConfig } from '../bridges/go-fast/config.js';
import { skipGoSwapRouter } from '../bridges/skip-go-swap-router.js';
import {
  SKIP_GO_SWAP_ROUTER_ABI,
  SKIP_GO_VELODROME,
  VELODROME_CL,
  VELODROME_HOP_DATA,
} from './skip-go-swap-router-abi.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';
const WETH = '0x4200000000000000000000000000000000000006';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const POOL = '0xb2cc224c1c9feE385f8ad6a55b4d94E92359DC59';
/** Aerodrome's Slipstream SwapRouter on Base (data/evm-uniswap.json). */
const SLIPSTREAM_ROUTER = '0xBE6D8f0d05cC4be24d5167a3eF062215bE6D18a5';
const ZERO = '0x0000000000000000000000000000000000000000';
const SKIP_GO = getAddress(skipGoSwapRouter('8453')!);
const ONE_ETH = 10n ** 18n;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type Body = Record<string, unknown>;
const ethOnBase = {
  source_asset_chain_id: '8453',
  source_asset_denom: 'base-native',
  amount_in: ONE_ETH.toString(),
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
};
const toOsmo = { ...ethOnBase, dest_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo' };
const toNoble = { ...ethOnBase, dest_asset_chain_id: 'noble-1', dest_asset_denom: 'uusdc' };
const usdcToEthOnBase = {
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: '8453',
  dest_asset_denom: 'base-native',
  amount_in: '1000000000',
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
};
const addresses = (chains: string[]) =>
  Object.fromEntries(chains.map((c) => [c, /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c)]));

const route = async (req: Body) => {
  const res = await post(t.app, '/v2/fungible/route', req);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A SkipGoSwapRouter swapExactIn with one hop, its VelodromeData decoded. */
function velodromeSwap(data: Hex) {
  const call = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data });
  const [amountIn, amountOutMin, tokenIn, tokenOut, hops, affiliates] = call.args;
  expect(hops).toHaveLength(1);
  expect(hops[0]!.exchangeType).toBe(SKIP_GO_VELODROME);
  const [poolType, pool, hopIn, hopOut, quoter, swapRouter] = decodeAbiParameters(VELODROME_HOP_DATA, hops[0]!.data);
  // The encoding is exactly the six static words of VelodromeData.
  expect((hops[0]!.data.length - 2) / 64).toBe(6);
  return {
    amountIn,
    amountOutMin,
    tokenIn,
    tokenOut,
    affiliates,
    hop: { poolType, pool, hopIn, hopOut, quoter, swapRouter },
  };
}

describe('ETH on Base swaps on Base (Aerodrome Slipstream) before it bridges', () => {
  it('→ OSMO: the swap on Base and a relayed burn to Noble, then Noble → Osmosis (two transactions, no Stargate)', async () => {
    const r = await route(toOsmo);
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer', 'transfer', 'swap']);
    const swap = r.operations[0].evm_swap;
    expect([swap.from_chain_id, swap.denom_in, swap.denom_out, swap.swap_venues[0].name]).toEqual([
      '8453',
      'base-native',
      USDC,
      'base-uniswap',
    ]);
    expect(r.txs_required).toBe(2);
    expect(r.operations[1].cctp_transfer.smart_relay).toBe(true);
    // The record's calldata is for the router that runs the swap: SkipGoSwapRouter, native ETH in as tokenIn zero.
    const s = velodromeSwap(`0x${swap.swap_calldata}`);
    expect([s.amountIn, s.tokenIn, s.tokenOut]).toEqual([ONE_ETH, ZERO, USDC]);
    expect(s.hop).toEqual({
      poolType: VELODROME_CL,
      pool: POOL,
      hopIn: WETH,
      hopOut: USDC,
      quoter: ZERO,
      swapRouter: SLIPSTREAM_ROUTER,
    });
  });

  it('→ OSMO with go_fast: one transaction, GoFastHandler swapping through SkipGoSwapRouter’s VELODROME hop', async () => {
    const req = { ...toOsmo, go_fast: true };
    const r = await route(req);
    expect(kinds(r)).toEqual(['evm_swap', 'go_fast_transfer', 'swap']);
    expect(r.txs_required).toBe(1);
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...req,
      chain_ids_to_addresses: addresses(['8453', 'osmosis-1']),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(getAddress(goFastConfig().handler.get('8453')!));
    expect(BigInt(tx.value)).toBe(ONE_ETH);
    const outer = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndSubmitOrder') throw new Error(outer.functionName);
    expect(outer.args[0]).toBe(ZERO);
    const s = velodromeSwap(outer.args[2]);
    expect([s.amountIn, s.tokenIn, s.tokenOut, s.hop.pool, s.hop.swapRouter]).toEqual([
      ONE_ETH,
      ZERO,
      USDC,
      POOL,
      SLIPSTREAM_ROUTER,
    ]);
  });

  it('→ USDC on Noble without smart relay: the user’s own transaction to SkipGoSwapRouter carrying the ETH, then the free burn', async () => {
    const unrelayed = { ...toNoble, smart_relay: false };
    const r = await route(unrelayed);
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer']);
    expect(r.txs_required).toBe(2);
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...unrelayed,
      chain_ids_to_addresses: addresses(['8453', 'noble-1']),
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(SKIP_GO);
    expect(BigInt(tx.value)).toBe(ONE_ETH);
    expect(tx.required_erc20_approvals).toEqual([]);
    const s = velodromeSwap(`0x${tx.data}`);
    const out = BigInt(r.operations[0].evm_swap.amount_out);
    expect(s.amountOutMin).toBe(out - out / 100n);
    expect(s.affiliates).toEqual([]);
  });
});

describe('USDC arriving on Base swaps to ETH there', () => {
  it('1000 USDC on Noble → ETH on Base: CCTP, then SkipGoSwapRouter swaps USDC for ETH (tokenOut zero)', async () => {
    const r = await route(usdcToEthOnBase);
    expect(kinds(r)).toEqual(['cctp_transfer', 'evm_swap']);
    expect(r.txs_required).toBe(2);
    const s = velodromeSwap(`0x${r.operations[1].evm_swap.swap_calldata}`);
    expect([s.tokenIn, s.tokenOut, s.hop.hopIn, s.hop.hopOut]).toEqual([USDC, ZERO, USDC, WETH]);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...usdcToEthOnBase,
      amount_out: r.amount_out,
      address_list: [userAddress(t.ctx.registry, 'noble-1'), EVM_USER],
      operations: r.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[1].evm_tx;
    expect(getAddress(tx.to)).toBe(SKIP_GO);
    expect(tx.value).toBe('0');
    expect(tx.required_erc20_approvals).toEqual([
      { token_contract: USDC, spender: SKIP_GO, amount: r.operations[1].evm_swap.amount_in },
    ]);
  });

  it('/msgs reads the pool back out of the VELODROME hop: a pool Junction does not know is refused', async () => {
    const r = await route(usdcToEthOnBase);
    const swap = r.operations[1].evm_swap;
    const other = '1111111111111111111111111111111111111111';
    const tampered = swap.swap_calldata.replace(POOL.slice(2).toLowerCase(), other);
    expect(tampered).not.toBe(swap.swap_calldata);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...usdcToEthOnBase,
      amount_out: r.amount_out,
      address_list: [userAddress(t.ctx.registry, 'noble-1'), EVM_USER],
      operations: [r.operations[0], { ...r.operations[1], evm_swap: { ...swap, swap_calldata: tampered } }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/operations\[1\]\.evm_swap\.swap_calldata: base-uniswap has no pool/);
  });

  it('an affiliate on Base is refused when the swap delivers native ETH (SkipGoSwapRouter pays affiliates in ERC-20)', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...usdcToEthOnBase,
      chain_ids_to_addresses: addresses(['noble-1', '8453']),
      chain_ids_to_affiliates: { '8453': { affiliates: [{ address: EVM_USER, basis_points_fee: '10' }] } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/chain_ids_to_affiliates\.8453.*SkipGoSwapRouter/);
  });
});
