/**
 * The engine's model of a route: an ordered list of steps (transfers, swaps, bridge hops), each with bigint amounts
 * and the transaction that executes it. Wire records (operations, messages) are rendered from this by the bridge and
 * venue plug-ins; the engine itself stays pure (query + registry + market + now → value).
 */
import type { BridgeStep } from '../bridges/types.js';
import type { BridgeType } from '../wire/common.js';
import type { RegistryAsset } from '../registry/types.js';
import type { Pool } from '../venues/types.js';
import type { Decimal } from '../pricing/index.js';
import type { IbcFeePayment } from './ibc-fee.js';
import type { TransferHop } from './transfer-path.js';

export interface TransferStep {
  kind: 'transfer';
  bridge: 'IBC';
  hop: TransferHop;
  amountIn: bigint;
  amountOut: bigint;
}

/** One pool of a swap path, traversed from denomIn to denomOut. */
export interface PoolHop {
  pool: Pool;
  denomIn: string;
  denomOut: string;
}

/** A swap path with the amounts it carries (one for a plain swap; several when a swap is split). */
export interface SwapRoute {
  path: PoolHop[];
  amountIn: bigint;
  amountOut: bigint;
}

export interface VenueRef {
  name: string;
  chainId: string;
  logoUri: string;
}

export interface SwapStep {
  kind: 'swap';
  venue: VenueRef;
  chainId: string;
  denomIn: string;
  denomOut: string;
  /** Exact-in (swap_in / smart_swap_in) or exact-out (swap_out). */
  exact: 'in' | 'out';
  routes: SwapRoute[];
  amountIn: bigint;
  /** What the step delivers onward: the swap output net of affiliate fees. */
  amountOut: bigint;
  /** Swap output before affiliate fees. */
  grossOut: bigint;
  /** Affiliate fees taken from the output on this chain (estimate on /route; exact on /msgs). */
  affiliateFee: bigint;
  /** Price impact in percent (fees included); undefined when the pools cannot price the swap. */
  priceImpact: Decimal | undefined;
  /**
   * Relayer fee of the IBC transfer that follows, taken out of amountIn before the swap (ibc-fee.ts): the routes
   * then swap amountIn − ibcFee.inputCost.
   */
  ibcFee?: IbcFeePayment;
}

/** A route step: an IBC transfer (computed path hop), a swap on a venue, or a hop over a lane bridge (CCTP, ...). */
export type Step = TransferStep | SwapStep | BridgeStep;

/** An IBC transfer step carrying `amount` (transfers move the amount unchanged). */
export function transferStep(hop: TransferHop, amount = 0n): TransferStep {
  return { kind: 'transfer', bridge: 'IBC', hop, amountIn: amount, amountOut: amount };
}

/** The chain a step starts on. */
export function stepFrom(step: Step): string {
  return step.kind === 'transfer'
    ? step.hop.fromChainId
    : step.kind === 'bridge'
      ? step.lane.fromChainId
      : step.chainId;
}
/** The chain a step ends on. */
export function stepTo(step: Step): string {
  return step.kind === 'transfer' ? step.hop.toChainId : step.kind === 'bridge' ? step.lane.toChainId : step.chainId;
}
export function stepDenomIn(step: Step): string {
  return step.kind === 'transfer' ? step.hop.denomIn : step.kind === 'bridge' ? step.lane.denomIn : step.denomIn;
}

export interface AmountSpec {
  /** Which end of the route the caller fixed. */
  kind: 'in' | 'out';
  value: bigint;
}

/** A validated /route (or /msgs_direct) request. */
export interface RouteQuery {
  source: RegistryAsset;
  dest: RegistryAsset;
  amount: AmountSpec;
  allowMultiTx: boolean;
  allowSwaps: boolean;
  allowUnsafe: boolean;
  /** Bridges the route may use; undefined = all. */
  bridges: ReadonlySet<BridgeType> | undefined;
  smartRelay: boolean;
  goFast: boolean;
  splitRoutes: boolean;
  evmSwaps: boolean;
  swapVenues: readonly { name: string; chain_id: string }[] | undefined;
  experimentalFeatures: readonly string[];
  cumulativeAffiliateFeeBps: number;
  /** Deliver the destination chain's gas token beside the asset (junction_gas_on_arrival, gas-on-arrival.ts). */
  gasOnArrival?: boolean;
}

/** A route with amounts, ready to render as a wire Route or to build messages from. */
export interface PlannedRoute {
  source: RegistryAsset;
  dest: RegistryAsset;
  steps: Step[];
  /** Transaction index of each step (parallel to steps). */
  txIndices: number[];
  amountIn: bigint;
  amountOut: bigint;
  /** Amount the caller fixed: exact-in routes quote amountOut, exact-out routes solve amountIn. */
  amountKind: 'in' | 'out';
}

export function txsRequired(route: Pick<PlannedRoute, 'txIndices'>): number {
  return route.txIndices.length === 0 ? 0 : route.txIndices[route.txIndices.length - 1]! + 1;
}
