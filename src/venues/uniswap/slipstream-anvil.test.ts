/**
 * Base's Aerodrome Slipstream pool on anvil (chain 8453). Slipstream's CLPool.swap is Uniswap V3's arithmetic with the
 * pool's fee (its libraries are v3-core's but for formatting), so the recorded state is put into Uniswap's own V3 pool
 * contract from npm: fee 500 with tick spacing 100, Slipstream's pairing (Uniswap's factory, keyed by fee, pairs 500
 * with 10: the test clears that entry and enables 500 with 100), the recorded sqrt price and positions reproducing
 * all 75 recorded ticks.
 *
 * 1. The recorded state: SwapRouter02's swaps on that pool equal Junction's quotes to the unit, both ways, exact in and
 *    exact out; 1 WETH buys 2949949837 USDC (KyberSwap's test of this state, with the pool's fee: slipstream.test.ts).
 * 2. The shipped (re-priced) state executed as Junction's transactions run it: /v2/fungible/msgs_direct's evm_tx to
 *    Skip's SkipGoSwapRouter (Junction's stand-in at its Base address, test-helpers/evm/SkipGoSwapRouterStandIn.sol),
 *    whose VELODROME hop reads the pool's tickSpacing() (a face at the Slipstream pool's address) and calls
 *    exactInputSingle on Slipstream's SwapRouter (Junction's stand-in at its Base address, which swaps on the Uniswap
 *    pool holding the state). ETH in and ETH out deliver exactly the route's quote; with go_fast the one transaction
 *    goes to Skip's GoFastHandler (Junction's stand-in at its Base address, go-fast/TestGoFastHandler.sol), which
 *    swaps through that SkipGoSwapRouter and submits the order of the whole output, as quoted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  keccak256,
  maxUint256,
  pad,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { readDataFile } from '../../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { GO_FAST_GATEWAY_ABI } from '../../bridges/go-fast/abi.js';
import { goFastConfig } from '../../bridges/go-fast/config.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { skipGoSwapRouter } from '../../bridges/skip-go-swap-router.js';
import { placeUniswapChain } from '../../routing/test-helpers/uniswap-chain-on-anvil.js';
import { uniswapChain } from './chains.js';
import { buildPool } from './parse.js';
import {
  ERC20,
  ROUTER,
  V3_POOL,
  createV3Pool,
  mintTicks,
  placeToken,
  send,
  type UniswapOnAnvil,
} from './test-helpers/uniswap-on-anvil.js';
import type { UniswapV3Pool, V3Tick } from './v3-pool.js';

const chain = uniswapChain('8453')!;
const slipstream = chain.v3.find((d) => d.protocol === 'aerodrome-slipstream')!;
const WETH = getAddress(chain.wrappedNative);
const USDC = getAddress('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
const TRADER = anvilAccount(1).address;
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NOBLE_USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';
/** UniswapV3Factory's `feeAmountTickSpacing` mapping: slot 4, after the deployer's parameters (0–2) and owner (3). */
const FEE_SPACING_SLOT = 4n;

type Rec = Record<string, unknown> & { recorded: Record<string, unknown>; ticks: [number, string][] };
const record = readDataFile<{ pools: Rec[] }>('pools/evm-8453.json').pools[0]!;
const recorded = buildPool(chain, { ...record, ...record.recorded }, 'recorded') as UniswapV3Pool;
const shipped = buildPool(chain, record, 'shipped') as UniswapV3Pool;
const ticks: V3Tick[] = record.ticks.map(([tick, net]) => ({ tick, liquidityNet: BigInt(net) }));

let t: TestApp;
let node: Anvil;
let u: UniswapOnAnvil;
let fresh: Hex;
beforeAll(async () => {
  t = await buildTestApp();
  node = await startAnvil(8453);
  u = await placeUniswapChain(node, chain);
  await node.testClient.setStorageAt({
    address: u.v3Factory,
    index: keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [500n, FEE_SPACING_SLOT])),
    value: pad('0x0'),
  });
  await placeToken(node, USDC, 6);
  fresh = await node.testClient.snapshot();
}, 120_000);
afterAll(async () => {
  await node?.stop();
  await t?.app.close();
});

/** The pool on anvil at a state of the record (price; the tick list is the same), all its ticks minted. */
async function createPool(sqrtPriceX96: bigint): Promise<Address> {
  const pool = await createV3Pool(u, WETH, USDC, 500, 100, sqrtPriceX96);
  await mintTicks(u, pool, ticks);
  return pool;
}

