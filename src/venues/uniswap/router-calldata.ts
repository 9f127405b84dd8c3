/**
 * Calldata for Uniswap's SwapRouter02 (the `swap_router_02` of data/evm-uniswap.json; ABI from
 * @uniswap/swap-router-contracts): a swap path of V3 pools and V2 pairs, exact in, as one call.
 *
 * - V3 hops in a row are one `exactInput` (path = token, fee, token, ...); V2 hops in a row one
 *   `swapExactTokensForTokens`. A later segment swaps what the router holds (amountIn 0 = its balance).
 * - The native token in: the call carries it as `value`, and the router wraps it (its `pay` uses the WETH9 balance).
 * - The native token out: the last segment pays the router, and `unwrapWETH9(min)` sends the ether to the caller.
 * - Recipient MSG_SENDER (address 1) is the router's alias for its caller: the calldata is the same whether the user
 *   calls the router or a swap-then-bridge entry point does (Skip's CCTP relayer).
 * - The guaranteed minimum is checked once, on what leaves the router: the last swap's amountOutMinimum, or the
 *   sweep / unwrap minimum when the output passes through the router.
 * - An affiliate fee (one recipient, 1..100 bps: SwapRouter02's limit) makes the output pass through the router and
 *   leave it by `sweepTokenWithFee` / `unwrapWETH9WithFee` (@uniswap/v3-periphery PeripheryPaymentsWithFee): the
 *   minimum is checked on the router's balance before the fee, floor(balance × bps / 10⁴) goes to the recipient and
 *   the rest to the caller.
 */
import { encodeFunctionData, encodePacked, type Address, type Hex } from 'viem';
import type { Pool } from '../types.js';
import { ConstantProductPool, type V2_KIND } from './v2-pool.js';
import { UniswapV3Pool, V3_KIND } from './v3-pool.js';
import { SWAP_ROUTER_02_ABI } from './router-abi.js';
import { uniswapChain } from './chains.js';

const UNISWAP_V3 = 'uniswap-v3';
const UNISWAP_V2 = 'uniswap-v2';

export { SWAP_ROUTER_02_ABI };

/** SwapRouter02's aliases (Constants.sol): its caller, and itself. */
const MSG_SENDER: Address = '0x0000000000000000000000000000000000000001';
const ADDRESS_THIS: Address = '0x0000000000000000000000000000000000000002';

/**
 * Whether SwapRouter02 on the chain swaps on the pool: a pool of Uniswap's own V3 deployment (the router was deployed
 * with the chain's V3 factory), or a pair of the V2 factory the router was deployed with (`swapRouter02FactoryV2`:
 * the router finds a pair by CREATE2 from that factory, so a pair of any other factory, a fork's or Uniswap's later
 * one, is not the pair it would swap on). A fork's pools need the fork's router.
 */
export function routerExecutes(chainId: string, pool: Pool): boolean {
  if (pool instanceof UniswapV3Pool) return pool.kind === V3_KIND && pool.protocol === UNISWAP_V3;
  if (!(pool instanceof ConstantProductPool) || pool.protocol !== UNISWAP_V2) return false;
  const chain = uniswapChain(chainId);
  const factory = chain?.v2.find((d) => d.protocol === UNISWAP_V2)?.factory;
  return factory !== undefined && chain?.swapRouter02FactoryV2 === factory;
}

interface RouterHop {
  pool: Pool;
  denomIn: string;
  denomOut: string;
}

export interface RouterSwap {
  /** The chain whose SwapRouter02 runs the swap (which V2 pairs it reaches depends on it). */
  chainId: string;
  /** Paths with the input each takes (several when the swap is split). */
  routes: readonly { path: readonly RouterHop[]; amountIn: bigint }[];
  /** The native token comes in as value (wrapped by the router) / goes out unwrapped. */
  wrapIn: boolean;
  unwrapOut: boolean;
  /** What must leave the router at least, in total (before an affiliate fee). */
  minAmountOut: bigint;
  /** An affiliate fee taken from the output (bips: 1..100). */
  fee?: { bips: bigint; recipient: Address } | undefined;
}

