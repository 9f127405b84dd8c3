/**
 * Renders a PlannedRoute as the wire Route: operations from each step's plug-in, chain lists, transaction count,
 * duration estimate, fees and USD values.
 */
import type { Operation, SwapRecord } from '../wire/operation.js';
import type { Route } from '../wire/route.js';
import type { Static } from '@sinclair/typebox';
import { combineImpacts, formatPercent, type Decimal, type RouteWarning } from '../pricing/index.js';
import type { SwapVenue } from '../wire/common.js';
import type { Registry } from '../registry/registry.js';
import { transferRecord } from '../bridges/ibc/operation.js';
import type { Fee } from '../wire/route.js';
import { stepSeconds } from './duration.js';
import { isEvmSwapStep } from './evm-venues.js';
import { evmSwapRecord } from './evm-swap-call.js';
import { priceOperationFees, type UsdOf } from './fee-usd.js';
import { stepTo, txsRequired, type PlannedRoute, type Step, type SwapStep, type VenueRef } from './types.js';

/** What pricing adds to a route: wire USD strings and, for an unsafe route accepted with allow_unsafe, its warning. */
export interface RoutePricing {
  usdAmountIn?: string | undefined;
  usdAmountOut?: string | undefined;
  warning?: RouteWarning | undefined;
  /** The route's fees with their USD values (estimatedFees with prices); without prices when absent. */
  fees?: Fee[] | undefined;
  /** Prices for the USD fields of the operations' fee figures (fee-usd.ts); left as rendered when absent. */
  usdOf?: UsdOf | undefined;
}

/** Route-level price impact: the one swap's, or the swaps compounded one after another. */
export function routePriceImpact(route: PlannedRoute): Decimal | undefined {
  const impacts = route.steps.filter((s): s is SwapStep => s.kind === 'swap').map((s) => s.priceImpact);
  if (impacts.length === 0 || impacts.some((i) => i === undefined)) return undefined;
  return impacts.length === 1 ? impacts[0] : combineImpacts(impacts as Decimal[]);
}

type WireVenue = Static<typeof SwapVenue>;
const wireVenue = (v: VenueRef): WireVenue => ({ name: v.name, chain_id: v.chainId, logo_uri: v.logoUri });

function swapRecord(step: SwapStep): SwapRecord {
  const venue = wireVenue(step.venue);
  const ops = (path: SwapStep['routes'][number]['path']) =>
    path.map((h) => ({ pool: h.pool.id, denom_in: h.denomIn, denom_out: h.denomOut, interface: null }));
  const base = {
    estimated_affiliate_fee: `${step.affiliateFee}${step.denomOut}`,
    from_chain_id: step.chainId,
    chain_id: step.chainId,
    denom_in: step.denomIn,
    denom_out: step.denomOut,
    swap_venues: [venue],
  };
  const impact = step.priceImpact ? formatPercent(step.priceImpact) : null;
  if (step.routes.length > 1) {
    return {
      smart_swap_in: {
        swap_venue: venue,
        swap_routes: step.routes.map((r) => ({
          swap_amount_in: r.amountIn.toString(),
          denom_in: step.denomIn,
          swap_operations: ops(r.path),
        })),
        estimated_amount_out: step.grossOut.toString(),
      },
      ...base,
    };
  }
  const route = step.routes[0]!;
  if (step.exact === 'out') {
    return {
      swap_out: {
        swap_venue: venue,
        swap_operations: ops(route.path),
        swap_amount_out: step.grossOut.toString(),
        price_impact_percent: impact,
      },
      ...base,
    };
  }
  return {
    swap_in: {
      swap_venue: venue,
      swap_operations: ops(route.path),
      // What is swapped: the step's input less the relayer fee of a following IBC transfer (ibc-fee.ts).
      swap_amount_in: (step.amountIn - (step.ibcFee?.inputCost ?? 0n)).toString(),
      price_impact_percent: impact,
      estimated_amount_out: step.grossOut.toString(),
    },
    ...base,
  };
}

