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

export function goFastLaneOfRecord(
  lanes: readonly GoFastLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): GoFastLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'GO_FAST', operationKind: 'go_fast_transfer' });
  const to = str('to_chain_id');
  const lane = lanes.find((l) => l.fromChainId === from && l.toChainId === to);
  if (!lane) throw invalidArgument(`invalid ${at}: Go Fast does not connect ${from} to ${to}`);
  if (lane.denomIn !== denomIn)
    throw invalidArgument(
      `invalid ${at}.denom_in: the Go Fast gateway on ${from} takes ${lane.denomIn}, not ${denomIn}`,
    );
  const check = (key: string, want: string, what: string) => {
    const v = record[key];
    if (v !== undefined && v !== want)
      throw invalidArgument(`invalid ${at}.${key}: ${what} is ${want}, not ${String(v)}`);
  };
  check('denom_out', lane.denomOut, `the Go Fast gateway on ${to} pays out`);
  check('source_domain', String(lane.sourceDomain), `the Go Fast domain of ${from}`);
  check('destination_domain', String(lane.destinationDomain), `the Go Fast domain of ${to}`);
  return lane;
}