/** SwapRouter02's bounds on feeBips (PeripheryPaymentsWithFee: require(feeBips > 0 && feeBips <= 100)). */
export const ROUTER_MAX_FEE_BIPS = 100n;

export interface RouterCall {
  data: Hex;
  /** Native amount the call carries (the input when wrapping, else 0). */
  value: bigint;
}

interface Segment {
  kind: typeof V3_KIND | typeof V2_KIND;
  hops: RouterHop[];
}

function segments(chainId: string, path: readonly RouterHop[]): Segment[] {
  const out: Segment[] = [];
  for (const hop of path) {
    if (!routerExecutes(chainId, hop.pool))
      throw new Error(`SwapRouter02 cannot execute pool ${hop.pool.id} (${hop.pool.kind})`);
    const kind = hop.pool.kind as Segment['kind'];
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.hops.push(hop);
    else out.push({ kind, hops: [hop] });
  }
  return out;
}

/** A V3 segment's path as the router takes it: token, fee, token, ... packed. */
function v3Path(s: Segment): Hex {
  const types: string[] = ['address'];
  const values: unknown[] = [s.hops[0]!.denomIn];
  for (const h of s.hops) {
    types.push('uint24', 'address');
    values.push((h.pool as UniswapV3Pool).state.fee, h.denomOut);
  }
  return encodePacked(types, values);
}

function segmentCall(s: Segment, recipient: Address, amountIn: bigint, min: bigint): Hex {
  if (s.kind === V3_KIND) {
    const path = v3Path(s);
    return encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'exactInput',
      args: [{ path, recipient, amountIn, amountOutMinimum: min }],
    });
  }
  const tokens = [s.hops[0]!.denomIn, ...s.hops.map((h) => h.denomOut)] as Address[];
  return encodeFunctionData({
    abi: SWAP_ROUTER_02_ABI,
    functionName: 'swapExactTokensForTokens',
    args: [amountIn, min, tokens, recipient],
  });
}

/** The router call that runs the swap. */
export function routerCall(swap: RouterSwap): RouterCall {
  const total = swap.routes.reduce((s, r) => s + r.amountIn, 0n);
  const value = swap.wrapIn ? total : 0n;
  const plan = swap.routes.map((r) => segments(swap.chainId, r.path));
  const { fee } = swap;
  if (fee && (fee.bips < 1n || fee.bips > ROUTER_MAX_FEE_BIPS))
    throw new Error(`SwapRouter02 takes a fee of 1 to ${ROUTER_MAX_FEE_BIPS} bips, not ${fee.bips}`);
  // One segment, paid straight to the caller: the swap itself checks the minimum.
  if (plan.length === 1 && plan[0]!.length === 1 && !swap.unwrapOut && !fee) {
    return { data: segmentCall(plan[0]![0]!, MSG_SENDER, total, swap.minAmountOut), value };
  }
  const calls: Hex[] = [];
  for (const [k, segs] of plan.entries()) {
    segs.forEach((s, i) => calls.push(segmentCall(s, ADDRESS_THIS, i === 0 ? swap.routes[k]!.amountIn : 0n, 0n)));
  }
  const last = swap.routes[0]!.path[swap.routes[0]!.path.length - 1]!;
  const token = last.denomOut as Address;
  const min = swap.minAmountOut;
  calls.push(
    fee
      ? swap.unwrapOut
        ? encodeFunctionData({
            abi: SWAP_ROUTER_02_ABI,
            functionName: 'unwrapWETH9WithFee',
            args: [min, fee.bips, fee.recipient],
          })
        : encodeFunctionData({
            abi: SWAP_ROUTER_02_ABI,
            functionName: 'sweepTokenWithFee',
            args: [token, min, fee.bips, fee.recipient],
          })
      : swap.unwrapOut
        ? encodeFunctionData({ abi: SWAP_ROUTER_02_ABI, functionName: 'unwrapWETH9', args: [min] })
        : encodeFunctionData({ abi: SWAP_ROUTER_02_ABI, functionName: 'sweepToken', args: [token, min] }),
  );
  return { data: encodeFunctionData({ abi: SWAP_ROUTER_02_ABI, functionName: 'multicall', args: [calls] }), value };
}
