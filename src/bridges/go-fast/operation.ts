/**
 * The `go_fast_transfer` wire record (wire format section 4.6, GoFastFee included) and its reverse: a record echoed
 * to /msgs is checked against the lanes this registry offers; its amounts and fee figures are never trusted (the fee
 * is recomputed from the data file for the amount that reaches the hop).
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import type { GoFastLane } from './lanes.js';
import { goFastFee } from './quote.js';

export function goFastRecord(registry: Registry, step: BridgeStep<GoFastLane>): Record<string, unknown> {
  const { lane } = step;
  const fee = goFastFee(lane, step.amountIn);
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    fee: {
      fee_asset: registry.asset(lane.fromChainId, lane.denomIn)!.wire,
      bps_fee: fee.bpsFee.toString(),
      // The fee schedule's share of what the order keeps; an exact-out order may keep a unit more (rounding).
      bps_fee_amount: (step.amountIn - step.amountOut - fee.sourceChainFee - fee.destinationChainFee).toString(),
      bps_fee_usd: null,
      source_chain_fee_amount: fee.sourceChainFee.toString(),
      source_chain_fee_usd: null,
      destination_chain_fee_amount: fee.destinationChainFee.toString(),
      destination_chain_fee_usd: null,
    },
    bridge_id: 'GO_FAST',
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    source_domain: String(lane.sourceDomain),
    destination_domain: String(lane.destinationDomain),
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const GO_FAST_ECHOED_FIELDS = ['denom_in', 'denom_out', 'source_domain', 'destination_domain'];

export function goFastLaneOfRecord(
  lanes: readonly GoFastLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): GoFastLane {
  const { str, fromChainId: from } = readRecordStart(record, at, expected, {
    id: 'GO_FAST',
    operationKind: 'go_fast_transfer',
  });
  const to = str('to_chain_id');
  const lane = lanes.find((l) => l.fromChainId === from && l.toChainId === to);
  if (!lane) throw invalidArgument(`invalid ${at}: Go Fast does not connect ${from} to ${to}`);
  return lane;
}
