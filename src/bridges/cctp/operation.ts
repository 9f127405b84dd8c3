/**
 * The `cctp_transfer` wire record (wire format section 4.6) and its reverse: a record echoed back to /msgs names one of
 * the lanes this registry offers (chains and smart_relay); its burn token and denoms must then be that lane's.
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import type { CctpLane } from './lanes.js';

export function cctpRecord(step: BridgeStep<CctpLane>): Record<string, unknown> {
  const { lane } = step;
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    burn_token: lane.denomIn,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    bridge_id: 'CCTP',
    // Unrelayed: Junction burns through Circle's TokenMessenger directly and the mint is relayed by whoever relays CCTP
    // messages to the destination (Noble's relayers, or the recipient), for no fee. Relayed (smart_relay): the burn
    // names a relayer as destination caller and pays its fee, reported in the route's estimated_fees (a figure of
    // the data file, not a timed quote, so smart_relay_fee_quote stays null).
    smart_relay: lane.relayed,
    smart_relay_fee_quote: null,
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const CCTP_ECHOED_FIELDS = ['denom_in', 'burn_token', 'denom_out'];

export function cctpLaneOfRecord(
  lanes: (registry: Registry) => readonly CctpLane[],
  registry: Registry,
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): CctpLane {
  const { str, fromChainId: from } = readRecordStart(record, at, expected, {
    id: 'CCTP',
    operationKind: 'cctp_transfer',
  });
  const to = str('to_chain_id');
  const pair = lanes(registry).filter((l) => l.fromChainId === from && l.toChainId === to);
  if (pair.length === 0) throw invalidArgument(`invalid ${at}: CCTP does not connect ${from} to ${to}`);
  if (record.smart_relay !== undefined && typeof record.smart_relay !== 'boolean')
    throw invalidArgument(`invalid ${at}.smart_relay: must be a boolean`);
  // The flag picks the relayed or the unrelayed lane; either is re-validated, never trusted for fees.
  const relayed = record.smart_relay === true;
  const lane = pair.find((l) => l.relayed === relayed);
  if (!lane) throw invalidArgument(`invalid ${at}.smart_relay: CCTP from ${from} to ${to} has no relayed form`);
  return lane;
}
