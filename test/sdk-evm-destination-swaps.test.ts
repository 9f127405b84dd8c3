/**
 * Contract test: the official @skip-go/client SDK over a destination swap on an EVM chain — USDC on Noble → ETH on
 * Base. route() converts the evm_swap after the CCTP lane to the SDK's EvmSwap, messages() echoes it back, and the
 * second transaction the SDK receives is the swap on arrival: SwapRouter02's multicall (the swap, then unwrapWETH9 to
 * the signer) with the USDC approval. Base's pools come from Junction's live ingest over CHAIN_RPC_URLS, from an anvil
 * node holding Uniswap's own factory and router at Base's addresses and a USDC/WETH pool standing in with recorded
 * Ethereum state (src/routing/evm-destination-swap-anvil.test.ts executes the transaction; here the SDK's view of it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { route } from '@skip-go/client';
import { pino } from 'pino';
import { messagesFor, useSdkServer } from './sdk-server.js';
import { readDataFile } from '../src/registry/data-files.js';
import { startAnvil, type Anvil } from '../src/test-helpers/evm/anvil.js';
import { uniswapChain } from '../src/venues/uniswap/chains.js';
import { SWAP_ROUTER_02_ABI } from '../src/venues/uniswap/router-calldata.js';
import {
  createRecordedPool,
  inverted,
  placeToken,
  placeUniswapChain,
} from '../src/routing/test-helpers/uniswap-chain-on-anvil.js';

interface PoolRecord {
  pair: string;
  token0: Address;
  token1: Address;
  fee?: number;
  tick_spacing?: number;
  sqrt_price_x96?: string;
  tick?: number;
  ticks?: [number, string][];
}
const base = uniswapChain('8453')!;
const USDC_BASE = getAddress(base.mainTokens.get('USDC')!);

let node: Anvil;
beforeAll(async () => {
  node = await startAnvil(8453);
  const u = await placeUniswapChain(node, base);
  await placeToken(node, USDC_BASE, 6);
  const r = readDataFile<{ pools: PoolRecord[] }>('pools/evm-1.json').pools.find(
    (p) => p.pair === 'USDC/WETH' && p.fee === 500,
  )!;
  const state = {
    token0: r.token0,
    token1: r.token1,
    fee: 500,
    tickSpacing: r.tick_spacing!,
    sqrtPriceX96: BigInt(r.sqrt_price_x96!),
    tick: r.tick!,
    ticks: r.ticks!.map(([tick, net]) => ({ tick, liquidityNet: BigInt(net) })),
  };
  await createRecordedPool(u, inverted(state, getAddress(base.wrappedNative), USDC_BASE));
}, 300_000);
const server = useSdkServer(() => ({ CHAIN_RPC_URLS: `8453=${node.url}`, VENUE_POLL_INTERVAL_MS: '3600000' }));
beforeAll(async () => {
  server.ctx.liveMarket.start(pino({ level: 'silent' }));
  await server.ctx.liveMarket.refresh();
});
afterAll(async () => {
  await server.ctx.liveMarket.stop();
  await node?.stop();
});

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as Record<string, Record<string, unknown>>;

describe('@skip-go/client over Junction: a destination swap on Base', () => {
  it('USDC on Noble → ETH on Base: CCTP, then an evmSwap on Base as a second transaction', async () => {
    const r = await route({
      sourceAssetDenom: 'uusdc',
      sourceAssetChainId: 'noble-1',
      destAssetDenom: 'base-native',
      destAssetChainId: '8453',
      amountIn: '1000000000',
      allowMultiTx: true,
      smartSwapOptions: { evmSwaps: true },
    });
    expect(r!.txsRequired).toBe(2);
    const ops = r!.operations.map(plain);
    expect(ops.map((o) => Object.keys(o).find((k) => !['txIndex', 'amountIn', 'amountOut'].includes(k)))).toEqual([
      'cctpTransfer',
      'evmSwap',
    ]);
    expect(ops[1]!.evmSwap).toMatchObject({
      inputToken: USDC_BASE,
      fromChainId: '8453',
      denomIn: USDC_BASE,
      denomOut: 'base-native',
      swapVenues: [expect.objectContaining({ name: 'base-uniswap', chainId: '8453' })],
    });
    expect(r!.estimatedAmountOut).toBe(ops[1]!.evmSwap!.amountOut);
    const m = await messagesFor(r!, server.addressOf);
    expect(m!.txs!.length).toBe(2);
    const tx = m!.txs![1]!;
    if (!('evmTx' in tx)) throw new Error('expected the swap on Base second');
    expect(tx.evmTx).toMatchObject({ chainId: '8453', to: base.swapRouter02, value: '0' });
    expect(tx.evmTx.requiredErc20Approvals).toEqual([
      expect.objectContaining({
        tokenContract: USDC_BASE,
        spender: base.swapRouter02,
        amount: ops[1]!.evmSwap!.amountIn,
      }),
    ]);
    const call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data: `0x${tx.evmTx.data}` as Hex });
    expect(call.functionName).toBe('multicall');
  });
});
