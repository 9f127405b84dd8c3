/**
 * Following an OPinit transfer (the OPinit BridgeTracker), with the events of initia-labs/OPinit (x/ophost and
 * x/opchild keeper/msg_server.go, types/event(s).go):
 *
 * - Deposit, L1 → rollup: `initiate_token_deposit` on L1 {bridge_id, l1_sequence, from, to, l1_denom, l2_denom,
 *   amount} → the bridge executor's `finalize_token_deposit` on the rollup {l1_sequence, sender, recipient, denom,
 *   base_denom, amount, finalize_height, success[, reason]}, found by its L1 sequence (one bridge per rollup). A
 *   deposit the rollup could not credit (`success` false, reason "deposit failed; ...") is sent back in the same
 *   transaction as a withdrawal to the L1 sender (`initiate_token_withdrawal`), which completes like any withdrawal:
 *   the refund is settled once that withdrawal is finalized on L1.
 * - Withdrawal, rollup → L1: `initiate_token_withdrawal` on the rollup {from, to, denom, base_denom, amount,
 *   l2_sequence} → an output proposal on L1 covering the rollup block (`propose_output` {bridge_id, output_index,
 *   l2_block_number, ...} with l2_block_number ≥ that block) → after the finalization period the withdrawal may be
 *   claimed → `finalize_token_withdrawal` on L1 {bridge_id, output_index, l2_sequence, ...}: only then is it delivered.
 *   Until the claim the leg is pending, its next step `wait` (for the output, then for the period) and then `claim`:
 *   with the rollup's executor configured (OPINIT_EXECUTOR_URLS), the claim carries MsgFinalizeTokenWithdrawal
 *   ready to sign, built from the executor's withdrawal proof (./executor.ts).
 *
 * The bridge id of a rollup and the finalization period come from data/initia-rollups.json (the period is Junction's
 * estimate there, not read from the L1 bridge config).
 */
import { attr } from '../../tx/cosmos-client.js';
import type { AssetAt, OpinitLeg } from '../../tx/record.js';
import type { Advance, BridgeTracker, CosmosEvent, IncludedTx, LegSummary, TrackerEnv } from '../../tx/tracker.js';
import type { ChainTransaction, TransferEvent } from '../../wire/tx.js';
import { eventFields } from '../transfer-event.js';
import { initiaRollupsFile } from '../../registry/rollups.js';
import { fetchWithdrawalProof } from './executor.js';
import { finalizeWithdrawalTx } from './messages.js';

/** How long an OPinit leg may go without progress: a withdrawal's finalization period, and a day beyond it. */
function opinitDeadlineMs(): number {
  return (initiaRollupsFile().withdrawal_seconds + 24 * 60 * 60) * 1000;
}

const finalizationMs = () => initiaRollupsFile().withdrawal_seconds * 1000;
const rollupOfBridge = (bridgeId: string) => initiaRollupsFile().rollups.find((r) => r.op_bridge_id === bridgeId);
const rollupOfChain = (chainId: string) => initiaRollupsFile().rollups.find((r) => r.chain_id === chainId);

function baseLeg(
  env: TrackerEnv,
  tx: IncludedTx,
  direction: OpinitLeg['direction'],
  to: string,
  bridgeId: string,
  sequence: string,
  sent: AssetAt,
  delivered: AssetAt,
): OpinitLeg {
  return {
    kind: 'opinit',
    direction,
    from_chain_id: tx.chainId,
    to_chain_id: to,
    state: 'OPINIT_TRANSFER_SENT',
    send_tx: env.chainTx(tx.chainId, tx.hash, tx.time),
    receive_tx: null,
    bridge_id: bridgeId,
    sequence,
    send_height: tx.height,
    sent,
    delivered,
    output: null,
    claimable: false,
    failure: null,
  };
}

function depositOf(tx: IncludedTx, e: CosmosEvent, env: TrackerEnv): OpinitLeg | null {
  const bridgeId = attr(e, 'bridge_id');
  const sequence = attr(e, 'l1_sequence');
  const amount = attr(e, 'amount') ?? null;
  const rollup = bridgeId && rollupOfBridge(bridgeId);
  if (!rollup || !sequence || !env.registry.chain(rollup.chain_id)) return null;
  return baseLeg(
    env,
    tx,
    'deposit',
    rollup.chain_id,
    bridgeId,
    sequence,
    { chain_id: tx.chainId, denom: attr(e, 'l1_denom') ?? '', amount },
    { chain_id: rollup.chain_id, denom: attr(e, 'l2_denom') ?? '', amount },
  );
}

function withdrawalOf(tx: IncludedTx, e: CosmosEvent, env: TrackerEnv): OpinitLeg | null {
  const rollup = rollupOfChain(tx.chainId);
  const sequence = attr(e, 'l2_sequence');
  const amount = attr(e, 'amount') ?? null;
  const l1 = initiaRollupsFile().l1_chain_id;
  if (!rollup || !sequence || !env.registry.chain(l1)) return null;
  return baseLeg(
    env,
    tx,
    'withdrawal',
    l1,
    rollup.op_bridge_id,
    sequence,
    { chain_id: tx.chainId, denom: attr(e, 'denom') ?? '', amount },
    { chain_id: l1, denom: attr(e, 'base_denom') ?? '', amount },
  );
}

