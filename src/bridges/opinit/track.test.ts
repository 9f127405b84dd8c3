/**
 * Tracking OPinit transfers between Initia L1 (interwoven-1) and the Yominet rollup (yominet-1, bridge 11) against local
 * chains answering the CometBFT RPC shapes, whose transactions carry the events of initia-labs/OPinit
 * (x/ophost/keeper/msg_server.go: initiate_token_deposit, propose_output, finalize_token_withdrawal;
 * x/opchild/keeper/msg_server.go: finalize_token_deposit, initiate_token_withdrawal; attribute keys of
 * x/ophost/types/event.go and x/opchild/types/events.go).
 *
 * A deposit is a success only once the rollup finalized it; one the rollup refused is refunded as a withdrawal, to be
 * claimed on L1. A withdrawal waits for an output proposal covering its block, then for the finalization period, is
 * then to be claimed, and is a success only once finalized on L1.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import {
  ev,
  FINALIZATION_MS,
  INIT_ON_YOMINET,
  L1,
  L1_USER,
  YOMINET,
  YOMINET_USER,
  startYominetTracking,
  type YominetTracking,
} from './test-helpers/yominet.js';

const BRIDGE = '11';

let net: YominetTracking['net'];
let tx: YominetTracking['tx'];
let yominet: YominetTracking;
let l1Sequence = 500;
let l2Sequence = 900;

beforeAll(async () => {
  yominet = await startYominetTracking();
  ({ net, tx } = yominet);
});
afterAll(async () => {
  await yominet?.stop();
});
beforeEach(() => {
  net.now += 1000;
});

const message = (action: string) => ev('message', { action });
const step = (chainId: string, hash: string) => yominet.step(chainId, hash);
const opinit = (s: Status) => transferEvent(s, 'op_init_transfer');

/** The user's MsgInitiateTokenDeposit on L1 (ophost InitiateTokenDeposit's event). */
function deposit(amount: string): { hash: string; sequence: string } {
  const sequence = String(++l1Sequence);
  const hash = net.chain(L1).include([
    message('/opinit.ophost.v1.MsgInitiateTokenDeposit'),
    ev('initiate_token_deposit', {
      bridge_id: BRIDGE,
      l1_sequence: sequence,
      from: L1_USER,
      to: YOMINET_USER,
      l1_denom: 'uinit',
      l2_denom: INIT_ON_YOMINET,
      amount,
      data: '',
    }),
  ]);
  return { hash, sequence };
}

/** The bridge executor's MsgFinalizeTokenDeposit on the rollup (opchild FinalizeTokenDeposit's events). */
function finalizeDeposit(sequence: string, amount: string, failed?: { refundSequence: string }): string {
  const events = [
    message('/opinit.opchild.v1.MsgFinalizeTokenDeposit'),
    ev('finalize_token_deposit', {
      l1_sequence: sequence,
      sender: L1_USER,
      recipient: YOMINET_USER,
      denom: INIT_ON_YOMINET,
      base_denom: 'uinit',
      amount,
      finalize_height: '1234',
      success: failed ? 'false' : 'true',
      ...(failed ? { reason: 'deposit failed; recipient is a blocked address' } : {}),
    }),
  ];
  if (failed)
    events.push(
      ev('initiate_token_withdrawal', {
        from: YOMINET_USER,
        to: L1_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount,
        l2_sequence: failed.refundSequence,
      }),
    );
  return net.chain(YOMINET).include(events);
}

/** MsgFinalizeTokenWithdrawal on L1 (ophost FinalizeTokenWithdrawal's event). */
const finalizeWithdrawal = (sequence: string, amount: string) =>
  net.chain(L1).include([
    message('/opinit.ophost.v1.MsgFinalizeTokenWithdrawal'),
    ev('finalize_token_withdrawal', {
      bridge_id: BRIDGE,
      output_index: '3',
      l2_sequence: sequence,
      from: YOMINET_USER,
      to: L1_USER,
      l1_denom: 'uinit',
      l2_denom: INIT_ON_YOMINET,
      amount,
    }),
  ]);

/** The proposer's MsgProposeOutput on L1 (ophost ProposeOutput's event). */
const proposeOutput = (index: string, l2Block: number) =>
  net.chain(L1).include([
    message('/opinit.ophost.v1.MsgProposeOutput'),
    ev('propose_output', {
      proposer: 'init1proposer',
      bridge_id: BRIDGE,
      output_index: index,
      l2_block_number: String(l2Block),
      output_root: 'ab'.repeat(32),
    }),
  ]);

