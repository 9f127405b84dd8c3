/**
 * An EVM swap step as the router call that executes it (venues/uniswap/router-calldata.ts), and as the wire's
 * `evm_swap` operation record (the official SDK's EvmSwap: input_token "" for the native token, amount_in,
 * swap_calldata, amount_out, from_chain_id, denom_in, denom_out, swap_venues).
 *
 * Two routers execute them: Uniswap's SwapRouter02 takes Uniswap's own pools, split over several paths if need be;
 * Skip's SkipGoSwapRouter takes one path of pools its adapters run: Uniswap V3 and V2, the pairs of V2 forks by address
 * (Pangolin's on Avalanche), and where its VELODROME adapter is deployed, the chain's Aerodrome Slipstream pools
 * (data/evm-uniswap.json skip_go_velodrome_adapter). A step SwapRouter02 can run goes through it when it is a
 * transaction of its own; one with a fork's pool goes through SkipGoSwapRouter, alone or inside Skip's entry points
 * (which call SkipGoSwapRouter anyway).
 *
 * An EVM swap always executes exact in: an exact-out route solves the input with the pools' inverse math, and the
 * router swaps that input with the asked output as its minimum (for a V2 pair, what that input buys is at least the
 * output asked).
 */
import {
  SKIP_GO_SWAP_ROUTER_ABI,
  SKIP_GO_UNISWAP_V2,
  SKIP_GO_UNISWAP_V3,
  SKIP_GO_VELODROME,
  VELODROME_CL,
  VELODROME_HOP_DATA,
} from './skip-go-swap-router-abi.js';
import { encodeAbiParameters, encodeFunctionData, getAddress, type Hex } from 'viem';
import type { EvmSwapAfter, EvmSwapCall } from '../bridges/types.js';
import { skipGoSwapRouter } from '../bridges/skip-go-swap-router.js';
import { invalidArgument } from '../errors.js';
import type { Pool } from '../venues/types.js';
import { ConstantProductPool } from '../venues/uniswap/v2-pool.js';
import { UniswapV3Pool } from '../venues/uniswap/v3-pool.js';
import { uniswapChain } from '../venues/uniswap/chains.js';
import { routerCall, routerExecutes, type RouterCall } from '../venues/uniswap/router-calldata.js';
import type { EvmSwapRecord } from '../wire/operation.js';
import type { SwapStep } from './types.js';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** The slippage the route's own swap_calldata allows (1 %, the messages' default); /msgs re-encodes with the caller's. */
const ROUTE_CALLDATA_SLIPPAGE_PPM = 10_000n;

/** The minimum an EVM swap guarantees: its output less the slippage tolerance (exact out: the output asked). */
export function evmMinAmountOut(step: SwapStep, slippagePpm: bigint): bigint {
  if (step.exact === 'out') return step.grossOut;
  return step.grossOut - (step.grossOut * slippagePpm) / 1_000_000n;
}

/** An affiliate an EVM router pays: its address on the swap chain and its basis points of the swap's output. */
export interface EvmAffiliate {
  address: string;
  bps: number;
}

/**
 * The SwapRouter02 call that swaps `amountIn` (the committed input) along the step's routes, guaranteeing `minOut`
 * before the affiliate fee; `fee`: the one affiliate SwapRouter02 pays (routerCall checks its 1..100 bps).
 */
function evmRouterCall(
  step: SwapStep,
  amountIn: bigint,
  minOut: bigint,
  fee?: EvmAffiliate,
): RouterCall & { router: string } {
  const chain = uniswapChain(step.chainId);
  if (!chain) throw new Error(`no Uniswap deployment on chain ${step.chainId}`);
  const total = step.routes.reduce((s, r) => s + r.amountIn, 0n);
  // The committed input spread over the routes in the planned proportions (remainder on the first).
  const parts = step.routes.map((r) => (amountIn * r.amountIn) / total);
  parts[0] = parts[0]! + (amountIn - parts.reduce((s, p) => s + p, 0n));
  const call = routerCall({
    chainId: step.chainId,
    routes: step.routes.map((r, k) => ({ path: r.path, amountIn: parts[k]! })),
    wrapIn: step.denomIn === chain.nativeDenom,
    unwrapOut: step.denomOut === chain.nativeDenom,
    minAmountOut: minOut,
    fee: fee && { bips: BigInt(fee.bps), recipient: getAddress(fee.address) },
  });
  return { ...call, router: chain.swapRouter02 };
}

