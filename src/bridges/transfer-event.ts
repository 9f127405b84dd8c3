/**
 * How the trackers write a leg's transfer event (wire/tx.ts TransferEvent): every kind gives the leg's ends twice, as
 * from/to and as the legacy src/dst that captured bodies carry too, around the bridge's own fields.
 */
import type { IbcLeg } from '../tx/record.js';

interface LegEnds {
  from_chain_id: string;
  to_chain_id: string;
}

/** `{ from_chain_id, to_chain_id, ...fields, src_chain_id, dst_chain_id }`, in the order of captured bodies. */
export function eventFields<const F extends object>(leg: LegEnds, fields: F) {
  return {
    from_chain_id: leg.from_chain_id,
    to_chain_id: leg.to_chain_id,
    ...fields,
    src_chain_id: leg.from_chain_id,
    dst_chain_id: leg.to_chain_id,
  };
}

/** The packet transactions of an IBC transfer, classic or Eureka (IBC v2). */
export function packetTxs(leg: Pick<IbcLeg, 'send_tx' | 'receive_tx' | 'acknowledge_tx' | 'timeout_tx' | 'error'>) {
  return {
    send_tx: leg.send_tx,
    receive_tx: leg.receive_tx,
    acknowledge_tx: leg.acknowledge_tx,
    timeout_tx: leg.timeout_tx,
    error: leg.error,
  };
}
