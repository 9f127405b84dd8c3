/**
 * The state machine: a tracked transaction's record → the wire StatusTxResponse (section 5). Pure; the endpoint and
 * the push channels serve what this computes from the stored record.
 *
 * Per transfer (the legs one transaction started): the first failed leg decides where the funds go back to (a
 * failure behind packet-forwarding legs comes back through them to the first of those); the transfer is
 * STATE_PENDING_ERROR until that refund is seen on chain, then STATE_COMPLETED_ERROR. Every leg delivered and no
 * further hop expected: STATE_COMPLETED_SUCCESS, funds at the last leg's destination. Otherwise STATE_PENDING, and
 * next_blocking_transfer points at the first leg not yet delivered. The overall state: STATE_SUBMITTED until the
 * transaction is seen, STATE_COMPLETED_ERROR if it failed, STATE_ABANDONED when tracking gave up, else the worst of
 * its transfers (pending error, pending, error, success).
 */
import type { NextStep, StatusError, StatusResponse, TransactionState, TransferStatus } from '../wire/tx.js';
import type { InitialTx, Leg, TrackRecord, TransferTrack } from './record.js';
import type { BridgeTracker, LegSummary } from './tracker.js';

export type TrackerSet = ReadonlyMap<Leg['kind'], BridgeTracker>;

export function summarizeLeg(trackers: TrackerSet, leg: Leg): LegSummary {
  const t = trackers.get(leg.kind);
  if (!t) throw new Error(`no tracker for ${leg.kind} legs`);
  return t.summarize(leg as never);
}

const TERMINAL: ReadonlySet<TransactionState> = new Set([
  'STATE_COMPLETED_SUCCESS',
  'STATE_COMPLETED_ERROR',
  'STATE_ABANDONED',
]);
export const isTerminal = (s: TransactionState) => TERMINAL.has(s);

function transferStatus(
  trackers: TrackerSet,
  transfer: TransferTrack,
  abandoned: boolean,
  abandonMessage: string,
): TransferStatus {
  const sums = transfer.legs.map((l) => summarizeLeg(trackers, l));
  const sequence = sums.map((s) => s.event);
  let failed = sums.findIndex((s) => s.outcome === 'failure');
  if (failed >= 0) {
    // Packet forwarding hands a failure back hop by hop: the refund lands where the first forwarding leg started.
    while (failed > 0 && sums[failed - 1]!.carriesBackFailure) failed--;
    const f = sums[failed]!;
    const settled = f.outcome === 'failure' && f.settled;
    const failure = sums.find((s) => s.outcome === 'failure')!;
    const packetError = 'ibc_transfer' in failure.event ? failure.event.ibc_transfer.packet_txs.error : null;
    const state: TransactionState = settled
      ? 'STATE_COMPLETED_ERROR'
      : abandoned
        ? 'STATE_ABANDONED'
        : 'STATE_PENDING_ERROR';
    const recovery = failure.recovery;
    const release = recovery ? failure.origin : f.origin;
    return {
      state,
      transfer_sequence: sequence,
      next_blocking_transfer: settled ? null : { transfer_sequence_index: failed },
      transfer_asset_release: { ...release, released: settled },
      error: {
        type: 'STATUS_ERROR_TRANSFER',
        message: packetError?.message ?? failureMessage(failure) ?? 'transfer failed',
        details: packetError?.details ?? null,
      },
      next_step: recovery
        ? { ...recovery }
        : settled
          ? step('retry', release.chain_id, `the funds are back on ${release.chain_id}: request a new route from there`)
          : abandoned
            ? trackAgain(release.chain_id)
            : step('wait', release.chain_id, `the transfer failed; the refund is on its way to ${release.chain_id}`),
    };
  }
  const blocking = sums.findIndex((s) => s.outcome !== 'success');
  const last = sums[sums.length - 1];
  if (blocking < 0 && last && !last.expectsNext) {
    return {
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_sequence: sequence,
      next_blocking_transfer: null,
      transfer_asset_release: { ...last.arrived!, released: true },
      error: null,
      next_step: step('none', last.arrived!.chain_id, `delivered on ${last.arrived!.chain_id}`),
    };
  }
  const index = blocking >= 0 ? blocking : sums.length - 1;
  const stuck = sums[index];
  return {
    state: abandoned ? 'STATE_ABANDONED' : 'STATE_PENDING',
    transfer_sequence: sequence,
    next_blocking_transfer: { transfer_sequence_index: index },
    // While in flight the funds sit where the blocking leg started (escrowed, or received but not yet forwarded).
    transfer_asset_release: abandoned && stuck ? { ...stuck.origin, released: false } : null,
    error: abandoned ? { type: 'STATUS_ERROR_TRANSFER', message: abandonMessage, details: null } : null,
    // A step the holder can take (a claim, a registration) stays the answer after tracking gave up: it does not expire.
    next_step:
      stuck?.pending && (stuck.pending.action !== 'wait' || !abandoned)
        ? { ...stuck.pending }
        : abandoned
          ? trackAgain(stuck?.origin.chain_id ?? null)
          : step(
              'wait',
              stuck?.arrived?.chain_id ?? null,
              `in flight to ${stuck?.arrived?.chain_id ?? 'its destination'}`,
            ),
  };
}

