/**
 * Arbitrum's shipped Uniswap V2 WETH/USDC pair (data/pools/evm-42161.json) against Uniswap's own UniswapV2Pair from
 * npm @uniswap/v2-core on anvil (chain 42161), holding the recorded reserves (as read in September 2026) and the
 * re-priced ones Junction serves. The pair's swap is the judge ('UniswapV2: K'): Junction's exact-in output is paid and
 * one unit more refused, Junction's exact-out input buys the output and one unit less does not.
 *
 * Then the route USDC on Noble → ETH on Arbitrum as /msgs_direct returns it: CCTP, then the swap on arrival. Arbitrum's
 * SwapRouter02 swaps on the pairs of Ethereum's V2 factory, not this one, so the swap is a transaction to Skip's
 * SkipGoSwapRouter (Junction's stand-in, test-helpers/evm/SkipGoSwapRouterStandIn.sol, at Skip's Arbitrum address)
 * with a UNISWAP_V2 hop naming the pair; sent as returned, with its approval, it pays the user exactly the evm_swap's
 * amount_out in ETH.
 */
import { decodeFunctionData, encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipGoSwapRouter } from '../bridges/skip-go-swap-router.js';
import { buildTestApp, operationKinds as kinds, post, type TestApp } from '../http/test-helpers/app.js';
import { readDataFile } from '../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { copyWithState } from '../test-helpers/evm/circle-cctp.js';
import { copyCodeTo, deployContract } from '../test-helpers/evm/deploy.js';
import { compileSolidity } from '../test-helpers/evm/solidity.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { buildPool } from '../venues/uniswap/parse.js';
import {
  ERC20,
  V2_FACTORY,
  createV2Pair,
  tryPairSwap,
  send,
  type UniswapOnAnvil,
} from '../venues/uniswap/test-helpers/uniswap-on-anvil.js';
import type { ConstantProductPool } from '../venues/uniswap/v2-pool.js';
import { SKIP_GO_SWAP_ROUTER_ABI, SKIP_GO_UNISWAP_V2 } from './skip-go-swap-router-abi.js';
import { placeToken, placeUniswapChain } from './test-helpers/uniswap-chain-on-anvil.js';

interface Rec {
  address: Address;
  token0: Address;
  token1: Address;
  reserve0: string;
  reserve1: string;
  recorded: { reserve0: string; reserve1: string };
}
const rec = readDataFile<{ pools: Rec[] }>('pools/evm-42161.json').pools[0]!;
const arbitrum = uniswapChain('42161')!;
const WETH = getAddress(arbitrum.wrappedNative);
const USDC = getAddress(arbitrum.mainTokens.get('USDC')!);
const ROUTER = getAddress(skipGoSwapRouter('42161')!);
const TRADER = anvilAccount(1).address;
const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';

let node: Anvil;
let u: UniswapOnAnvil;
let t: TestApp;

