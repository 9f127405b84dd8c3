/**
 * Routes through Avalanche's Pangolin WAVAX/USDC pair (data/pools/evm-43114.json) with smart_swap_options.evm_swaps:
 * AVAX swaps to native USDC on Avalanche before CCTP or Go Fast carries it out, and USDC arriving on Avalanche swaps to
 * AVAX there. Uniswap's SwapRouter02 cannot run a Pangolin pair, so every transaction that swaps there calls Skip's
 * SkipGoSwapRouter with one UNISWAP_V2 hop naming the pair (its UniswapV2Adapter swaps on the pair, fee in basis
 * points): directly as the user's own swap, or inside Skip's CCTP relayer and GoFastHandler, whose router it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, getAddress, type Hex } from 'viem';
import { buildTestApp, post, type TestApp, operationKinds as kinds } from '../http/test-helpers/app.js';
import { userAddress } from '../test-helpers/registry.js';
import { GO_FAST_HANDLER_ABI } from '../bridges/go-fast/abi.js';
import { goFastConfig } from '../bridges/go-fast/config.js';
import { skipGoSwapRouter } from '../bridges/skip-go-swap-router.js';
import { uniswapChain, uniswapPlugin } from '../venues/uniswap/index.js';
import { skipGoV2Swap } from './test-helpers/skip-go-v2-swap.js';

const EVM_USER = '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5';
const WAVAX = '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7';
const USDC = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
const PAIR = '0x0e0100Ab771E9288e0Aa97e11557E6654C3a9665';
const ZERO = '0x0000000000000000000000000000000000000000';
const SKIP_GO = getAddress(skipGoSwapRouter('43114')!);
const TEN_AVAX = 10n * 10n ** 18n;
/** The pair as the offline market holds it (re-priced reserves), to check the routes' amounts against its own math. */
const pool = uniswapPlugin(uniswapChain('43114')!).loadOfflineSnapshot().pools[0]!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type Body = Record<string, unknown>;
const avax = {
  source_asset_chain_id: '43114',
  source_asset_denom: 'avalanche-native',
  amount_in: TEN_AVAX.toString(),
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
};
const toNoble = { ...avax, dest_asset_chain_id: 'noble-1', dest_asset_denom: 'uusdc' };
const toOsmo = { ...avax, dest_asset_chain_id: 'osmosis-1', dest_asset_denom: 'uosmo' };
const usdcToAvax = {
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: '43114',
  dest_asset_denom: 'avalanche-native',
  amount_in: '100000000',
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

describe('AVAX swaps on Avalanche (Pangolin) before it bridges', () => {
  it('→ USDC on Noble: the swap and a relayed CCTP burn in one transaction, the output the pair’s own math', async () => {
    const r = await route(toNoble);
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer']);
    expect(r.txs_required).toBe(1);
    expect(r.operations[1].cctp_transfer.smart_relay).toBe(true);
    const swap = r.operations[0].evm_swap;
    expect([swap.from_chain_id, swap.denom_in, swap.denom_out, swap.swap_venues[0].name]).toEqual([
      '43114',
      'avalanche-native',
      USDC,
      'avalanche-uniswap',
    ]);
    const out = pool.exactIn(WAVAX, USDC, TEN_AVAX)!;
    expect(BigInt(swap.amount_out)).toBe(out);
    // Skip's Avalanche relayer takes its relaying fee (data/smart-relay-fees.json) from the swap's output.
    const fee = BigInt(r.estimated_fees.find((f: { fee_type: string }) => f.fee_type === 'SMART_RELAY').amount);
    expect(BigInt(r.amount_out)).toBe(out - fee);
    // The record's calldata is SkipGoSwapRouter's: native AVAX in as tokenIn zero, one V2 hop on the Pangolin pair.
    const s = skipGoV2Swap(`0x${swap.swap_calldata}`);
    expect([s.amountIn, s.tokenIn, s.tokenOut]).toEqual([TEN_AVAX, ZERO, USDC]);
    expect(s.hop).toEqual({ pair: PAIR, hopIn: WAVAX, hopOut: USDC, feeBps: 30n });
  });

  it('→ USDC on Noble without smart relay: the user’s own transaction to SkipGoSwapRouter carrying the AVAX, then the free burn', async () => {
    const unrelayed = { ...toNoble, smart_relay: false };
    const r = await route(unrelayed);
    expect(r.txs_required).toBe(2);
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...unrelayed,
      chain_ids_to_addresses: addresses(['43114', 'noble-1']),
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[0].evm_tx;
    expect(tx.chain_id).toBe('43114');
    expect(getAddress(tx.to)).toBe(SKIP_GO);
    expect(getAddress(tx.to)).not.toBe(getAddress(uniswapChain('43114')!.swapRouter02));
    expect(BigInt(tx.value)).toBe(TEN_AVAX);
    expect(tx.required_erc20_approvals).toEqual([]);
    const s = skipGoV2Swap(`0x${tx.data}`);
    const out = BigInt(r.operations[0].evm_swap.amount_out);
    expect(s.amountOutMin).toBe(out - out / 100n);
    expect(s.hop.pair).toBe(PAIR);
  });

  it('→ OSMO with go_fast: one transaction, GoFastHandler swapping through SkipGoSwapRouter’s V2 hop', async () => {
    const req = { ...toOsmo, go_fast: true };
    const r = await route(req);
    expect(kinds(r)).toEqual(['evm_swap', 'go_fast_transfer', 'swap']);
    expect(r.txs_required).toBe(1);
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...req,
      chain_ids_to_addresses: addresses(['43114', 'osmosis-1']),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(getAddress(goFastConfig().handler.get('43114')!));
    expect(BigInt(tx.value)).toBe(TEN_AVAX);
    const outer = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndSubmitOrder') throw new Error(outer.functionName);
    expect(outer.args[0]).toBe(ZERO);
    const s = skipGoV2Swap(outer.args[2]);
    expect([s.amountIn, s.tokenIn, s.tokenOut, s.hop.pair, s.hop.feeBps]).toEqual([TEN_AVAX, ZERO, USDC, PAIR, 30n]);
  });

  it('→ OSMO without go_fast: the swap and a relayed burn to Noble, then Noble → Osmosis and the swap there', async () => {
    const r = await route(toOsmo);
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer', 'transfer', 'swap']);
    expect(r.txs_required).toBe(2);
    expect(r.operations[0].evm_swap.swap_venues[0].name).toBe('avalanche-uniswap');
  });
});

describe('USDC arriving on Avalanche swaps to AVAX there', () => {
  it('100 USDC on Noble → AVAX: CCTP, then SkipGoSwapRouter swaps USDC for AVAX (tokenOut zero); /msgs rebuilds it', async () => {
    const r = await route(usdcToAvax);
    expect(kinds(r)).toEqual(['cctp_transfer', 'evm_swap']);
    expect(r.txs_required).toBe(2);
    const swap = r.operations[1].evm_swap;
    expect(BigInt(swap.amount_out)).toBe(pool.exactIn(USDC, WAVAX, BigInt(swap.amount_in)));
    const s = skipGoV2Swap(`0x${swap.swap_calldata}`);
    expect([s.tokenIn, s.tokenOut, s.hop.pair, s.hop.hopIn, s.hop.hopOut, s.hop.feeBps]).toEqual([
      USDC,
      ZERO,
      PAIR,
      USDC,
      WAVAX,
      30n,
    ]);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...usdcToAvax,
      amount_out: r.amount_out,
      address_list: [userAddress(t.ctx.registry, 'noble-1'), EVM_USER],
      operations: r.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[1].evm_tx;
    expect(getAddress(tx.to)).toBe(SKIP_GO);
    expect(tx.value).toBe('0');
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: USDC, spender: SKIP_GO, amount: swap.amount_in }]);
    expect(skipGoV2Swap(`0x${tx.data}`).hop.pair).toBe(PAIR);
  });

  it('/msgs reads the pair back out of the V2 hop: a pair Junction does not know is refused', async () => {
    const r = await route(usdcToAvax);
    const swap = r.operations[1].evm_swap;
    const tampered = swap.swap_calldata.replace(PAIR.slice(2).toLowerCase(), '1'.repeat(40));
    expect(tampered).not.toBe(swap.swap_calldata);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...usdcToAvax,
      amount_out: r.amount_out,
      address_list: [userAddress(t.ctx.registry, 'noble-1'), EVM_USER],
      operations: [r.operations[0], { ...r.operations[1], evm_swap: { ...swap, swap_calldata: tampered } }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/operations\[1\]\.evm_swap\.swap_calldata: avalanche-uniswap has no pool/);
  });
});
