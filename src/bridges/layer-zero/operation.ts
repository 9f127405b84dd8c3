/**
 * The `layer_zero_transfer` wire record (wire format section 4.6, every field required) and its reverse: a record
 * echoed to /msgs must name a lane this registry offers, with its OFT contract and endpoint id.
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import type { LayerZeroLane } from './lanes.js';

export function layerZeroRecord(registry: Registry, step: BridgeStep<LayerZeroLane>): Record<string, unknown> {
  const { lane } = step;
  const fee = step.fees.find((f) => f.behavior === 'FEE_BEHAVIOR_ADDITIONAL');
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    source_oft_contract_address: lane.oft,
    destination_endpoint_id: lane.dstEid,
    messaging_fee_asset: fee ? (registry.asset(fee.chainId, fee.denom)?.wire ?? null) : null,
    messaging_fee_amount: (fee?.amount ?? 0n).toString(),
    // USD values of fees are given in the route's estimated_fees, where prices are at hand.
    messaging_fee_amount_usd: null,
    bridge_id: 'LAYER_ZERO',
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const LAYER_ZERO_ECHOED_FIELDS = ['source_oft_contract_address', 'destination_endpoint_id', 'denom_out'];

export function layerZeroLaneOfRecord(
  lanes: readonly LayerZeroLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): LayerZeroLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'LAYER_ZERO', operationKind: 'layer_zero_transfer' });
  const to = str('to_chain_id');
  const lane = lanes.find((l) => l.fromChainId === from && l.toChainId === to && l.denomIn === denomIn);
  if (!lane) throw invalidArgument(`invalid ${at}: no LayerZero OFT carries ${denomIn} from ${from} to ${to}`);
  return lane;
}