function operationOf(
  registry: Registry,
  step: Step,
  txIndex: number,
  next: Step | undefined,
  nextTxIndex: number | undefined,
): Operation {
  const common = { tx_index: txIndex, amount_in: step.amountIn.toString(), amount_out: step.amountOut.toString() };
  switch (step.kind) {
    case 'transfer': {
      const record = transferRecord(registry, step.hop);
      // A transfer that lands in a swap is received by the venue chain's entry-point contract.
      if (next?.kind === 'swap')
        record.to_chain_entry_contract_address = registry.chain(next.chainId)?.entryPoint?.entryPoint ?? null;
      // One whose memo has the chain call the next lane's source message names the contracts that run it there (the
      // Hub's callbacks adapter and entry point), as Skip's answers do.
      if (next?.kind === 'bridge' && nextTxIndex === txIndex) {
        const contracts = registry.chain(next.lane.fromChainId)?.entryPoint;
        record.to_chain_entry_contract_address = contracts?.entryPoint ?? null;
        record.to_chain_callback_contract_address = contracts?.callbackAdapter ?? null;
      }
      return { transfer: record, ...common };
    }
    case 'swap':
      // A swap on an EVM chain runs through the venue's router: the wire's evm_swap record, with its calldata.
      return isEvmSwapStep(step)
        ? ({ evm_swap: evmSwapRecord(step), ...common } as unknown as Operation)
        : { swap: swapRecord(step), ...common };
    case 'bridge': {
      const { bridge } = step;
      return { [bridge.operationKind]: bridge.operation(registry, step), ...common } as Operation;
    }
  }
}

/** The fees the route's hops charge (wire `estimated_fees`), with their USD value when priced. */
export function estimatedFees(
  registry: Registry,
  route: PlannedRoute,
  usdOf: (chainId: string, denom: string, amount: bigint) => string | undefined = () => undefined,
): Fee[] {
  const fees: Fee[] = [];
  route.steps.forEach((step, i) => {
    if (step.kind !== 'bridge') return;
    for (const f of step.fees) {
      const usd = usdOf(f.chainId, f.denom, f.amount);
      fees.push({
        fee_type: f.type,
        bridge_id: step.lane.bridge,
        amount: f.amount.toString(),
        ...(usd !== undefined ? { usd_amount: usd } : {}),
        origin_asset: registry.asset(f.chainId, f.denom)?.wire ?? null,
        chain_id: f.chainId,
        tx_index: route.txIndices[i]!,
        operation_index: i,
        fee_behavior: f.behavior,
      });
    }
  });
  return fees;
}

/** Chains in order of use: the source chain, then every chain a step arrives on. */
export function chainIdsOf(route: PlannedRoute): string[] {
  const ids = [route.source.wire.chain_id];
  for (const s of route.steps) {
    const to = stepTo(s);
    if (ids[ids.length - 1] !== to) ids.push(to);
  }
  return ids;
}

/**
 * Chains where the user must supply an address: every chain the route touches. Intermediate chains need one as the
 * packet receiver while forwarding and as the recovery address if a later hop fails.
 */
export function requiredChainAddresses(route: PlannedRoute): string[] {
  return [...new Set(chainIdsOf(route))];
}

export function assembleRoute(registry: Registry, route: PlannedRoute, pricing: RoutePricing = {}): Route {
  const operations = route.steps.map((s, i) =>
    operationOf(registry, s, route.txIndices[i]!, route.steps[i + 1], route.txIndices[i + 1]),
  );
  if (pricing.usdOf) for (const op of operations) priceOperationFees(op, pricing.usdOf);
  const swaps = route.steps.filter((s): s is SwapStep => s.kind === 'swap');
  const venues = swaps.map((s) => wireVenue(s.venue));
  const impact = routePriceImpact(route);
  return {
    source_asset_denom: route.source.wire.denom,
    source_asset_chain_id: route.source.wire.chain_id,
    dest_asset_denom: route.dest.wire.denom,
    dest_asset_chain_id: route.dest.wire.chain_id,
    amount_in: route.amountIn.toString(),
    amount_out: route.amountOut.toString(),
    estimated_amount_out: route.amountOut.toString(),
    operations,
    chain_ids: chainIdsOf(route),
    required_chain_addresses: requiredChainAddresses(route),
    txs_required: txsRequired(route),
    estimated_route_duration_seconds: route.steps.reduce((sum, s) => sum + stepSeconds(s), 0),
    does_swap: swaps.length > 0,
    swap_venues: venues,
    ...(venues.length === 1 ? { swap_venue: venues[0]! } : {}),
    ...(impact !== undefined ? { swap_price_impact_percent: formatPercent(impact) } : {}),
    ...(pricing.usdAmountIn !== undefined ? { usd_amount_in: pricing.usdAmountIn } : {}),
    ...(pricing.usdAmountOut !== undefined ? { usd_amount_out: pricing.usdAmountOut } : {}),
    ...(pricing.warning ? { warning: pricing.warning } : {}),
    estimated_fees: pricing.fees ?? estimatedFees(registry, route, pricing.usdOf),
  };
}