/**
 * The step as the user's own transaction runs it (a swap that shares its transaction with nothing): SwapRouter02's call
 * where SwapRouter02 runs the step (`router02`: the one affiliate it pays, or why it cannot pay the route's), else
 * SkipGoSwapRouter's swapExactIn called directly, which pays every affiliate.
 */
export function evmDirectCall(
  step: SwapStep,
  amountIn: bigint,
  minOut: bigint,
  affiliates: readonly EvmAffiliate[],
  router02: { fee?: EvmAffiliate; refused?: string },
): RouterCall & { router: string } {
  if (evmSwapOnSwapRouter02(step)) {
    if (router02.refused) throw invalidArgument(router02.refused);
    return evmRouterCall(step, amountIn, minOut, router02.fee);
  }
  const router = skipGoSwapRouter(step.chainId);
  if (!router || !evmSwapOnSkipGo(step)) throw new Error(`no router on ${step.chainId} runs this swap`);
  return {
    data: skipGoSwapCalldata(step, amountIn, minOut, affiliates),
    value: inputTokenOf(step) === ZERO_ADDRESS ? amountIn : 0n,
    router,
  };
}

/** The input token as Skip's EVM contracts take it: the zero address for the native token. */
export function inputTokenOf(step: SwapStep): string {
  return uniswapChain(step.chainId)?.nativeDenom === step.denomIn ? ZERO_ADDRESS : step.denomIn;
}

/** The output token as SkipGoSwapRouter takes it: the zero address for the native token (it unwraps WETH). */
function outputTokenOf(step: SwapStep): string {
  return uniswapChain(step.chainId)?.nativeDenom === step.denomOut ? ZERO_ADDRESS : step.denomOut;
}

/**
 * The swap as a swap-then-bridge entry point takes it, paying the affiliates from its output when it is the route's
 * last swap: Skip's SkipGoSwapRouter pays any number of them (`skipGoCalldata`); SwapRouter02 pays one, `router02`
 * (what build.ts resolved for it: the affiliate, or why it cannot pay them, which the entry point that uses that
 * calldata answers). Either way the entry point bridges what its balance gained: the output less the fees.
 */
export function evmSwapCall(
  step: SwapStep,
  amountIn: bigint,
  minOut: bigint,
  affiliates: readonly EvmAffiliate[] = [],
  router02: { fee?: EvmAffiliate; refused?: string } = {},
): EvmSwapCall {
  const refusal = router02Refusal(step);
  // SwapRouter02 cannot run the pools: no calldata of its own (an entry point calling it refuses with the reason).
  const call = refusal ? undefined : evmRouterCall(step, amountIn, minOut, router02.refused ? undefined : router02.fee);
  const refused = refusal ?? router02.refused;
  return {
    inputToken: inputTokenOf(step),
    amountIn,
    calldata: call ? call.data.slice(2) : '',
    ...(refused ? { calldataRefused: refused } : {}),
    minAmountOut: minOut,
    // SkipGoSwapRouter pays affiliates in ERC-20 only: with a native output and affiliates it has no calldata here.
    ...(evmSwapOnSkipGo(step) && !(outputTokenOf(step) === ZERO_ADDRESS && affiliates.length > 0)
      ? { skipGoCalldata: skipGoSwapCalldata(step, amountIn, minOut, affiliates).slice(2) }
      : {}),
  };
}

/**
 * The swap as Skip's SkipGoSwapRouter runs it: swapExactIn(amountIn, minOut, tokenIn (zero: native, wrapped by the
 * router), tokenOut (zero: native, unwrapped by the router), hops, affiliates), one hop per pool of the step's one
 * path — Uniswap V3: (tokenIn, tokenOut, fee, quoter, swapRouter) for its UniswapV3Adapter, which calls
 * exactInputSingle on the chain's SwapRouter02; Uniswap V2 and its forks (Pangolin): (pair, tokenIn, tokenOut, fee in
 * basis points) for its UniswapV2Adapter, which swaps on the pair itself; Aerodrome Slipstream: VelodromeData (CL,
 * pool, tokenIn, tokenOut, quoter, swapRouter) for its VelodromeAdapter, which calls exactInputSingle on Slipstream's
 * SwapRouter with the pool's tickSpacing(). The quoters are read only by the adapters' quote functions, so none is named. Each hop swaps the
 * whole output of the one before, as the path's exact-in math does. The router checks amountOutMin on the whole
 * output, then pays each affiliate floor(output × feeBPS / 10⁴) of tokenOut with an ERC-20 transfer (so not of the
 * native token: an ERC-20 transfer of the zero address fails), and its caller the rest.
 */