const step = (action: NextStep['action'], chainId: string | null, message: string): NextStep => ({
  action,
  chain_id: chainId,
  message,
  tx: null,
});
const trackAgain = (chainId: string | null) =>
  step(
    'track_again',
    chainId,
    'tracking gave up without progress on chain; POST /v2/tx/track re-arms it, the funds wait where transfer_asset_release says',
  );

/** A bridge's own words for a failure (events other than IBC's carry an error message of their own). */
function failureMessage(s: LegSummary): string | undefined {
  const e = s.event as Record<
    string,
    { txs?: { contract_call_with_token_txs?: { error?: { message?: string } | null } }; error_message?: string | null }
  >;
  return (
    e.axelar_transfer?.txs?.contract_call_with_token_txs?.error?.message ??
    e.go_fast_transfer?.error_message ??
    undefined
  );
}

const RANK: Record<TransactionState, number> = {
  STATE_PENDING_ERROR: 0,
  STATE_PENDING: 1,
  STATE_SUBMITTED: 2,
  STATE_ABANDONED: 3,
  STATE_COMPLETED_ERROR: 4,
  STATE_COMPLETED_SUCCESS: 5,
};

function emptyTransfer(state: TransactionState, error: StatusError | null): TransferStatus {
  const next =
    state === 'STATE_COMPLETED_SUCCESS'
      ? step('none', null, 'complete')
      : state === 'STATE_COMPLETED_ERROR'
        ? step('retry', null, 'nothing was transferred: the funds are where they were')
        : state === 'STATE_ABANDONED'
          ? trackAgain(null)
          : step('wait', null, 'waiting for the transaction on chain');
  return {
    state,
    transfer_sequence: [],
    next_blocking_transfer: null,
    transfer_asset_release: null,
    error,
    next_step: next,
  };
}

/**
 * A transaction that started no transfer Junction recognised. A swap or send on one chain is complete once
 * included; a call to a bridge's contracts that emitted none of its events sent nothing (an error); a bridge that
 * did emit events this instance cannot follow keeps the transaction pending until that bridge's deadline; an EVM
 * call to a contract that emitted no event at all moved nothing (an error, never a success).
 */
function withoutTransfer(initial: InitialTx, abandoned: boolean, abandonMessage: string): TransferStatus {
  const contact = initial.bridge_contact;
  if (contact && !contact.emitted) {
    return emptyTransfer('STATE_COMPLETED_ERROR', {
      type: 'STATUS_ERROR_TRANSFER',
      message: `the transaction called ${contact.bridge} contracts but emitted no transfer event: nothing was sent`,
      details: null,
    });
  }
  if (contact) {
    return abandoned
      ? emptyTransfer('STATE_ABANDONED', {
          type: 'STATUS_ERROR_TRANSFER',
          message: `${abandonMessage}: the ${contact.bridge} transfer this transaction started cannot be followed`,
          details: null,
        })
      : emptyTransfer('STATE_PENDING', null);
  }
  if (initial.silent_call) {
    return emptyTransfer('STATE_COMPLETED_ERROR', {
      type: 'STATUS_ERROR_UNKNOWN',
      message: 'the contract call emitted no event: it transferred nothing',
      details: null,
    });
  }
  return emptyTransfer('STATE_COMPLETED_SUCCESS', null);
}

export function statusOf(
  trackers: TrackerSet,
  record: TrackRecord,
  abandonMessage = 'tracking abandoned: no progress on chain',
): StatusResponse {
  let transfers: TransferStatus[];
  if (!record.initial) {
    transfers = [
      emptyTransfer(
        record.abandoned ? 'STATE_ABANDONED' : 'STATE_SUBMITTED',
        record.abandoned
          ? { type: 'STATUS_ERROR_INDEXING', message: 'transaction not found on chain', details: null }
          : null,
      ),
    ];
  } else if (!record.initial.ok) {
    transfers = [emptyTransfer('STATE_COMPLETED_ERROR', record.initial.error)];
  } else {
    const unfollowable = (record.initial.unfollowable ?? []).map<TransferStatus>((u) => ({
      ...emptyTransfer('STATE_ABANDONED', { type: 'STATUS_ERROR_UNKNOWN', message: u.message, details: null }),
      transfer_asset_release: u.release ? { ...u.release, released: false } : null,
      next_step: step(
        'none',
        u.release?.chain_id ?? null,
        'Junction cannot follow this transfer: look for it on the chain the channel leads to',
      ),
    }));
    transfers = [
      ...record.transfers.map((t) => transferStatus(trackers, t, record.abandoned, abandonMessage)),
      ...unfollowable,
    ];
    // The list is never empty: executeRoute reads transfers[0].state.
    if (transfers.length === 0) transfers = [withoutTransfer(record.initial, record.abandoned, abandonMessage)];
  }
  const state = transfers.reduce<TransactionState>(
    (worst, t) => (RANK[t.state] < RANK[worst] ? t.state : worst),
    transfers[0]!.state,
  );
  const first = transfers[0]!;
  return {
    transfers,
    state,
    transfer_sequence: transfers.flatMap((t) => t.transfer_sequence),
    next_blocking_transfer: first.next_blocking_transfer,
    transfer_asset_release: first.transfer_asset_release,
    error: first.error,
    status: state === 'STATE_SUBMITTED' ? 'STATE_SUBMITTED' : isTerminal(state) ? 'STATE_COMPLETED' : 'STATE_PENDING',
    next_step: first.next_step ?? null,
  };
}
