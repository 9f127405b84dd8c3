/**
 * The `cctp_transfer` wire record (wire format section 4.6) and its reverse: a record echoed back to /msgs is checked
 * against the lanes this registry offers, so a tampered chain, burn token or denom is refused.
 */
import { invalidArgument } from '../../errors.js';
import { describeValue } from '../../wire/limits.js';
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

export function cctpLaneOfRecord(
  lanes: (registry: Registry) => readonly CctpLane[],
  registry: Registry,
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): CctpLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'CCTP', operationKind: 'cctp_transfer' });
  const to = str('to_chain_id');
  const pair = lanes(registry).filter((l) => l.fromChainId === from && l.toChainId === to);
  if (pair.length === 0) throw invalidArgument(`invalid ${at}: CCTP does not connect ${from} to ${to}`);
  if (record.smart_relay !== undefined && typeof record.smart_relay !== 'boolean')
    throw invalidArgument(`invalid ${at}.smart_relay: must be a boolean`);
  // The flag picks the relayed or the unrelayed lane; either is re-validated, never trusted for fees.
  const relayed = record.smart_relay === true;
  const lane = pair.find((l) => l.relayed === relayed);
  if (!lane) throw invalidArgument(`invalid ${at}.smart_relay: CCTP from ${from} to ${to} has no relayed form`);
  if (lane.denomIn !== denomIn)
    throw invalidArgument(`invalid ${at}.denom_in: CCTP burns ${lane.denomIn} on ${from}, not ${denomIn}`);
  const burnToken = record.burn_token;
  if (burnToken !== undefined && burnToken !== lane.denomIn) {
    throw invalidArgument(
      `invalid ${at}.burn_token: CCTP burns ${lane.denomIn} on ${from}, not ${describeValue(burnToken)}`,
    );
  }
  const denomOut = record.denom_out;
  if (denomOut !== undefined && denomOut !== lane.denomOut) {
    throw invalidArgument(
      `invalid ${at}.denom_out: CCTP mints ${lane.denomOut} on ${to}, not ${describeValue(denomOut)}`,
    );
  }
  return lane;
}