function skipGoSwapCalldata(
  step: SwapStep,
  amountIn: bigint,
  minOut: bigint,
  affiliates: readonly EvmAffiliate[],
): Hex {
  const chain = uniswapChain(step.chainId);
  if (!chain || !evmSwapOnSkipGo(step)) throw new Error('SkipGoSwapRouter takes one path of pools its adapters run');
  const tokenOut = outputTokenOf(step);
  if (tokenOut === ZERO_ADDRESS && affiliates.length > 0)
    throw invalidArgument(
      `invalid chain_ids_to_affiliates.${step.chainId}: the swap on ${step.chainId} runs through Skip's SkipGoSwapRouter, which pays affiliates in ERC-20 tokens, not in the native token the route delivers`,
    );
  const hops = step.routes[0]!.path.map((h) => {
    const velodrome = velodromeDeployment(step.chainId, h.pool);
    if (velodrome)
      return {
        exchangeType: SKIP_GO_VELODROME,
        data: encodeAbiParameters(VELODROME_HOP_DATA, [
          VELODROME_CL,
          h.pool.id as Hex,
          h.denomIn as Hex,
          h.denomOut as Hex,
          ZERO_ADDRESS,
          velodrome.swapRouter as Hex,
        ]),
      };
    if (h.pool instanceof UniswapV3Pool)
      return {
        exchangeType: SKIP_GO_UNISWAP_V3,
        data: encodeAbiParameters(
          [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'address' }, { type: 'address' }],
          [h.denomIn as Hex, h.denomOut as Hex, h.pool.state.fee, ZERO_ADDRESS, chain.swapRouter02],
        ),
      };
    if (!(h.pool instanceof ConstantProductPool)) throw new Error(`not a Uniswap pool: ${h.pool.id}`);
    const { feeNumerator: n, feeDenominator: d } = h.pool.state;
    return {
      exchangeType: SKIP_GO_UNISWAP_V2,
      data: encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'address' }, { type: 'uint256' }],
        [h.pool.id as Hex, h.denomIn as Hex, h.denomOut as Hex, ((d - n) * 10_000n) / d],
      ),
    };
  });
  return encodeFunctionData({
    abi: SKIP_GO_SWAP_ROUTER_ABI,
    functionName: 'swapExactIn',
    args: [
      amountIn,
      minOut,
      inputTokenOf(step) as Hex,
      tokenOut as Hex,
      hops,
      affiliates.map((a) => ({ recipient: getAddress(a.address), feeBPS: BigInt(a.bps) })),
    ],
  });
}

/** The wire's record of the step; its swap_calldata is for the router the user's own transaction would call. */
export function evmSwapRecord(step: SwapStep): EvmSwapRecord {
  const call = evmDirectCall(step, step.amountIn, evmMinAmountOut(step, ROUTE_CALLDATA_SLIPPAGE_PPM), [], {});
  const native = uniswapChain(step.chainId)?.nativeDenom === step.denomIn;
  return {
    input_token: native ? '' : step.denomIn,
    amount_in: step.amountIn.toString(),
    // The wire carries calldata without 0x, as for evm_tx.data.
    swap_calldata: call.data.slice(2),
    amount_out: step.amountOut.toString(),
    from_chain_id: step.chainId,
    denom_in: step.denomIn,
    denom_out: step.denomOut,
    swap_venues: [{ name: step.venue.name, chain_id: step.venue.chainId, logo_uri: step.venue.logoUri }],
  };
}

/**
 * The swap as a contract on the destination runs it with what a lane delivers (Skip's AxelarHandler Swap command,
 * whose router is SwapRouter02 where Junction routes it): one path only (the calldata is one router call),
 * `amountIn` (what the lane surely delivers) swapped and `minOut` checked by the router, the output paid to the
 * router's caller (the handler: MSG_SENDER), unwrapped to it when the route delivers the native token, which the
 * handler then sends on as ether (tokenOut zero).
 */
