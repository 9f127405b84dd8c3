/**
 * The IBC bridge's wire records: a `transfer` operation per packet, and the reverse (an operation echoed back by a
 * caller into /msgs) checked against the registry so that a tampered channel or denom is refused.
 */
import { invalidArgument } from '../../errors.js';
import { checkEchoedFields, readRecordStart } from '../record-fields.js';
import type { TransferRecord } from '../../wire/operation.js';
import { readDataFile, type BridgeDurationsFile } from '../../registry/data-files.js';
import type { Registry } from '../../registry/registry.js';
import { hopOver, type TransferHop } from '../../routing/transfer-path.js';

/** Typical time for a relayer to deliver and acknowledge one ICS-20 packet (data/bridge-durations.json). */
export const IBC_HOP_SECONDS = readDataFile<BridgeDurationsFile>('bridge-durations.json').ibc_hop_seconds;

export function transferRecord(registry: Registry, hop: TransferHop): TransferRecord {
  const from = registry.chain(hop.fromChainId);
  return {
    port: hop.port,
    channel: hop.channel,
    from_chain_id: hop.fromChainId,
    to_chain_id: hop.toChainId,
    pfm_enabled: from?.capabilities.pfm ?? false,
    supports_memo: from?.capabilities.memo ?? false,
    denom_in: hop.denomIn,
    denom_out: hop.denomOut,
    bridge_id: 'IBC',
    // Junction runs no relaying service: packets are relayed by the chains' public relayers, at no fee.
    smart_relay: false,
    to_chain_entry_contract_address: null,
    to_chain_callback_contract_address: null,
    dest_denom: hop.denomOut,
    chain_id: hop.fromChainId,
  };
}

/**
 * Recovers the packet a `transfer` record describes. The channel must be a known channel of from_chain_id leading
 * to to_chain_id, and denom_in must be what the previous step delivered.
 */
export function hopOfRecord(
  registry: Registry,
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
): TransferHop {
  const { str, fromChainId, denomIn } = readRecordStart(record, at, expected, { id: 'IBC', operationKind: 'transfer' });
  const toChainId = str('to_chain_id');
  const port = str('port');
  const channel = str('channel');
  const end = registry.channelEnd(fromChainId, port, channel);
  if (!end || end.ibcV2)
    throw invalidArgument(
      `invalid ${at}.channel: ${port}/${channel} is not a known transfer channel of ${fromChainId}`,
    );
  if (end.counterpartyChainId !== toChainId) {
    throw invalidArgument(
      `invalid ${at}.to_chain_id: ${port}/${channel} on ${fromChainId} leads to ${end.counterpartyChainId}, not ${toChainId}`,
    );
  }
  const hop = hopOver(registry, end, denomIn);
  if (!hop) throw invalidArgument(`invalid ${at}.denom_in: the trace of ${denomIn} on ${fromChainId} is unknown`);
  const what = `sending ${denomIn} over ${port}/${channel}`;
  checkEchoedFields(record, transferRecord(registry, hop), ['denom_out'], at, what);
  return hop;
}
