/**
 * A withdrawal past its finalization period gets its claim ready to sign: the tracker asks the rollup's executor
 * (OPINIT_EXECUTOR_URLS, a local server answering opinit-bots' shape) for the withdrawal proof and puts
 * MsgFinalizeTokenWithdrawal into `next_step.tx`. Without a proof yet the claim step has no transaction; the
 * transfer stays pending until the claim lands on L1. Chains and events as in track.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
import { FakeExecutor, provenWithdrawal, unprovenWithdrawal } from './test-helpers/executor.js';

const executor = new FakeExecutor();
let net: YominetTracking['net'];
let tx: YominetTracking['tx'];
let yominet: YominetTracking;

beforeAll(async () => {
  await executor.start();
  yominet = await startYominetTracking({ executorUrl: executor.url });
  ({ net, tx } = yominet);
});
afterAll(async () => {
  await yominet?.stop();
  await executor.stop();
});
beforeEach(() => {
  net.now += 1000;
});

const step = (chainId: string, hash: string) => yominet.step(chainId, hash);

describe('OPinit withdrawal claim', () => {
  it('once claimable, next_step carries MsgFinalizeTokenWithdrawal built from the executor proof', async () => {
    const sequence = 7001;
    const hash = net.chain(YOMINET).include([
      ev('initiate_token_withdrawal', {
        from: YOMINET_USER,
        to: L1_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount: '4000000',
        l2_sequence: String(sequence),
      }),
    ]);
    const height = net.chain(YOMINET).height;
    const proven = provenWithdrawal({
      sequence,
      bridgeId: 11,
      outputIndex: 3,
      from: YOMINET_USER,
      to: L1_USER,
      denom: 'uinit',
      amount: '4000000',
    });
    executor.withdrawals.set(String(sequence), unprovenWithdrawal(proven));
    await tx.track(YOMINET, hash, null);
    await step(YOMINET, hash);
    net.chain(L1).include([
      ev('propose_output', {
        proposer: 'init1proposer',
        bridge_id: '11',
        output_index: '3',
        l2_block_number: String(height + 5),
        output_root: 'ab'.repeat(32),
      }),
    ]);
    let s = await step(YOMINET, hash);
    expect(s.next_step).toMatchObject({ action: 'wait', tx: null });
    // Not claimable yet: the executor is not asked before the finalization period has passed.
    expect(executor.asked).not.toContain(String(sequence));

    net.now += FINALIZATION_MS;
    s = await step(YOMINET, hash);
    expect(executor.asked).toContain(String(sequence));
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'claim', chain_id: L1, tx: null } });

    executor.withdrawals.set(String(sequence), proven);
    s = await step(YOMINET, hash);
    expect(s.state).toBe('STATE_PENDING');
    expect(s.next_step).toMatchObject({
      action: 'claim',
      chain_id: L1,
      tx: { chain_id: L1, to: '/opinit.ophost.v1.MsgFinalizeTokenWithdrawal' },
    });
    expect(JSON.parse(s.next_step!.tx!.data)).toEqual({
      sender: L1_USER,
      bridge_id: '11',
      output_index: '3',
      withdrawal_proofs: proven.withdrawal_proofs,
      from: YOMINET_USER,
      to: L1_USER,
      sequence: String(sequence),
      amount: { denom: 'uinit', amount: '4000000' },
      version: proven.version,
      storage_root: proven.storage_root,
      last_block_hash: proven.last_block_hash,
    });
    expect(s.transfers[0]!.next_step).toEqual(s.next_step);

    net.chain(L1).include([
      ev('finalize_token_withdrawal', {
        bridge_id: '11',
        output_index: '3',
        l2_sequence: String(sequence),
        from: YOMINET_USER,
        to: L1_USER,
        l1_denom: 'uinit',
        l2_denom: INIT_ON_YOMINET,
        amount: '4000000',
      }),
    ]);
    s = await step(YOMINET, hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: L1, denom: 'uinit', amount: '4000000', released: true },
    });
  });

  it('an executor answering about another withdrawal gives no claim', async () => {
    const sequence = 7002;
    const hash = net.chain(YOMINET).include([
      ev('initiate_token_withdrawal', {
        from: YOMINET_USER,
        to: L1_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount: '1',
        l2_sequence: String(sequence),
      }),
    ]);
    const height = net.chain(YOMINET).height;
    executor.withdrawals.set(
      String(sequence),
      provenWithdrawal({
        sequence: 1,
        bridgeId: 11,
        outputIndex: 4,
        from: YOMINET_USER,
        to: L1_USER,
        denom: 'uinit',
        amount: '1',
      }),
    );
    await tx.track(YOMINET, hash, null);
    await step(YOMINET, hash);
    net
      .chain(L1)
      .include([ev('propose_output', { bridge_id: '11', output_index: '4', l2_block_number: String(height + 1) })]);
    await step(YOMINET, hash);
    net.now += FINALIZATION_MS;
    const s = await step(YOMINET, hash);
    expect(executor.asked).toContain(String(sequence));
    expect(s.next_step).toMatchObject({ action: 'claim', tx: null });
  });

  it('a deposit the rollup refused: the recovery claim carries the refund withdrawal once its output is finalized', async () => {
    const l1Sequence = '8001';
    const refundSequence = 7003;
    const hash = net.chain(L1).include([
      ev('initiate_token_deposit', {
        bridge_id: '11',
        l1_sequence: l1Sequence,
        from: L1_USER,
        to: YOMINET_USER,
        l1_denom: 'uinit',
        l2_denom: INIT_ON_YOMINET,
        amount: '2500000',
      }),
    ]);
    await tx.track(L1, hash, null);
    await step(L1, hash);
    net.chain(YOMINET).include([
      ev('finalize_token_deposit', {
        l1_sequence: l1Sequence,
        sender: L1_USER,
        recipient: YOMINET_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount: '2500000',
        finalize_height: '1',
        success: 'false',
        reason: 'deposit failed; recipient is a blocked address',
      }),
      ev('initiate_token_withdrawal', {
        from: YOMINET_USER,
        to: L1_USER,
        denom: INIT_ON_YOMINET,
        base_denom: 'uinit',
        amount: '2500000',
        l2_sequence: String(refundSequence),
      }),
    ]);
    const proven = provenWithdrawal({
      sequence: refundSequence,
      bridgeId: 11,
      outputIndex: 12,
      from: YOMINET_USER,
      to: L1_USER,
      denom: 'uinit',
      amount: '2500000',
    });
    executor.withdrawals.set(String(refundSequence), proven);
    let s = await step(L1, hash);
    // The executor has the proof, but output 12 is not on L1 yet: nothing to sign.
    expect(s).toMatchObject({ state: 'STATE_PENDING_ERROR', next_step: { action: 'claim', chain_id: L1, tx: null } });
    net.chain(L1).include([ev('propose_output', { bridge_id: '11', output_index: '12', l2_block_number: '99999' })]);
    s = await step(L1, hash);
    expect(s.next_step).toMatchObject({ action: 'claim', tx: null });
    net.now += FINALIZATION_MS;
    s = await step(L1, hash);
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: L1, denom: 'uinit', amount: '2500000', released: false },
      next_step: {
        action: 'claim',
        chain_id: L1,
        tx: { chain_id: L1, to: '/opinit.ophost.v1.MsgFinalizeTokenWithdrawal' },
      },
    });
    expect(JSON.parse(s.next_step!.tx!.data)).toMatchObject({
      sender: L1_USER,
      bridge_id: '11',
      output_index: '12',
      sequence: String(refundSequence),
      amount: { denom: 'uinit', amount: '2500000' },
    });
  });
});