export function evmSwapAfter(step: SwapStep, amountIn: bigint, minOut: bigint): EvmSwapAfter {
  const [route, ...more] = step.routes;
  if (!route || more.length > 0) throw new Error('a destination EVM swap carried by a lane takes one path');
  const call = evmRouterCall(step, amountIn, minOut);
  return {
    tokenOut: (uniswapChain(step.chainId)?.nativeDenom === step.denomOut ? ZERO_ADDRESS : step.denomOut) as Hex,
    calldata: call.data,
    minAmountOut: minOut,
  };
}

/**
 * Whether a contract that chains SwapRouter02 calls can run the step (evmSwapAfter: Skip's AxelarHandler Swap
 * command where its router is SwapRouter02): one path, every pool SwapRouter02's.
 */
export function evmSwapRunsInOnePath(step: SwapStep): boolean {
  return step.routes.length === 1 && evmSwapOnSwapRouter02(step);
}

/** Why Uniswap's SwapRouter02 cannot run the step (a pool of another deployment), or undefined when it can. */
function router02Refusal(step: SwapStep): string | undefined {
  for (const r of step.routes)
    for (const h of r.path)
      if (!routerExecutes(step.chainId, h.pool))
        return `the swap on ${step.chainId} goes through ${protocolOf(h.pool)} pool ${h.pool.id}, which Uniswap's SwapRouter02 cannot execute`;
  return undefined;
}

const protocolOf = (pool: Pool): string =>
  pool instanceof UniswapV3Pool || pool instanceof ConstantProductPool ? pool.protocol : pool.kind;

/** Whether Uniswap's SwapRouter02 runs the step: every pool of every route is Uniswap's own. */
export function evmSwapOnSwapRouter02(step: SwapStep): boolean {
  return router02Refusal(step) === undefined;
}

/** Whether Skip's SkipGoSwapRouter runs the step: one path, every pool one its adapters take on that chain. */
export function evmSwapOnSkipGo(step: SwapStep): boolean {
  return step.routes.length === 1 && step.routes[0]!.path.every((h) => skipGoExecutes(step.chainId, h.pool));
}

/**
 * The deployment of a pool SkipGoSwapRouter runs through its VELODROME adapter (Aerodrome Slipstream): listed with
 * that adapter and its swap router, on a chain whose SkipGoSwapRouter Junction knows.
 */
function velodromeDeployment(chainId: string, pool: Pool): { swapRouter: string } | undefined {
  if (!(pool instanceof UniswapV3Pool)) return undefined;
  const d = uniswapChain(chainId)?.v3.find((x) => x.protocol === pool.protocol);
  if (!d?.skipGoVelodromeAdapter || !d.swapRouter || !skipGoSwapRouter(chainId)) return undefined;
  return { swapRouter: d.swapRouter };
}

/**
 * Whether SkipGoSwapRouter's UniswapV2Adapter runs a V2 pair of a fork (Pangolin on Avalanche): the adapter swaps on
 * the pair its hop names, with Uniswap V2's pair interface (getReserves, then swap(amount0Out, amount1Out, to, data))
 * and the V2 formula with the hop's fee in basis points, so it runs any pair of a V2 deployment the chain lists (each
 * is Uniswap V2's pair contract under another factory) whose fee is a whole number of basis points, on a chain whose
 * SkipGoSwapRouter Junction knows.
 */
function v2AdapterRuns(chainId: string, pool: Pool): boolean {
  if (!(pool instanceof ConstantProductPool) || !skipGoSwapRouter(chainId)) return false;
  if (!uniswapChain(chainId)?.v2.some((d) => d.protocol === pool.protocol)) return false;
  const { feeNumerator: n, feeDenominator: d } = pool.state;
  return ((d - n) * 10_000n) % d === 0n;
}

/**
 * Whether Skip's SkipGoSwapRouter on the chain runs the pool: Uniswap's own (V3 and V2 adapters), a V2 fork's pair
 * (V2 adapter) or a Slipstream pool (VELODROME adapter), on a chain whose SkipGoSwapRouter Junction knows.
 */
export function skipGoExecutes(chainId: string, pool: Pool): boolean {
  return (
    (routerExecutes(chainId, pool) && skipGoSwapRouter(chainId) !== undefined) ||
    v2AdapterRuns(chainId, pool) ||
    velodromeDeployment(chainId, pool) !== undefined
  );
}

/** Whether some router Junction encodes runs the pool on its chain (SwapRouter02 or SkipGoSwapRouter). */
export function evmPoolExecutes(chainId: string, pool: Pool): boolean {
  return routerExecutes(chainId, pool) || skipGoExecutes(chainId, pool);
}
