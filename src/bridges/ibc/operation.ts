/**
 * The IBC bridge's wire records: a `transfer` operation per packet, and the reverse (an operation echoed back by a
 * caller into /msgs) checked against the registry so that a tampered channel or denom is refused.
 */
import { invalidArgument } from '../../errors.js';
import type { TransferRecord } from '../../http/schemas/operation.js';
import type { Registry } from '../../registry/registry.js';
import { hopOver, type TransferHop } from '../../routing/transfer-path.js';

/** Typical time for a relayer to deliver and acknowledge one ICS-20 packet between live Cosmos chains. */
export const IBC_HOP_SECONDS = 30;

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
  const str = (k: string): string => {
    const v = record[k];
    if (typeof v !== 'string' || v === '') throw invalidArgument(`invalid ${at}.${k}: must be a non-empty string`);
    return v;
  };
  const fromChainId = str('from_chain_id');
  const toChainId = str('to_chain_id');
  const port = str('port');
  const channel = str('channel');
  const denomIn = str('denom_in');
  if (record.bridge_id !== undefined && record.bridge_id !== 'IBC') throw invalidArgument(`invalid ${at}.bridge_id: a transfer operation uses the IBC bridge`);
  if (fromChainId !== expected.chainId) {
    throw invalidArgument(`invalid ${at}.from_chain_id: the previous operation ends on ${expected.chainId}, not ${fromChainId}`);
  }
  if (denomIn !== expected.denom) {
    throw invalidArgument(`invalid ${at}.denom_in: the previous operation delivers ${expected.denom}, not ${denomIn}`);
  }
  const end = registry.channelEnd(fromChainId, port, channel);
  if (!end || end.ibcV2) throw invalidArgument(`invalid ${at}.channel: ${port}/${channel} is not a known transfer channel of ${fromChainId}`);
  if (end.counterpartyChainId !== toChainId) {
    throw invalidArgument(`invalid ${at}.to_chain_id: ${port}/${channel} on ${fromChainId} leads to ${end.counterpartyChainId}, not ${toChainId}`);
  }
  const hop = hopOver(registry, end, denomIn);
  if (!hop) throw invalidArgument(`invalid ${at}.denom_in: the trace of ${denomIn} on ${fromChainId} is unknown`);
  const denomOut = record.denom_out;
  if (denomOut !== undefined && denomOut !== hop.denomOut) {
    throw invalidArgument(`invalid ${at}.denom_out: sending ${denomIn} over ${port}/${channel} delivers ${hop.denomOut}, not ${String(denomOut)}`);
  }
  return hop;
}