async function balanceOf(token: Address, who: Address = TRADER): Promise<bigint> {
  return (await node.publicClient.readContract({
    address: token,
    abi: ERC20,
    functionName: 'balanceOf',
    args: [who],
  })) as bigint;
}

describe('the recorded Slipstream state in Uniswap V3’s own pool contract', () => {
  it('holds the recorded tick and liquidity, and swaps as Junction quotes, to the unit', async () => {
    await node.testClient.revert({ id: fresh });
    fresh = await node.testClient.snapshot();
    const pool = await createPool(recorded.state.sqrtPriceX96);
    const slot0 = (await node.publicClient.readContract({
      address: pool,
      abi: V3_POOL.abi,
      functionName: 'slot0',
    })) as readonly unknown[];
    expect(Number(slot0[1])).toBe(-196420);
    expect(await node.publicClient.readContract({ address: pool, abi: V3_POOL.abi, functionName: 'liquidity' })).toBe(
      7823851209968416017n,
    );
    for (const token of [WETH, USDC]) {
      await send(node, 0, token, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [TRADER, 1n << 120n] }));
      await send(
        node,
        1,
        token,
        encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [u.router, maxUint256] }),
      );
    }
    const swap = async (data: Hex, tokenIn: Address, tokenOut: Address) => {
      const id = await node.testClient.snapshot();
      const [in0, out0] = [await balanceOf(tokenIn), await balanceOf(tokenOut)];
      await send(node, 1, u.router, data);
      const r = { spent: in0 - (await balanceOf(tokenIn)), received: (await balanceOf(tokenOut)) - out0 };
      await node.testClient.revert({ id });
      return r;
    };
    const exactIn = (tokenIn: Address, tokenOut: Address, amountIn: bigint) =>
      swap(
        encodeFunctionData({
          abi: ROUTER.abi,
          functionName: 'exactInputSingle',
          args: [
            { tokenIn, tokenOut, fee: 500, recipient: TRADER, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n },
          ],
        }),
        tokenIn,
        tokenOut,
      );
    // KyberSwap's check value, with the pool's fee.
    expect((await exactIn(WETH, USDC, 10n ** 18n)).received).toBe(2949949837n);
    for (const [tokenIn, tokenOut, amounts] of [
      [WETH, USDC, [10n ** 15n, 10n ** 18n, 300n * 10n ** 18n]],
      [USDC, WETH, [10n ** 6n, 3_000n * 10n ** 6n, 2_000_000n * 10n ** 6n]],
    ] as [Address, Address, bigint[]][]) {
      for (const amountIn of amounts) {
        const got = await exactIn(tokenIn, tokenOut, amountIn);
        expect(got.received, `${tokenIn} ${amountIn}`).toBe(recorded.exactIn(tokenIn, tokenOut, amountIn));
        const want = got.received;
        const out = await swap(
          encodeFunctionData({
            abi: ROUTER.abi,
            functionName: 'exactOutputSingle',
            args: [
              {
                tokenIn,
                tokenOut,
                fee: 500,
                recipient: TRADER,
                amountOut: want,
                amountInMaximum: maxUint256,
                sqrtPriceLimitX96: 0n,
              },
            ],
          }),
          tokenIn,
          tokenOut,
        );
        expect(out.received).toBe(want);
        expect(out.spent, `exact out ${want}`).toBe(recorded.exactOut(tokenIn, tokenOut, want));
      }
    }
  }, 240_000);
});

