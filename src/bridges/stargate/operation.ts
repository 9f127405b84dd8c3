/**
 * The `stargate_transfer` wire record (wire format section 4.6) and its reverse: a record echoed to /msgs must name a
 * lane this registry offers, with its pool and destination endpoint id.
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import type { StargateLane } from './lanes.js';

export function stargateRecord(registry: Registry, step: BridgeStep<StargateLane>): Record<string, unknown> {
  const { lane } = step;
  const tokenFee = step.fees.find((f) => f.behavior === 'FEE_BEHAVIOR_DEDUCTED');
  const messagingFee = step.fees.find((f) => f.behavior === 'FEE_BEHAVIOR_ADDITIONAL');
  const assetOf = (chainId: string, denom: string) => registry.asset(chainId, denom)?.wire ?? null;
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    pool_address: lane.pool,
    destination_endpoint_id: lane.dstEid,
    oft_fee_asset: assetOf(lane.fromChainId, lane.denomIn),
    oft_fee_amount: (tokenFee?.amount ?? 0n).toString(),
    // USD values of fees are given in the route's estimated_fees, where prices are at hand.
    oft_fee_amount_usd: null,
    messaging_fee_asset: messagingFee ? assetOf(messagingFee.chainId, messagingFee.denom) : null,
    messaging_fee_amount: (messagingFee?.amount ?? 0n).toString(),
    messaging_fee_amount_usd: null,
    bridge_id: 'STARGATE',
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const STARGATE_ECHOED_FIELDS = ['pool_address', 'destination_endpoint_id', 'denom_out'];

export function stargateLaneOfRecord(
  lanes: readonly StargateLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): StargateLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'STARGATE', operationKind: 'stargate_transfer' });
  const to = str('to_chain_id');
  const lane = lanes.find((l) => l.fromChainId === from && l.toChainId === to && l.denomIn === denomIn);
  if (!lane) throw invalidArgument(`invalid ${at}: no Stargate pool carries ${denomIn} from ${from} to ${to}`);
  return lane;
}
