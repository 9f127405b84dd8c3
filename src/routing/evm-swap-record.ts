/**
 * An `evm_swap` operation echoed back to /msgs, re-validated: the venue must be the EVM venue of its chain, denom_in
 * the holding the previous operation left, and the pools are read back out of the record's swap_calldata (SwapRouter02
 * calls, or SkipGoSwapRouter's swapExactIn for pools SwapRouter02 cannot run: routing/evm-swap-call.ts) and looked up
 * in the market, so a caller cannot name a pool Junction does not know.
 * The amounts are simulated again from what reaches the swap; the record's own amounts are never trusted.
 */
import { decodeAbiParameters, decodeFunctionData, getAddress, type Hex } from 'viem';
import { invalidArgument } from '../errors.js';
import { priceImpactPercent } from '../pricing/index.js';
import { swapDenom } from '../venues/uniswap/native.js';
import { SWAP_ROUTER_02_ABI, routerExecutes } from '../venues/uniswap/router-calldata.js';
import { UniswapV3Pool, V3_KIND } from '../venues/uniswap/v3-pool.js';
import { V2_KIND } from '../venues/uniswap/v2-pool.js';
import { affiliateFeeOf } from './affiliate-fee.js';
import { isEvmVenue } from './evm-venues.js';
import { skipGoExecutes } from './evm-swap-call.js';
import {
  SKIP_GO_SWAP_ROUTER_ABI,
  SKIP_GO_UNISWAP_V2,
  SKIP_GO_UNISWAP_V3,
  SKIP_GO_VELODROME,
  VELODROME_CL,
  VELODROME_HOP_DATA,
} from './skip-go-swap-router-abi.js';
import type { MarketView } from './market.js';
import { simulateExactIn } from './swap.js';
import type { VenueIndex } from './swap-index.js';
import type { PoolHop, SwapRoute, SwapStep } from './types.js';

type Rec = Record<string, unknown>;

const text = (r: Rec, k: string, at: string): string => {
  const v = r[k];
  if (typeof v !== 'string' || v === '') throw invalidArgument(`invalid ${at}.${k}: must be a non-empty string`);
  return v;
};

/** One router call's pools: V3 segments (token, fee, token, ...) or V2 (token, token, ...). */
interface Segment {
  amountIn: bigint;
  /**
   * `pool`: the pool a SkipGoSwapRouter VELODROME or UNISWAP_V2 hop names (a V2 hop's pair: Uniswap's or a fork's,
   * Pangolin's); the other hops name none: Uniswap's of that pair and fee.
   */
  hops: { kind: string; tokenIn: string; tokenOut: string; fee?: number; pool?: string }[];
}

function decodeV3Path(path: Hex): Segment['hops'] {
  const bytes = path.slice(2);
  const hops: Segment['hops'] = [];
  let i = 0;
  const addr = () => getAddress(`0x${bytes.slice(i, (i += 40))}`);
  let tokenIn = addr();
  while (i < bytes.length) {
    const fee = parseInt(bytes.slice(i, (i += 6)), 16);
    const tokenOut = addr();
    hops.push({ kind: V3_KIND, tokenIn, tokenOut, fee });
    tokenIn = tokenOut;
  }
  return hops;
}

/** SkipGoSwapRouter's swapExactIn: one path, its hops through the V2, V3 and VELODROME (CL) adapters. */
function skipGoSegment(data: Hex, at: string): Segment | undefined {
  let call;
  try {
    call = decodeFunctionData({ abi: SKIP_GO_SWAP_ROUTER_ABI, data });
  } catch {
    return undefined;
  }
  const bad = () => invalidArgument(`invalid ${at}.swap_calldata: a SkipGoSwapRouter hop Junction does not build`);
  const hops = call.args[4].map((hop) => {
    try {
      if (hop.exchangeType === SKIP_GO_UNISWAP_V3) {
        const [tokenIn, tokenOut, fee] = decodeAbiParameters(
          [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'address' }, { type: 'address' }],
          hop.data,
        );
        return { kind: V3_KIND, tokenIn, tokenOut, fee };
      }
      if (hop.exchangeType === SKIP_GO_UNISWAP_V2) {
        const [pool, tokenIn, tokenOut] = decodeAbiParameters(
          [{ type: 'address' }, { type: 'address' }, { type: 'address' }, { type: 'uint256' }],
          hop.data,
        );
        return { kind: V2_KIND, tokenIn, tokenOut, pool };
      }
      if (hop.exchangeType === SKIP_GO_VELODROME) {
        const [poolType, pool, tokenIn, tokenOut] = decodeAbiParameters(VELODROME_HOP_DATA, hop.data);
        if (poolType !== VELODROME_CL) throw bad();
        return { kind: V3_KIND, tokenIn, tokenOut, pool };
      }
    } catch {
      throw bad();
    }
    throw bad();
  });
  return { amountIn: call.args[0], hops };
}