describe('SkipGoSwapRouter’s VELODROME hop through Slipstream’s SwapRouter, as Junction’s transactions call it', () => {
  const skipGo = getAddress(skipGoSwapRouter('8453')!);
  const request = (source: string, dest: string, amountIn: bigint) => ({
    source_asset_chain_id: '8453',
    source_asset_denom: source,
    dest_asset_chain_id: '8453',
    dest_asset_denom: dest,
    amount_in: amountIn.toString(),
    smart_swap_options: { evm_swaps: true },
    chain_ids_to_addresses: { '8453': TRADER },
    slippage_tolerance_percent: '1',
  });

  beforeAll(async () => {
    await node.testClient.revert({ id: fresh });
    const pool = await createPool(shipped.state.sqrtPriceX96);
    expect(await node.publicClient.readContract({ address: pool, abi: V3_POOL.abi, functionName: 'liquidity' })).toBe(
      shipped.state.liquidity,
    );
    const own = compileSolidity(new URL('./test-helpers/SlipstreamStandIns.sol', import.meta.url));
    const router = getAddress(slipstream.swapRouter!);
    await copyCodeTo(node, await deployContract(node, own.SlipstreamRouterStandIn!), router);
    await send(
      node,
      0,
      router,
      encodeFunctionData({
        abi: own.SlipstreamRouterStandIn!.abi,
        functionName: 'setPool',
        args: [WETH, USDC, 100, pool],
      }),
    );
    await copyCodeTo(node, await deployContract(node, own.SlipstreamPoolFace!, [100]), getAddress(shipped.id));
    const skipGoStandIn = compileSolidity(
      new URL('../../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
    ).SkipGoSwapRouterStandIn!;
    await copyCodeTo(node, await deployContract(node, skipGoStandIn, [WETH]), skipGo);
    placed = await node.testClient.snapshot();
  }, 120_000);
  /** Each swap starts from the shipped state, which the route quotes. */
  let placed: Hex;
  const reset = async () => {
    await node.testClient.revert({ id: placed });
    placed = await node.testClient.snapshot();
  };

  const direct = async (req: ReturnType<typeof request>) => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', req);
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap']);
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(skipGo);
    return { amountOut: BigInt(route.amount_out), tx };
  };

  it('1 ETH → USDC: the ETH goes as value, the USDC received is the quote', async () => {
    await reset();
    const { amountOut, tx } = await direct(request('base-native', USDC, 10n ** 18n));
    expect(amountOut).toBe(shipped.exactIn(WETH, USDC, 10n ** 18n));
    const before = await balanceOf(USDC);
    await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    expect((await balanceOf(USDC)) - before).toBe(amountOut);
  });

  it('3000 USDC → ETH: approved to SkipGoSwapRouter, the ETH received (unwrapped) is the quote', async () => {
    await reset();
    const amountIn = 3_000n * 10n ** 6n;
    await send(node, 0, USDC, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [TRADER, amountIn] }));
    const { amountOut, tx } = await direct(request(USDC, 'base-native', amountIn));
    expect(tx.required_erc20_approvals).toEqual([
      { token_contract: USDC, spender: skipGo, amount: amountIn.toString() },
    ]);
    await send(node, 1, USDC, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [skipGo, amountIn] }));
    const before = await node.publicClient.getBalance({ address: TRADER });
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const gas = receipt.gasUsed * receipt.effectiveGasPrice;
    expect((await node.publicClient.getBalance({ address: TRADER })) - before + gas).toBe(amountOut);
  });

  it('0.1 ETH → USDC on Osmosis with go_fast: one transaction, GoFastHandler swaps on the pool and orders the output', async () => {
    await reset();
    const cfg = goFastConfig();
    const gateway = getAddress(cfg.gateway.get('8453')!);
    const handler = getAddress(cfg.handler.get('8453')!);
    expect(getAddress(cfg.handlerSwapRouter.get('8453')!)).toBe(skipGo);
    const own = compileSolidity(new URL('../../bridges/go-fast/TestGoFastGateway.sol', import.meta.url));
    await copyCodeTo(node, await deployContract(node, own.TestGoFastGateway!, [USDC, 8453]), gateway);
    const handlerStandIn = compileSolidity(
      new URL('../../bridges/go-fast/TestGoFastHandler.sol', import.meta.url),
    ).TestGoFastHandler!;
    await copyCodeTo(node, await deployContract(node, handlerStandIn, [skipGo, gateway]), handler);
    const amountIn = 10n ** 17n;
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '8453',
      source_asset_denom: 'base-native',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: NOBLE_USDC_ON_OSMOSIS,
      amount_in: amountIn.toString(),
      go_fast: true,
      bridges: ['GO_FAST'],
      smart_swap_options: { evm_swaps: true },
      chain_ids_to_addresses: { '8453': TRADER, 'osmosis-1': OSMO_USER },
      slippage_tolerance_percent: '1',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['evm_swap', 'go_fast_transfer']);
    expect(txs).toHaveLength(1);
    const tx = txs[0].evm_tx;
    expect(getAddress(tx.to)).toBe(handler);
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const orders = eventsOf(receipt.logs, gateway, GO_FAST_GATEWAY_ABI).filter((e) => e.eventName === 'OrderSubmitted');
    expect(orders).toHaveLength(1);
    const order = (orders[0]!.args as { order: Hex }).order;
    expect(hexToBigInt(slice(order, 64, 96))).toBe(BigInt(route.operations[0].evm_swap.amount_out));
    expect(hexToBigInt(slice(order, 64, 96))).toBe(shipped.exactIn(WETH, USDC, amountIn));
    expect(hexToBigInt(slice(order, 96, 128))).toBe(BigInt(route.estimated_amount_out));
  });
});