describe('OPinit deposit (Initia L1 → Yominet)', () => {
  it('sent on L1, a success only once the rollup finalized this deposit', async () => {
    const { hash, sequence } = deposit('7000000');
    await tx.track(L1, hash, null);
    let s = await step(L1, hash);
    expect(opinit(s)).toMatchObject({
      from_chain_id: L1,
      to_chain_id: YOMINET,
      state: 'OPINIT_TRANSFER_SENT',
      txs: { send_tx: { chain_id: L1, tx_hash: hash }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });
    finalizeDeposit(String(Number(sequence) + 100), '1');
    expect((await step(L1, hash)).state).toBe('STATE_PENDING');

    const finalized = finalizeDeposit(sequence, '7000000');
    s = await step(L1, hash);
    expect(opinit(s)).toMatchObject({
      state: 'OPINIT_TRANSFER_RECEIVED',
      txs: {
        receive_tx: {
          chain_id: YOMINET,
          tx_hash: finalized,
          explorer_link: `https://scan.initia.xyz/yominet-1/txs/${finalized}`,
        },
      },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: YOMINET, denom: INIT_ON_YOMINET, amount: '7000000', released: true },
    });
  });

  it('refused by the rollup: pending error with a claim on L1 until the refund withdrawal is finalized there', async () => {
    const { hash, sequence } = deposit('2500000');
    await tx.track(L1, hash, null);
    await step(L1, hash);
    const refundSequence = String(++l2Sequence);
    finalizeDeposit(sequence, '2500000', { refundSequence });
    let s = await step(L1, hash);
    expect(opinit(s).state).toBe('OPINIT_TRANSFER_UNKNOWN');
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: L1, denom: 'uinit', amount: '2500000', released: false },
      next_step: { action: 'claim', chain_id: L1 },
    });
    expect(s.error?.message).toBeDefined();
    finalizeWithdrawal(refundSequence, '2500000');
    s = await step(L1, hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: L1, denom: 'uinit', released: true },
      next_step: { action: 'retry', chain_id: L1 },
    });
  });
});

describe('OPinit withdrawal (Yominet → Initia L1)', () => {
  it('waits for an output covering it and the finalization period, then must be claimed: a success only once finalized on L1', async () => {
    const sequence = String(++l2Sequence);
    const hash = net.chain(YOMINET).include([
      message('/opinit.opchild.v1.MsgInitiateTokenWithdrawal'),
      ev('initiate_token_withdrawal', {
        from: YOMINET_USER,
        to: L1_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount: '4000000',
        l2_sequence: sequence,
      }),
    ]);
    const height = net.chain(YOMINET).height;
    await tx.track(YOMINET, hash, null);
    let s = await step(YOMINET, hash);
    expect(opinit(s)).toMatchObject({ from_chain_id: YOMINET, to_chain_id: L1, state: 'OPINIT_TRANSFER_SENT' });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait', chain_id: L1 } });
    expect(s.next_step!.message).toContain(`block ${height}`);

    // An output of an earlier rollup block does not carry the withdrawal.
    proposeOutput('2', height - 1);
    s = await step(YOMINET, hash);
    expect(s.next_step!.message).toContain(`block ${height}`);
    proposeOutput('3', height + 20);
    s = await step(YOMINET, hash);
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait' } });
    expect(s.next_step!.message).toContain('output 3');

    net.now += FINALIZATION_MS;
    s = await step(YOMINET, hash);
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'claim', chain_id: L1, tx: null } });
    expect(opinit(s).state).toBe('OPINIT_TRANSFER_SENT');

    const claimed = finalizeWithdrawal(sequence, '4000000');
    s = await step(YOMINET, hash);
    expect(opinit(s)).toMatchObject({
      state: 'OPINIT_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: L1, tx_hash: claimed } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: L1, denom: 'uinit', amount: '4000000', released: true },
    });
  });

  it('a withdrawal never claimed is abandoned after the finalization period and a day, never a success', async () => {
    const hash = net.chain(YOMINET).include([
      ev('initiate_token_withdrawal', {
        from: YOMINET_USER,
        to: L1_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount: '1',
        l2_sequence: String(++l2Sequence),
      }),
    ]);
    await tx.track(YOMINET, hash, null);
    await step(YOMINET, hash);
    net.now += FINALIZATION_MS;
    expect((await step(YOMINET, hash)).state).toBe('STATE_PENDING');
    net.now += 2 * 24 * 60 * 60 * 1000;
    expect(await step(YOMINET, hash)).toMatchObject({
      state: 'STATE_ABANDONED',
      transfer_asset_release: { chain_id: YOMINET, denom: INIT_ON_YOMINET, released: false },
    });
  });
});
