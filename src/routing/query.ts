/**
 * Turns a /route or /msgs_direct request into a validated RouteQuery: assets resolved on the registry, exactly one
 * amount, integer amounts in range, bridges and options with their defaults. Every problem is a code-3 error naming
 * the field.
 */
import { invalidArgument } from '../errors.js';
import { describeValue, MAX_AMOUNT_DIGITS } from '../wire/limits.js';
import type { BridgeType } from '../wire/common.js';
import type { Registry } from '../registry/registry.js';
import { requireAsset } from './asset-queries.js';
import type { AmountSpec, RouteQuery } from './types.js';

/** Amounts are at most 2^256 - 1: the widest integer any supported chain can hold (EVM uint256, Cosmos sdk.Int). */
const MAX_AMOUNT = 2n ** 256n - 1n;

export function parseAmount(field: string, raw: string): bigint {
  // Length first: BigInt() of a long digit string costs quadratic time, and the value is refused anyway.
  if (typeof raw === 'string' && raw.length > MAX_AMOUNT_DIGITS && /^\d/.test(raw)) {
    throw invalidArgument(
      `invalid ${field}: exceeds the largest supported amount (2^256 - 1, ${MAX_AMOUNT_DIGITS} digits)`,
    );
  }
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    throw invalidArgument(`invalid ${field}: ${describeValue(raw)} is not a non-negative integer in base units`);
  }
  const value = BigInt(raw);
  if (value === 0n) throw invalidArgument(`invalid ${field}: must be greater than zero`);
  if (value > MAX_AMOUNT) throw invalidArgument(`invalid ${field}: exceeds the largest supported amount (2^256 - 1)`);
  return value;
}

function parseAmountSpec(amountIn: string | null | undefined, amountOut: string | null | undefined): AmountSpec {
  const hasIn = amountIn !== undefined && amountIn !== null && amountIn !== '';
  const hasOut = amountOut !== undefined && amountOut !== null && amountOut !== '';
  if (hasIn && hasOut) throw invalidArgument('give only one of amount_in and amount_out');
  if (!hasIn && !hasOut) throw invalidArgument('missing amount: give amount_in or amount_out');
  return hasIn
    ? { kind: 'in', value: parseAmount('amount_in', amountIn) }
    : { kind: 'out', value: parseAmount('amount_out', amountOut!) };
}

export function parseBps(field: string, raw: string | null | undefined): number {
  if (raw === undefined || raw === null || raw === '') return 0;
  if (typeof raw !== 'string' || raw.length > 5 || !/^\d+$/.test(raw) || Number(raw) > 10_000)
    throw invalidArgument(`invalid ${field}: must be an integer number of basis points between 0 and 10000`);
  return Number(raw);
}

export interface RouteRequestFields {
  source_asset_denom: string;
  source_asset_chain_id: string;
  dest_asset_denom: string;
  dest_asset_chain_id: string;
  amount_in?: string | null | undefined;
  amount_out?: string | null | undefined;
  allow_multi_tx?: boolean | null | undefined;
  allow_swaps?: boolean | null | undefined;
  allow_unsafe?: boolean | null | undefined;
  bridges?: BridgeType[] | null | undefined;
  smart_relay?: boolean | null | undefined;
  go_fast?: boolean | null | undefined;
  smart_swap_options?: { split_routes?: boolean | undefined; evm_swaps?: boolean | undefined } | null | undefined;
  swap_venues?: { name: string; chain_id: string }[] | null | undefined;
  experimental_features?: string[] | null | undefined;
  cumulative_affiliate_fee_bps?: string | null | undefined;
  junction_gas_on_arrival?: boolean | null | undefined;
}

export function parseRouteQuery(registry: Registry, req: RouteRequestFields): RouteQuery {
  const source = requireAsset(registry, req.source_asset_chain_id, req.source_asset_denom, 'source_asset');
  const dest = requireAsset(registry, req.dest_asset_chain_id, req.dest_asset_denom, 'dest_asset');
  const amount = parseAmountSpec(req.amount_in, req.amount_out);
  if (req.bridges && req.bridges.length === 0)
    throw invalidArgument('invalid bridges: give at least one bridge, or omit the field for all');
  return {
    source,
    dest,
    amount,
    allowMultiTx: req.allow_multi_tx ?? false,
    allowSwaps: req.allow_swaps ?? true,
    allowUnsafe: req.allow_unsafe ?? false,
    bridges: req.bridges ? new Set(req.bridges) : undefined,
    smartRelay: req.smart_relay ?? true,
    goFast: req.go_fast ?? false,
    splitRoutes: req.smart_swap_options?.split_routes ?? false,
    evmSwaps: req.smart_swap_options?.evm_swaps ?? false,
    swapVenues: req.swap_venues ?? undefined,
    experimentalFeatures: req.experimental_features ?? [],
    cumulativeAffiliateFeeBps: parseBps('cumulative_affiliate_fee_bps', req.cumulative_affiliate_fee_bps),
    ...(req.junction_gas_on_arrival ? { gasOnArrival: true } : {}),
  };
}

/**
 * swap_venues must name venues the service lists (/v2/fungible/venues, `listed`): a name or chain that is none is a
 * mistake in the request, refused with code 3 naming the entry, not a route that happens not to exist.
 */
export function requireListedVenues(
  listed: readonly { name: string; chain_id: string }[],
  venues: readonly { name: string; chain_id: string }[] | null | undefined,
): void {
  venues?.forEach((v, i) => {
    if (!listed.some((x) => x.name === v.name && x.chain_id === v.chain_id))
      throw invalidArgument(
        `invalid swap_venues[${i}]: no swap venue ${JSON.stringify(v.name)} on ${JSON.stringify(v.chain_id)} (GET /v2/fungible/venues lists them)`,
      );
  });
}
