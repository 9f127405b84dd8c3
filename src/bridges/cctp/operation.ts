/**
 * The `cctp_transfer` wire record (wire format section 4.6) and its reverse: a record echoed back to /msgs is checked
 * against the lanes this registry offers, so a tampered chain, burn token or denom is refused.
 */
import { invalidArgument } from '../../errors.js';
import { describeValue } from '../../http/limits.js';
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
    // Junction burns through Circle's TokenMessenger directly; the mint is relayed by whoever relays CCTP messages to
    // the destination (Noble's relayers, or the recipient), so no relaying fee is charged.
    smart_relay: false,
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
  const { str, fromChainId: from, denomIn } = readRecordStart(record, at, expected, { id: 'CCTP', operationKind: 'cctp_transfer' });
  const to = str('to_chain_id');
  const lane = lanes(registry).find((l) => l.fromChainId === from && l.toChainId === to);
  if (!lane) throw invalidArgument(`invalid ${at}: CCTP does not connect ${from} to ${to}`);
  if (lane.denomIn !== denomIn) throw invalidArgument(`invalid ${at}.denom_in: CCTP burns ${lane.denomIn} on ${from}, not ${denomIn}`);
  const burnToken = record.burn_token;
  if (burnToken !== undefined && burnToken !== lane.denomIn) {
    throw invalidArgument(`invalid ${at}.burn_token: CCTP burns ${lane.denomIn} on ${from}, not ${describeValue(burnToken)}`);
  }
  const denomOut = record.denom_out;
  if (denomOut !== undefined && denomOut !== lane.denomOut) {
    throw invalidArgument(`invalid ${at}.denom_out: CCTP mints ${lane.denomOut} on ${to}, not ${describeValue(denomOut)}`);
  }
  return lane;
}