/** The L1 transaction that finalized (claimed) the rollup's withdrawal with this L2 sequence, once there is one. */
async function findClaim(env: TrackerEnv, bridgeId: string, l2Sequence: string): Promise<ChainTransaction | null> {
  const l1 = initiaRollupsFile().l1_chain_id;
  const query = `finalize_token_withdrawal.bridge_id='${bridgeId}' AND finalize_token_withdrawal.l2_sequence='${l2Sequence}'`;
  const tx = (await env.clients.cosmos(l1).searchTxs(query))[0];
  return tx ? env.chainTx(tx.chainId, tx.hash, tx.time) : null;
}

async function advanceDeposit(leg: OpinitLeg, env: TrackerEnv): Promise<OpinitLeg> {
  const out = { ...leg };
  if (!out.receive_tx) {
    const query = `finalize_token_deposit.l1_sequence='${leg.sequence}'`;
    const tx = (await env.clients.cosmos(leg.to_chain_id).searchTxs(query))[0];
    if (!tx) return out;
    const at = tx.events.findIndex(
      (e) => e.type === 'finalize_token_deposit' && attr(e, 'l1_sequence') === leg.sequence,
    );
    const e = tx.events[at];
    out.receive_tx = env.chainTx(tx.chainId, tx.hash, tx.time);
    const reason = e ? (attr(e, 'reason') ?? '') : '';
    // A failed hook (deposit data) leaves the deposit credited; only a failed deposit is sent back.
    if (e && attr(e, 'success') === 'false' && !reason.startsWith('hook failed')) {
      const refund = tx.events.slice(at + 1).find((x) => x.type === 'initiate_token_withdrawal');
      out.state = 'OPINIT_TRANSFER_UNKNOWN';
      out.failure = { reason, refund_sequence: (refund && attr(refund, 'l2_sequence')) ?? null, refund_tx: null };
    } else {
      out.state = 'OPINIT_TRANSFER_RECEIVED';
    }
  }
  if (out.failure?.refund_sequence && !out.failure.refund_tx) {
    const refund = await findClaim(env, leg.bridge_id, out.failure.refund_sequence);
    if (refund) out.failure = { ...out.failure, refund_tx: refund };
    else if (!out.failure.claim_tx) {
      const claim = await refundClaimTx(out, out.failure.refund_sequence, env);
      if (claim) out.failure = { ...out.failure, claim_tx: claim };
    }
  }
  return out;
}

/**
 * The claim of a refused deposit's refund withdrawal (made on the rollup, `to_chain_id`): from the executor's proof,
 * once the L1 output it names is past the finalization period (an earlier claim would fail on L1).
 */
async function refundClaimTx(leg: OpinitLeg, sequence: string, env: TrackerEnv): Promise<OpinitLeg['claim_tx']> {
  const base = env.opinitExecutorUrls?.get(leg.to_chain_id);
  if (!base) return null;
  const proof = await fetchWithdrawalProof(base, sequence);
  if (!proof || proof.sequence !== sequence || proof.bridge_id !== leg.bridge_id) return null;
  const l1 = leg.from_chain_id;
  const query = `propose_output.bridge_id='${leg.bridge_id}' AND propose_output.output_index='${proof.output_index}'`;
  const output = (await env.clients.cosmos(l1).searchTxs(query))[0];
  const proposedAt = output?.time ? Date.parse(output.time) : null;
  if (proposedAt === null || env.now() < proposedAt + finalizationMs()) return null;
  return finalizeWithdrawalTx(l1, proof);
}

async function advanceWithdrawal(leg: OpinitLeg, env: TrackerEnv): Promise<OpinitLeg> {
  const out = { ...leg };
  const claim = await findClaim(env, leg.bridge_id, leg.sequence);
  if (claim) return { ...out, state: 'OPINIT_TRANSFER_RECEIVED', receive_tx: claim };
  if (!out.output) {
    // The first output whose L2 block number reaches the withdrawal's block carries it (CometBFT numeric query).
    const query = `propose_output.bridge_id='${leg.bridge_id}' AND propose_output.l2_block_number>=${leg.send_height}`;
    const tx = (await env.clients.cosmos(leg.to_chain_id).searchTxs(query))[0];
    const e = tx?.events.find((x) => x.type === 'propose_output' && attr(x, 'bridge_id') === leg.bridge_id);
    if (!tx || !e) return out;
    const proposedAt = tx.time ? Date.parse(tx.time) : env.now();
    out.output = {
      index: attr(e, 'output_index') ?? '',
      tx: env.chainTx(tx.chainId, tx.hash, tx.time),
      claimable_at: proposedAt + finalizationMs(),
    };
  }
  if (!out.claimable && out.output.claimable_at !== null && env.now() >= out.output.claimable_at) out.claimable = true;
  if (out.claimable && !out.claim_tx) out.claim_tx = await claimTx(out, env);
  return out;
}

