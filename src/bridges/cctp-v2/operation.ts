/**
 * The `cctp_transfer_v2` wire record, named and shaped as the newest official client types name it
 * (@skip-go/client CCTPTransferV2: from/to chain, burn_token, denom_in/out, bridge_id CCTP_V2, smart_relay,
 * destination_domain, finality_threshold, max_fee), and its reverse for /msgs: the record picks one of the pair's forms
 * by finality_threshold and smart_relay, and everything else is re-derived from the registry.
 */
import { invalidArgument } from '../../errors.js';
import { describeValue } from '../../wire/limits.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import { FINALITY_FAST, FINALITY_STANDARD, type CctpV2Lane } from './lanes.js';
import { cctpV2MaxFee } from './quote.js';

export function cctpV2Record(step: BridgeStep<CctpV2Lane>): Record<string, unknown> {
  const { lane } = step;
  return {
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    burn_token: lane.denomIn,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    bridge_id: 'CCTP_V2',
    // Forwarded: Circle's Forwarding Service mints on the destination for the SMART_RELAY fee in estimated_fees.
    // Unforwarded (smart_relay false): whoever holds the attestation submits the mint, usually the recipient.
    smart_relay: lane.forwarded,
    smart_relay_fee_quote: null,
    destination_domain: lane.destinationDomain,
    finality_threshold: lane.minFinalityThreshold,
    max_fee: cctpV2MaxFee(lane, step.amountIn).toString(),
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const CCTP_V2_ECHOED_FIELDS = ['denom_in', 'burn_token', 'denom_out', 'destination_domain'];

export function cctpV2LaneOfRecord(
  lanes: readonly CctpV2Lane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): CctpV2Lane {
  const { str, fromChainId: from } = readRecordStart(record, at, expected, {
    id: 'CCTP_V2',
    operationKind: 'cctp_transfer_v2',
  });
  const to = str('to_chain_id');
  const pair = lanes.filter((l) => l.fromChainId === from && l.toChainId === to);
  if (pair.length === 0) throw invalidArgument(`invalid ${at}: CCTP V2 does not connect ${from} to ${to}`);
  if (record.smart_relay !== undefined && typeof record.smart_relay !== 'boolean')
    throw invalidArgument(`invalid ${at}.smart_relay: must be a boolean`);
  const threshold = record.finality_threshold ?? FINALITY_STANDARD;
  if (threshold !== FINALITY_FAST && threshold !== FINALITY_STANDARD)
    throw invalidArgument(
      `invalid ${at}.finality_threshold: ${FINALITY_FAST} (fast) or ${FINALITY_STANDARD} (standard), not ${describeValue(threshold)}`,
    );
  const forwarded = record.smart_relay === true;
  const lane = pair.find((l) => l.minFinalityThreshold === threshold && l.forwarded === forwarded);
  if (!lane) {
    const what = threshold === FINALITY_FAST ? 'no Fast Transfer' : 'no standard transfer';
    throw invalidArgument(
      forwarded && !pair.some((l) => l.forwarded)
        ? `invalid ${at}.smart_relay: Circle does not forward mints to ${to}`
        : `invalid ${at}.finality_threshold: CCTP V2 from ${from} has ${what}`,
    );
  }
  return lane;
}
