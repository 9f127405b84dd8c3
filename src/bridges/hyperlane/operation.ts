/**
 * The `hyperlane_transfer` wire record (wire format section 4.6) and its reverse: a record echoed to /msgs must name a
 * lane this registry offers, with its warp router.
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import type { HyperlaneLane } from './lanes.js';

export function hyperlaneRecord(registry: Registry, step: BridgeStep<HyperlaneLane>): Record<string, unknown> {
  const { lane } = step;
  const gas = step.fees.find((f) => f.behavior === 'FEE_BEHAVIOR_ADDITIONAL');
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    hyperlane_contract_address: lane.router,
    fee_amount: (gas?.amount ?? 0n).toString(),
    // USD values of fees are given in the route's estimated_fees, where prices are at hand.
    usd_fee_amount: null,
    fee_asset: gas ? (registry.asset(gas.chainId, gas.denom)?.wire ?? null) : null,
    bridge_id: 'HYPERLANE',
    // Hyperlane's relayers deliver the message; Junction adds no relaying service of its own.
    smart_relay: false,
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const HYPERLANE_ECHOED_FIELDS = ['denom_out'];

export function hyperlaneLaneOfRecord(
  lanes: readonly HyperlaneLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): HyperlaneLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'HYPERLANE', operationKind: 'hyperlane_transfer' });
  const to = str('to_chain_id');
  const candidates = lanes.filter((l) => l.fromChainId === from && l.toChainId === to && l.denomIn === denomIn);
  if (candidates.length === 0)
    throw invalidArgument(`invalid ${at}: no Hyperlane warp route carries ${denomIn} from ${from} to ${to}`);
  const router = record.hyperlane_contract_address;
  const lane =
    router === undefined
      ? candidates[0]!
      : candidates.find((l) => typeof router === 'string' && l.router.toLowerCase() === router.toLowerCase());
  if (!lane)
    throw invalidArgument(
      `invalid ${at}.hyperlane_contract_address: the ${candidates[0]!.symbol} warp router on ${from} is ${candidates[0]!.router}, not ${String(router)}`,
    );
  return lane;
}
