/**
 * The `eureka_transfer` wire record (wire format section 4.6; shape of Skip's output, execution-mechanics §10.3) and
 * its reverse: a record echoed to /msgs is checked against the lanes this registry offers. Its `smart_relay` flag
 * picks the relayed or the unrelayed lane; amounts and fees are never trusted (the fee comes from the data file).
 */
import { invalidArgument } from '../../errors.js';
import type { Registry } from '../../registry/registry.js';
import { readRecordStart } from '../record-fields.js';
import type { BridgeStep } from '../types.js';
import { eurekaConfig } from './config.js';
import type { EurekaLane } from './lanes.js';

/** The contract the user's transaction calls on the source chain: Skip's handler when relayed, else ICS20Transfer. */
export function entryContract(registry: Registry, lane: EurekaLane): string {
  const cfg = eurekaConfig();
  if (registry.chain(lane.fromChainId)?.wire.chain_type === 'evm') {
    return (lane.relayed ? cfg.handler.get(lane.fromChainId) : cfg.ics20Transfer.get(lane.fromChainId)) ?? '';
  }
  // On the Hub the relayed form runs through the entry point (which pays eureka_fee); the unrelayed form is a plain
  // MsgTransfer of the transfer module, no contract.
  return lane.relayed ? (registry.chain(lane.fromChainId)?.entryPoint?.entryPoint ?? '') : '';
}

export function eurekaRecord(registry: Registry, step: BridgeStep<EurekaLane>): Record<string, unknown> {
  const { lane } = step;
  const dest = registry.chain(lane.toChainId);
  // The IBC callbacks adapter of the lane's Cosmos end (the Hub), whichever way the lane goes, as Skip's answers name
  // it on both (alloyrebalancer test-fixtures pairBTC-X2-good.json, pairBTC-Y1-good.json at 51cbcc2).
  const cosmosEnd = registry.chain(lane.fromChainId)?.wire.chain_type === 'cosmos' ? lane.fromChainId : lane.toChainId;
  return {
    destination_port: 'transfer',
    source_client: lane.sourceClient,
    from_chain_id: lane.fromChainId,
    to_chain_id: lane.toChainId,
    pfm_enabled: false,
    supports_memo: true,
    denom_in: lane.denomIn,
    denom_out: lane.denomOut,
    entry_contract_address: entryContract(registry, lane),
    callback_adapter_contract_address: registry.chain(cosmosEnd)?.entryPoint?.callbackAdapter ?? null,
    bridge_id: 'EUREKA',
    smart_relay: lane.relayed,
    // Junction's relay fee is a figure of its data file, not a quote that expires: it is reported in the route's
    // estimated_fees (SMART_RELAY) rather than as a timed quote here.
    smart_relay_fee_quote: null,
    to_chain_callback_contract_address: dest?.entryPoint?.callbackAdapter ?? null,
    to_chain_entry_contract_address: dest?.entryPoint?.entryPoint ?? null,
  };
}

/** Fields of the record that follow from the lane (checked against it again by routing/operations.ts). */
export const EUREKA_ECHOED_FIELDS = ['denom_out', 'source_client', 'destination_port'];

export function eurekaLaneOfRecord(
  lanes: readonly EurekaLane[],
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): EurekaLane {
  const {
    str,
    fromChainId: from,
    denomIn,
  } = readRecordStart(record, at, expected, { id: 'EUREKA', operationKind: 'eureka_transfer' });
  const to = str('to_chain_id');
  if (record.smart_relay !== undefined && typeof record.smart_relay !== 'boolean')
    throw invalidArgument(`invalid ${at}.smart_relay: must be a boolean`);
  // The flag picks the relayed or the unrelayed lane; either is re-validated, never trusted for fees.
  const relayed = record.smart_relay === true;
  const candidates = lanes.filter((l) => l.fromChainId === from && l.toChainId === to && l.denomIn === denomIn);
  if (candidates.length === 0)
    throw invalidArgument(`invalid ${at}: IBC Eureka does not move ${denomIn} from ${from} to ${to}`);
  const lane = candidates.find((l) => l.relayed === relayed);
  if (!lane)
    throw invalidArgument(
      `invalid ${at}.smart_relay: no relayed IBC Eureka lane from ${from} is configured (relay fee recipient)`,
    );
  return lane;
}
