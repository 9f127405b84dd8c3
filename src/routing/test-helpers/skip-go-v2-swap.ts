/**
 * Reads back a SkipGoSwapRouter call Junction built for a V2 pair: swapExactIn with one UNISWAP_V2 hop, whose data is
 * the four static words its UniswapV2Adapter decodes (pair, tokenIn, tokenOut, fee in basis points).
 */
import { decodeAbiParameters, decodeFunctionData, type Hex } from 'viem';
import { expect } from 'vitest';
import { SKIP_GO_SWAP_ROUTER_ABI, SKIP_GO_UNISWAP_V2 } from '../skip-go-swap-router-abi.js';

export function skipGoV2Swap(data: Hex) {
  const call = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data });
  const [amountIn, amountOutMin, tokenIn, tokenOut, hops, affiliates] = call.args;
  expect(hops).toHaveLength(1);
  expect(hops[0]!.exchangeType).toBe(SKIP_GO_UNISWAP_V2);
  // Exactly four static words, as the adapter's abi.decode(data, (address, address, address, uint256)) reads them.
  expect((hops[0]!.data.length - 2) / 64).toBe(4);
  const [pair, hopIn, hopOut, feeBps] = decodeAbiParameters(
    [{ type: 'address' }, { type: 'address' }, { type: 'address' }, { type: 'uint256' }],
    hops[0]!.data,
  );
  return { amountIn, amountOutMin, tokenIn, tokenOut, affiliates, hop: { pair, hopIn, hopOut, feeBps } };
}
