/**
 * The `op_init_transfer` wire record (wire format §4.6: `op_init_bridge_id` is the bridge id as a decimal string, as
 * in the OpenAPI example) and its reverse: a record echoed to /msgs must name a lane this registry offers, with its
 * bridge id and denoms.
 */
import { invalidArgument } from '../../errors.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import type { OpinitLane } from './lanes.js';

export function opinitRecord(step: BridgeStep<OpinitLane>): Record<string, unknown> {
  const { lane } = step;
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    op_init_bridge_id: lane.bridgeId.toString(),
    bridge_id: 'OPINIT',
    // Deposits are relayed by the rollup's bridge executor; nothing is charged.
    smart_relay: false,
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const OPINIT_ECHOED_FIELDS = ['op_init_bridge_id', 'denom_out'];

export function opinitLaneOfRecord(
  lanes: readonly OpinitLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): OpinitLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'OPINIT', operationKind: 'op_init_transfer' });
  const to = str('to_chain_id');
  const lane = lanes.find((l) => l.fromChainId === from && l.toChainId === to && l.denomIn === denomIn);
  if (!lane) throw invalidArgument(`invalid ${at}: no OPinit bridge carries ${denomIn} from ${from} to ${to}`);
  return lane;
}