function segmentsOf(data: Hex, at: string): Segment[] {
  const skipGo = skipGoSegment(data, at);
  if (skipGo) return [skipGo];
  let call;
  try {
    call = decodeFunctionData({ abi: SWAP_ROUTER_02_ABI, data });
  } catch {
    throw invalidArgument(`invalid ${at}.swap_calldata: not a SwapRouter02 or SkipGoSwapRouter call Junction builds`);
  }
  switch (call.functionName) {
    case 'multicall':
      return call.args[0].flatMap((inner) => segmentsOf(inner, at));
    case 'exactInput':
      return [{ amountIn: call.args[0].amountIn, hops: decodeV3Path(call.args[0].path) }];
    case 'swapExactTokensForTokens': {
      const tokens = call.args[2].map((t) => getAddress(t));
      return [
        {
          amountIn: call.args[0],
          hops: tokens.slice(1).map((t, k) => ({ kind: V2_KIND, tokenIn: tokens[k]!, tokenOut: t })),
        },
      ];
    }
    default:
      return []; // unwrapWETH9 / sweepToken move no pool
  }
}

function poolOf(venue: VenueIndex, hop: Segment['hops'][number], at: string): PoolHop {
  const pool = venue.poolsOf(hop.tokenIn).find(
    (p) =>
      p.kind === hop.kind &&
      p.denoms.includes(hop.tokenOut) &&
      // A hop that names its pool (VELODROME, UNISWAP_V2) takes that one; the others Uniswap's own of the pair and fee.
      (hop.pool === undefined
        ? routerExecutes(venue.venue.chainId, p) &&
          (hop.fee === undefined || (p instanceof UniswapV3Pool && p.state.fee === hop.fee))
        : p.id === getAddress(hop.pool) && skipGoExecutes(venue.venue.chainId, p)),
  );
  if (!pool) throw invalidArgument(`invalid ${at}.swap_calldata: ${venue.venue.name} has no pool for that path`);
  return { pool, denomIn: hop.tokenIn, denomOut: hop.tokenOut };
}

export function evmSwapOfRecord(
  market: MarketView,
  record: Rec,
  at: string,
  holding: { chainId: string; denom: string },
  amount: bigint,
  /** The affiliate fee the router takes from the output: the route's last swap's (affiliate-fee.ts), else 0. */
  feeBps = 0,
): SwapStep {
  const chainId = text(record, 'from_chain_id', at);
  const venues = Array.isArray(record.swap_venues) ? (record.swap_venues as Rec[]) : [];
  const name = typeof venues[0]?.name === 'string' ? venues[0].name : undefined;
  const venue = market.venues.find((v) => v.venue.chainId === chainId && v.venue.name === name && isEvmVenue(v));
  if (!venue) throw invalidArgument(`invalid ${at}.swap_venues: not an enabled EVM swap venue on ${chainId}`);
  if (chainId !== holding.chainId)
    throw invalidArgument(
      `invalid ${at}: the swap runs on ${chainId} but the previous operation ends on ${holding.chainId}`,
    );
  const denomIn = text(record, 'denom_in', at);
  const denomOut = text(record, 'denom_out', at);
  if (denomIn !== holding.denom)
    throw invalidArgument(`invalid ${at}.denom_in: the previous operation delivers ${holding.denom}, not ${denomIn}`);
  const tokenIn = swapDenom(chainId, denomIn)?.token;
  const tokenOut = swapDenom(chainId, denomOut)?.token;
  if (!tokenIn || !tokenOut) throw invalidArgument(`invalid ${at}: ${denomIn} → ${denomOut} is not an EVM token swap`);
  const calldata = text(record, 'swap_calldata', at);
  if (!/^(0x)?[0-9a-fA-F]*$/.test(calldata)) throw invalidArgument(`invalid ${at}.swap_calldata: must be hex`);
  // A route is a segment that takes new input, followed by those that swap what the router holds (amountIn 0).
  const planned: { path: PoolHop[]; share: bigint }[] = [];
  for (const s of segmentsOf(`0x${calldata.replace(/^0x/, '')}`, at)) {
    const hops = s.hops.map((h) => poolOf(venue, h, at));
    if (s.amountIn > 0n || planned.length === 0) planned.push({ path: hops, share: s.amountIn });
    else planned[planned.length - 1]!.path.push(...hops);
  }
  if (planned.length === 0) throw invalidArgument(`invalid ${at}.swap_calldata: it swaps nothing`);
  for (const p of planned) {
    if (p.path[0]!.denomIn !== tokenIn || p.path[p.path.length - 1]!.denomOut !== tokenOut)
      throw invalidArgument(`invalid ${at}.swap_calldata: its path does not swap ${denomIn} for ${denomOut}`);
  }
  const total = planned.reduce((s, p) => s + p.share, 0n);
  const parts = planned.map((p) => (total > 0n ? (amount * p.share) / total : amount));
  parts[0] = parts[0]! + (amount - parts.reduce((s, x) => s + x, 0n));
  const routes: SwapRoute[] = planned.map((p, k) => {
    const out = simulateExactIn(p.path, parts[k]!);
    if (out === undefined) throw invalidArgument(`invalid ${at}: the pools cannot execute this swap for the amount`);
    return { path: p.path, amountIn: parts[k]!, amountOut: out };
  });
  const grossOut = routes.reduce((s, r) => s + r.amountOut, 0n);
  const fee = affiliateFeeOf(grossOut, feeBps);
  return {
    kind: 'swap',
    venue: venue.venue,
    chainId,
    denomIn,
    denomOut,
    exact: 'in',
    routes,
    amountIn: amount,
    amountOut: grossOut - fee,
    grossOut,
    affiliateFee: fee,
    priceImpact: priceImpactPercent(
      routes.map((r) => ({ hops: r.path, amountIn: r.amountIn, amountOut: r.amountOut })),
    ),
  };
}