/**
 * The claim of a claimable withdrawal, from the rollup executor's proof; null while there is no executor for the
 * rollup or no proof of this very withdrawal (asked again on the next pass).
 */
async function claimTx(leg: OpinitLeg, env: TrackerEnv): Promise<OpinitLeg['claim_tx']> {
  const base = env.opinitExecutorUrls?.get(leg.from_chain_id);
  if (!base) return null;
  const proof = await fetchWithdrawalProof(base, leg.sequence);
  // An answer about another withdrawal or another bridge (a misconfigured executor) is no claim of this one.
  if (!proof || proof.sequence !== leg.sequence || proof.bridge_id !== leg.bridge_id) return null;
  return finalizeWithdrawalTx(leg.to_chain_id, proof);
}

export const opinitTracker: BridgeTracker<OpinitLeg> = {
  kind: 'opinit',
  get deadlineMs() {
    return opinitDeadlineMs();
  },

  discover(tx: IncludedTx, env: TrackerEnv): OpinitLeg[] {
    const legs: OpinitLeg[] = [];
    const l1 = initiaRollupsFile().l1_chain_id;
    for (const e of tx.events) {
      const leg =
        e.type === 'initiate_token_deposit' && tx.chainId === l1
          ? depositOf(tx, e, env)
          : e.type === 'initiate_token_withdrawal'
            ? withdrawalOf(tx, e, env)
            : null;
      if (leg) legs.push(leg);
    }
    return legs;
  },

  async advance(leg: OpinitLeg, env: TrackerEnv): Promise<Advance<OpinitLeg>> {
    const out = leg.direction === 'deposit' ? await advanceDeposit(leg, env) : await advanceWithdrawal(leg, env);
    return { leg: out, next: null };
  },

  summarize(leg: OpinitLeg): LegSummary {
    const base = {
      event: eventOf(leg),
      expectsNext: false,
      carriesBackFailure: false,
      arrived: leg.delivered,
      origin: leg.sent,
    };
    const l1 = initiaRollupsFile().l1_chain_id;
    if (leg.failure) {
      const settled = leg.failure.refund_tx !== null;
      return {
        ...base,
        outcome: 'failure',
        settled,
        ...(settled || !leg.failure.refund_sequence
          ? {}
          : {
              recovery: {
                action: 'claim' as const,
                chain_id: l1,
                message: leg.failure.claim_tx
                  ? `${leg.to_chain_id} refused the deposit (${leg.failure.reason}) and sent it back as withdrawal ${leg.failure.refund_sequence}, now claimable: sign the claim on ${l1}`
                  : `${leg.to_chain_id} refused the deposit (${leg.failure.reason}) and sent it back as withdrawal ${leg.failure.refund_sequence}: claim it on ${l1} once the rollup's output covering it is finalized`,
                tx: leg.failure.claim_tx ?? null,
              },
            }),
      };
    }
    if (leg.state === 'OPINIT_TRANSFER_RECEIVED') return { ...base, outcome: 'success', settled: true };
    return {
      ...base,
      outcome: 'pending',
      settled: false,
      ...(leg.direction === 'withdrawal' ? { pending: withdrawalStep(leg) } : {}),
    };
  },
};

/** What a withdrawal in flight waits for, or that it must now be claimed. */
function withdrawalStep(leg: OpinitLeg): NonNullable<LegSummary['pending']> {
  const l1 = leg.to_chain_id;
  if (leg.claimable)
    return {
      action: 'claim',
      chain_id: l1,
      message: leg.claim_tx
        ? `the finalization period has passed: sign the claim on ${l1} (MsgFinalizeTokenWithdrawal of bridge ${leg.bridge_id}, sequence ${leg.sequence}, with the rollup executor's proof); it is delivered once finalized there`
        : `the finalization period has passed: claim the withdrawal on ${l1} (MsgFinalizeTokenWithdrawal of bridge ${leg.bridge_id}, sequence ${leg.sequence}, output ${leg.output?.index ?? '?'}, with the withdrawal proof from the rollup's executor); it is delivered once finalized there`,
      tx: leg.claim_tx ?? null,
    };
  if (leg.output)
    return {
      action: 'wait',
      chain_id: l1,
      message: `output ${leg.output.index} covering the withdrawal is proposed on ${l1}; it can be claimed there after the finalization period, from ${new Date(leg.output.claimable_at ?? 0).toISOString()}`,
      tx: null,
    };
  return {
    action: 'wait',
    chain_id: l1,
    message: `waiting for ${leg.from_chain_id}'s next output proposal on ${l1} covering block ${leg.send_height}`,
    tx: null,
  };
}

function eventOf(leg: OpinitLeg): TransferEvent {
  return {
    op_init_transfer: eventFields(leg, { state: leg.state, txs: { send_tx: leg.send_tx, receive_tx: leg.receive_tx } }),
  };
}
