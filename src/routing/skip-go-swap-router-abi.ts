/**
 * Skip's SkipGoSwapRouter entry (skip-go-evm-contracts SwapRouter/src/SkipGoSwapRouter.sol): swapExactIn over adapter
 * hops, paying affiliates from the output. The router Skip's CCTP relayers, AxelarHandlers and GoFastHandlers call
 * with the swap calldata Junction builds (evm-swap-call.ts); tests decode that calldata with the same ABI.
 */
import { parseAbi } from 'viem';

export const SKIP_GO_SWAP_ROUTER_ABI = parseAbi([
  'struct Hop { uint8 exchangeType; bytes data; }',
  'struct Affiliate { address recipient; uint256 feeBPS; }',
  'function swapExactIn(uint256 amountIn, uint256 amountOutMin, address tokenIn, address tokenOut, Hop[] hops, Affiliate[] affiliates) payable returns (uint256 amountOut)',
]);

/** enum ExchangeType { UNISWAP_V2, UNISWAP_V3, VELODROME }. */
export const SKIP_GO_UNISWAP_V2 = 0;
export const SKIP_GO_UNISWAP_V3 = 1;
export const SKIP_GO_VELODROME = 2;

/**
 * A VELODROME hop's data: abi.encode(VelodromeData{PoolType poolType, address pool, address tokenIn, address tokenOut,
 * address quoter, address swapRouter}) (SwapRouter/src/adapters/VelodromeAdapter.sol; a struct of static fields
 * encodes as its fields in order). PoolType: V2 = 0, CL = 1.
 */
export const VELODROME_HOP_DATA = [
  { type: 'uint8', name: 'poolType' },
  { type: 'address', name: 'pool' },
  { type: 'address', name: 'tokenIn' },
  { type: 'address', name: 'tokenOut' },
  { type: 'address', name: 'quoter' },
  { type: 'address', name: 'swapRouter' },
] as const;
export const VELODROME_CL = 1;
