/**
 * Contract test: the official @skip-go/client SDK drives the running server over routes with EVM swaps
 * (smartSwapOptions.evmSwaps, as Skip's widget sends it). route() converts the evm_swap record to the SDK's EvmSwap
 * (inputToken, amountIn, swapCalldata, amountOut, fromChainId, denomIn, denomOut, swapVenues), messages() echoes it
 * back, and the EVM transaction the SDK receives swaps the native ETH it carries as value.
 *
 * ETH on Base too: the offline market holds Base's Aerodrome Slipstream WETH/USDC pool (data/pools/evm-8453.json),
 * which Skip's SkipGoSwapRouter runs (a VELODROME hop), so with goFast the swap and the Go Fast order to Osmosis are
 * one transaction to Base's GoFastHandler.
 */
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, zeroAddress, type Hex } from 'viem';
import { route } from '@skip-go/client';
import { messagesFor, useSdkServer } from './sdk-server.js';
import { HANDLER_ABI } from '../src/bridges/axelar/abi.js';
import { GO_FAST_HANDLER_ABI } from '../src/bridges/go-fast/abi.js';
import { SKIP_GO_SWAP_ROUTER_ABI, SKIP_GO_VELODROME } from '../src/routing/skip-go-swap-router-abi.js';
import { readDataFile } from '../src/registry/data-files.js';

const server = useSdkServer();
const { addressOf } = server;

const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as Record<string, Record<string, unknown>>;

describe('@skip-go/client over Junction: EVM swaps', () => {
  it('ETH on Ethereum → OSMO: an evmSwap, then the bridge and the Osmosis swap, in one signature; messages echo it back', async () => {
    const r = await route({
      sourceAssetDenom: 'ethereum-native',
      sourceAssetChainId: '1',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '1000000000000000000',
      // One signature asked: with several allowed, the CCTP relayer's swap-and-burn into Noble and a second signature
      // for the Osmosis swap deliver a little more.
      allowMultiTx: false,
      smartSwapOptions: { evmSwaps: true },
    });
    const first = plain(r!.operations[0]);
    expect(first.evmSwap).toMatchObject({
      inputToken: '',
      amountIn: '1000000000000000000',
      fromChainId: '1',
      denomIn: 'ethereum-native',
      swapVenues: [expect.objectContaining({ name: 'ethereum-uniswap', chainId: '1' })],
    });
    expect(typeof first.evmSwap!.swapCalldata).toBe('string');
    expect(r!.operations.some((o) => 'swap' in o)).toBe(true);
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction first');
    // One signature: Skip's AxelarHandler on Ethereum swaps the ETH sent as value (through its SkipGoSwapRouter) and
    // sends the output over Axelar (swapAndGmpTransferERC20Token); the value is the ETH plus the Axelar gas payment.
    expect(tx.evmTx).toMatchObject({ chainId: '1', to: '0xB773bCc5B325ad9AC6B36e1A046AD4466833A16E' });
    const call = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${tx.evmTx.data}` as Hex });
    expect(call.functionName).toBe('swapAndGmpTransferERC20Token');
    const [inputToken, amount, , , , , , gasPayment] = call.args as readonly [
      string,
      bigint,
      Hex,
      string,
      string,
      Hex,
      string,
      bigint,
    ];
    expect([inputToken, amount]).toEqual([zeroAddress, 1_000_000_000_000_000_000n]);
    expect(BigInt(tx.evmTx.value!)).toBe(amount + gasPayment);
    expect(m!.txs!.length).toBe(r!.txsRequired);
  });

  it('ETH on Base → OSMO with goFast: an evmSwap on Base and the Go Fast order in one signature; messages echo it back', async () => {
    const r = await route({
      sourceAssetDenom: 'base-native',
      sourceAssetChainId: '8453',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '1000000000000000000',
      allowMultiTx: false,
      goFast: true,
      smartSwapOptions: { evmSwaps: true },
    });
    expect(r!.txsRequired).toBe(1);
    const first = plain(r!.operations[0]);
    expect(first.evmSwap).toMatchObject({
      inputToken: '',
      amountIn: '1000000000000000000',
      fromChainId: '8453',
      denomIn: 'base-native',
      swapVenues: [expect.objectContaining({ name: 'base-uniswap', chainId: '8453' })],
    });
    expect(r!.operations.some((o) => 'goFastTransfer' in o)).toBe(true);
    expect(r!.operations.some((o) => 'swap' in o)).toBe(true);
    const m = await messagesFor(r!, addressOf);
    expect(m!.txs!.length).toBe(1);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    // Base's GoFastHandler swaps the ETH sent as value through SkipGoSwapRouter's VELODROME hop, then submits the order.
    const handler = readDataFile<{ go_fast: { handler: Record<string, string> } }>('contracts.json').go_fast.handler;
    expect(tx.evmTx).toMatchObject({ chainId: '8453', to: handler['8453'], value: '1000000000000000000' });
    const call = decodeFunctionData({ abi: GO_FAST_HANDLER_ABI, data: `0x${tx.evmTx.data}` as Hex });
    if (call.functionName !== 'swapAndSubmitOrder') throw new Error(call.functionName);
    expect(call.args[0]).toBe(zeroAddress);
    const swap = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data: call.args[2] });
    expect(swap.args[4].map((h) => h.exchangeType)).toEqual([SKIP_GO_VELODROME]);
  });

  it('without evmSwaps native ETH has no route into Cosmos', async () => {
    await expect(
      route({
        sourceAssetDenom: 'ethereum-native',
        sourceAssetChainId: '1',
        destAssetDenom: 'uosmo',
        destAssetChainId: 'osmosis-1',
        amountIn: '1000000000000000000',
        allowMultiTx: true,
      }),
    ).rejects.toThrow();
  });
});
