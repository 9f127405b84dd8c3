/**
 * Routes through Arbitrum's shipped Uniswap V2 WETH/USDC pair (data/pools/evm-42161.json, offline, with
 * smart_swap_options.evm_swaps): USDC arriving on Arbitrum swaps to ETH or WETH there, and small amounts of ETH swap to
 * native USDC on Arbitrum before they leave. Arbitrum's SwapRouter02 does not reach this pair (its V2 factory is
 * Ethereum's), so each swap there is SkipGoSwapRouter's UNISWAP_V2 hop naming the pair. The pair is thin (about
 * $61,000 at the offline prices): a large amount leaves by Stargate for deeper pools instead, because that pays the user
 * more (the ranking is by what the user gets and pays).
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
const arbitrum = uniswapChain('42161')!;
const WETH = getAddress(arbitrum.wrappedNative);
const USDC = getAddress(arbitrum.mainTokens.get('USDC')!);
const PAIR = '0xF64Dfe17C8b87F012FCf50FbDA1D62bfA148366a';
const ZERO = '0x0000000000000000000000000000000000000000';
const SKIP_GO = getAddress(skipGoSwapRouter('42161')!);
/** The pair as the offline market holds it (re-priced reserves), to check the routes' amounts against its own math. */
const pool = uniswapPlugin(arbitrum).loadOfflineSnapshot().pools[0]!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

type Body = Record<string, unknown>;
const fromNoble = (denom: string, amount: string) => ({
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: '42161',
  dest_asset_denom: denom,
  amount_in: amount,
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
});
const fromArbitrum = (chain: string, denom: string, amount: string) => ({
  source_asset_chain_id: '42161',
  source_asset_denom: 'arbitrum-native',
  dest_asset_chain_id: chain,
  dest_asset_denom: denom,
  amount_in: amount,
  allow_multi_tx: true,
  smart_swap_options: { evm_swaps: true },
});
const addresses = (chains: string[]) =>
  Object.fromEntries(chains.map((c) => [c, /^\d+$/.test(c) ? EVM_USER : userAddress(t.ctx.registry, c)]));

const route = async (req: Body) => {
  const res = await post(t.app, '/v2/fungible/route', req);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('USDC arriving on Arbitrum swaps there (a destination swap)', () => {
  it.each([
    ['ETH', 'arbitrum-native', ZERO],
    ['WETH (an ERC-20)', WETH, WETH],
  ])('100 USDC on Noble → %s on Arbitrum: CCTP, then SkipGoSwapRouter on the pair', async (_, denom, tokenOut) => {
    const req = fromNoble(denom, '100000000');
    const r = await route(req);
    expect(kinds(r)).toEqual(['cctp_transfer', 'evm_swap']);
    expect(r.txs_required).toBe(2);
    const swap = r.operations[1].evm_swap;
    expect([swap.from_chain_id, swap.denom_in, swap.denom_out, swap.swap_venues[0].name]).toEqual([
      '42161',
      USDC,
      denom,
      'arbitrum-uniswap',
    ]);
    expect(BigInt(swap.amount_out)).toBe(pool.exactIn(USDC, WETH, BigInt(swap.amount_in)));
    expect(r.amount_out).toBe(swap.amount_out);
    const res = await post(t.app, '/v2/fungible/msgs', {
      ...req,
      amount_out: r.amount_out,
      address_list: [userAddress(t.ctx.registry, 'noble-1'), EVM_USER],
      operations: r.operations,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[1].evm_tx;
    expect(getAddress(tx.to)).toBe(SKIP_GO);
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: USDC, spender: SKIP_GO, amount: swap.amount_in }]);
    const s = skipGoV2Swap(`0x${tx.data}`);
    expect([s.tokenIn, s.tokenOut]).toEqual([USDC, tokenOut]);
    expect(s.hop).toEqual({ pair: PAIR, hopIn: USDC, hopOut: WETH, feeBps: 30n });
  });

  it('$1,000 of USDC → ETH on Arbitrum does not cross the thin pair: it swaps on Base and Stargate carries the ETH', async () => {
    const r = await route(fromNoble('arbitrum-native', '1000000000'));
    const swaps = r.operations.filter((o: Body) => 'evm_swap' in o);
    expect(swaps.map((o: { evm_swap: { from_chain_id: string } }) => o.evm_swap.from_chain_id)).not.toContain('42161');
    expect(kinds(r)).toContain('stargate_transfer');
    // More than the pair would give for the whole amount.
    expect(BigInt(r.amount_out)).toBeGreaterThan(pool.exactIn(USDC, WETH, 1_000n * 10n ** 6n)!);
  });
});

describe('ETH on Arbitrum swaps there before it bridges', () => {
  const small = (10n ** 16n).toString();

  it('0.01 ETH → USDC on Noble: the swap on Arbitrum (the pair’s own math), then CCTP', async () => {
    const r = await route(fromArbitrum('noble-1', 'uusdc', small));
    expect(kinds(r)).toEqual(['evm_swap', 'cctp_transfer']);
    const swap = r.operations[0].evm_swap;
    expect([swap.from_chain_id, swap.denom_in, swap.denom_out]).toEqual(['42161', 'arbitrum-native', USDC]);
    expect(BigInt(swap.amount_out)).toBe(pool.exactIn(WETH, USDC, BigInt(small)));
  });

  it('0.01 ETH → OSMO with go_fast: one transaction, GoFastHandler swapping through the V2 hop', async () => {
    const req = { ...fromArbitrum('osmosis-1', 'uosmo', small), go_fast: true };
    const r = await route(req);
    expect(kinds(r)).toEqual(['evm_swap', 'go_fast_transfer', 'swap']);
    expect(r.txs_required).toBe(1);
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...req,
      chain_ids_to_addresses: addresses(['42161', 'osmosis-1']),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { txs } = res.json();
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(getAddress(goFastConfig().handler.get('42161')!));
    expect(tx.value).toBe(small);
    const outer = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${tx.data}` as Hex });
    if (outer.functionName !== 'swapAndSubmitOrder') throw new Error(outer.functionName);
    const s = skipGoV2Swap(outer.args[2]);
    expect([s.amountIn, s.tokenIn, s.tokenOut, s.hop.pair, s.hop.feeBps]).toEqual([
      BigInt(small),
      ZERO,
      USDC,
      PAIR,
      30n,
    ]);
  });

  it('1 ETH → USDC on Noble leaves by Stargate for a deeper pool: the thin pair would pay less', async () => {
    const r = await route(fromArbitrum('noble-1', 'uusdc', (10n ** 18n).toString()));
    expect(kinds(r)[0]).toBe('stargate_transfer');
    expect(BigInt(r.amount_out)).toBeGreaterThan(pool.exactIn(WETH, USDC, 10n ** 18n)!);
  });
});