beforeAll(async () => {
  node = await startAnvil(42161);
  u = await placeUniswapChain(node, arbitrum);
  await placeToken(node, USDC, 6);
  u = { ...u, v2Factory: await deployContract(node, V2_FACTORY, [anvilAccount(0).address]) };
  const standIn = compileSolidity(
    new URL('../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
  ).SkipGoSwapRouterStandIn!;
  await copyCodeTo(node, await deployContract(node, standIn, [WETH]), ROUTER);
  t = await buildTestApp();
}, 300_000);

afterAll(async () => {
  await t?.app.close();
  await node?.stop();
});

expect(BigInt(rec.token0)).toBe(BigInt(WETH));
expect(BigInt(rec.token1)).toBe(BigInt(USDC));

/** A balance of `token` (the native one when `token` is undefined). */
const balanceOf = async (who: Address, token?: Address) =>
  token
    ? ((await node.publicClient.readContract({
        address: token,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [who],
      })) as bigint)
    : node.publicClient.getBalance({ address: who });

describe.each([
  ['re-priced (as served)', rec.reserve0, rec.reserve1],
  ['as recorded in September 2026', rec.recorded.reserve0, rec.recorded.reserve1],
])("Uniswap V2 WETH/USDC on Arbitrum, reserves %s, against Uniswap's pair", (_, r0, r1) => {
  let pair: Address;
  let pool: ConstantProductPool;
  let before: Hex;
  beforeAll(async () => {
    before = await node.testClient.snapshot();
    pair = await createV2Pair(u, WETH, USDC, BigInt(r0), BigInt(r1));
    pool = buildPool(
      arbitrum,
      { ...rec, protocol: 'uniswap-v2', reserve0: r0, reserve1: r1 },
      'pools[0]',
    ) as ConstantProductPool;
  }, 120_000);
  afterAll(async () => {
    await node.testClient.revert({ id: before });
  });

  it('exact in: the pair pays Junction’s output and refuses one unit more, both ways', async () => {
    for (const [tokenIn, tokenOut, amountIn] of [
      [WETH, USDC, 10n ** 16n],
      [WETH, USDC, 2n * 10n ** 18n],
      [USDC, WETH, 100n * 10n ** 6n],
      [USDC, WETH, 20_000n * 10n ** 6n],
    ] as const) {
      const out = pool.exactIn(tokenIn, tokenOut, amountIn)!;
      expect((await tryPairSwap(node, pair, tokenIn, amountIn, tokenOut, out)).received, `${tokenIn} ${amountIn}`).toBe(
        out,
      );
      expect((await tryPairSwap(node, pair, tokenIn, amountIn, tokenOut, out + 1n)).reverted).toContain('UniswapV2: K');
    }
  }, 120_000);

  it('exact out: Junction’s input buys the output and one unit less does not, both ways', async () => {
    for (const [tokenIn, tokenOut, want] of [
      [WETH, USDC, 50n * 10n ** 6n],
      [WETH, USDC, 15_000n * 10n ** 6n],
      [USDC, WETH, 3n * 10n ** 16n],
      [USDC, WETH, 4n * 10n ** 18n],
    ] as const) {
      const amountIn = pool.exactOut(tokenIn, tokenOut, want)!;
      expect((await tryPairSwap(node, pair, tokenIn, amountIn, tokenOut, want)).received, `${tokenOut} ${want}`).toBe(
        want,
      );
      expect((await tryPairSwap(node, pair, tokenIn, amountIn - 1n, tokenOut, want)).reverted).toContain(
        'UniswapV2: K',
      );
    }
  }, 120_000);
});

describe('USDC on Noble → ETH on Arbitrum, the swap on arrival executed as returned', () => {
  it('one SkipGoSwapRouter transaction (a UNISWAP_V2 hop naming the pair) pays exactly the evm_swap amount_out', async () => {
    const snapshot = await node.testClient.snapshot();
    try {
      // The shipped pair at its Arbitrum address, holding the reserves Junction serves offline.
      const made = await createV2Pair(u, WETH, USDC, BigInt(rec.reserve0), BigInt(rec.reserve1));
      await copyWithState(node, made, rec.address);
      // Its storage says what it holds; the tokens it holds are minted to it too.
      for (const [token, amount] of [
        [WETH, rec.reserve0],
        [USDC, rec.reserve1],
      ] as const)
        await send(
          node,
          0,
          token,
          encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [rec.address, BigInt(amount)] }),
        );
      const res = await post(t.app, '/v2/fungible/msgs_direct', {
        source_asset_chain_id: 'noble-1',
        source_asset_denom: 'uusdc',
        dest_asset_chain_id: '42161',
        dest_asset_denom: 'arbitrum-native',
        amount_in: '100000000',
        allow_multi_tx: true,
        smart_swap_options: { evm_swaps: true },
        chain_ids_to_addresses: { 'noble-1': NOBLE_USER, '42161': TRADER },
        slippage_tolerance_percent: '1',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { route, txs } = res.json();
      expect(kinds(route)).toEqual(['cctp_transfer', 'evm_swap']);
      expect(txs).toHaveLength(2);
      const swap = route.operations[1].evm_swap;
      expect(swap).toMatchObject({ from_chain_id: '42161', denom_in: USDC, denom_out: 'arbitrum-native' });
      const amountIn = BigInt(swap.amount_in);
      const tx = txs[1].evm_tx;
      expect(tx).toMatchObject({ chain_id: '42161', to: ROUTER, value: '0' });
      expect(tx.required_erc20_approvals).toEqual([
        { token_contract: USDC, spender: ROUTER, amount: amountIn.toString() },
      ]);
      const call = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: `0x${tx.data}` as Hex });
      expect(call.functionName).toBe('swapExactIn');
      const hops = call.args[4] as readonly { exchangeType: number; data: Hex }[];
      expect(hops.map((h) => h.exchangeType)).toEqual([SKIP_GO_UNISWAP_V2]);
      expect(hops[0]!.data.toLowerCase()).toContain(rec.address.slice(2).toLowerCase());
      // What CCTP delivers, then the approval and the swap as returned.
      await send(node, 0, USDC, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [TRADER, amountIn] }));
      const ethBefore = await balanceOf(TRADER);
      const approve = await send(
        node,
        1,
        USDC,
        encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [ROUTER, amountIn] }),
      );
      const receipt = await send(node, 1, ROUTER, `0x${tx.data}` as Hex, 500_000n);
      const gas = approve.gasUsed * approve.effectiveGasPrice + receipt.gasUsed * receipt.effectiveGasPrice;
      expect((await balanceOf(TRADER)) - ethBefore + gas).toBe(BigInt(swap.amount_out));
      expect(route.amount_out).toBe(swap.amount_out);
      expect(await balanceOf(TRADER, USDC)).toBe(0n);
    } finally {
      await node.testClient.revert({ id: snapshot });
    }
  }, 120_000);
});
