/**
 * A withdrawal past its finalization period gets its claim ready to sign: the tracker asks the rollup's executor
 * (OPINIT_EXECUTOR_URLS, a local server answering opinit-bots' shape) for the withdrawal proof and puts
 * MsgFinalizeTokenWithdrawal into `next_step.tx`. Without a proof yet the claim step has no transaction; the
 * transfer stays pending until the claim lands on L1. Chains and events as in track.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { expectSchema } from '../../http/test-helpers/app.js';
import { l2Denom } from '../../denom/l2.js';
import { buildRegistry } from '../../registry/build.js';
import { initiaRollupsFile } from '../../registry/rollups.js';
import { FakeCosmosNetwork, type AbciEvent } from '../../tx/test-helpers/cosmos-network.js';
import { testTxService, tickSteps } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { StatusResponse, type StatusResponse as Status } from '../../wire/tx.js';
import { FakeExecutor, provenWithdrawal, unprovenWithdrawal } from './test-helpers/executor.js';

const L1 = 'interwoven-1';
const RAVE = 'rave-1';
const INIT_ON_RAVE = l2Denom(17n, 'uinit');
const L1_USER = 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gpwzsgg';
const RAVE_USER = 'init1vx8knpllrj7n963p9ttd80w47kpacrhujqyedm';
const FINALIZATION_MS = initiaRollupsFile().withdrawal_seconds * 1000;

const registry = buildRegistry();
const net = new FakeCosmosNetwork();
const executor = new FakeExecutor();
let t: TestStore;
let tx: TxService;

beforeAll(async () => {
  net.chain(L1);
  net.chain(RAVE);
  await net.start();
  await executor.start();
  t = await sqliteTestStore();
  tx = testTxService({
    store: t.store,
    registry,
    ...net.settings(),
    now: () => net.now,
    opinitExecutorUrls: new Map([[RAVE, executor.url]]),
  });
});
afterAll(async () => {
  await net.stop();
  await executor.stop();
  await t?.cleanup();
});
beforeEach(() => {
  net.now += 1000;
});

const ev = (type: string, attrs: Record<string, string>): AbciEvent => ({
  type,
  attributes: [...Object.entries(attrs).map(([key, value]) => ({ key, value })), { key: 'msg_index', value: '0' }],
});

async function step(chainId: string, hash: string): Promise<Status> {
  net.now += 1000;
  await tickSteps(tx, () => net.now++);
  const body = JSON.parse((await tx.statusText(chainId, hash)).text) as Status;
  expectSchema(StatusResponse, body);
  return body;
}

describe('OPinit withdrawal claim', () => {
  it('once claimable, next_step carries MsgFinalizeTokenWithdrawal built from the executor proof', async () => {
    const sequence = 7001;
    const hash = net.chain(RAVE).include([
      ev('initiate_token_withdrawal', {
        from: RAVE_USER,
        to: L1_USER,
        denom: INIT_ON_RAVE,
        base_denom: 'uinit',
        amount: '4000000',
        l2_sequence: String(sequence),
      }),
    ]);
    const height = net.chain(RAVE).height;
    const proven = provenWithdrawal({
      sequence,
      bridgeId: 17,
      outputIndex: 3,
      from: RAVE_USER,
      to: L1_USER,
      denom: 'uinit',
      amount: '4000000',
    });
    executor.withdrawals.set(String(sequence), unprovenWithdrawal(proven));
    await tx.track(RAVE, hash, null);
    await step(RAVE, hash);
    net.chain(L1).include([
      ev('propose_output', {
        proposer: 'init1proposer',
        bridge_id: '17',
        output_index: '3',
        l2_block_number: String(height + 5),
        output_root: 'ab'.repeat(32),
      }),
    ]);
    let s = await step(RAVE, hash);
    expect(s.next_step).toMatchObject({ action: 'wait', tx: null });
    // Not claimable yet: the executor is not asked before the finalization period has passed.
    expect(executor.asked).not.toContain(String(sequence));

    net.now += FINALIZATION_MS;
    s = await step(RAVE, hash);
    expect(executor.asked).toContain(String(sequence));
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'claim', chain_id: L1, tx: null } });

    executor.withdrawals.set(String(sequence), proven);
    s = await step(RAVE, hash);
    expect(s.state).toBe('STATE_PENDING');
    expect(s.next_step).toMatchObject({
      action: 'claim',
      chain_id: L1,
      tx: { chain_id: L1, to: '/opinit.ophost.v1.MsgFinalizeTokenWithdrawal' },
    });
    expect(JSON.parse(s.next_step!.tx!.data)).toEqual({
      sender: L1_USER,
      bridge_id: '17',
      output_index: '3',
      withdrawal_proofs: proven.withdrawal_proofs,
      from: RAVE_USER,
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
        bridge_id: '17',
        output_index: '3',
        l2_sequence: String(sequence),
        from: RAVE_USER,
        to: L1_USER,
        l1_denom: 'uinit',
        l2_denom: INIT_ON_RAVE,
        amount: '4000000',
      }),
    ]);
    s = await step(RAVE, hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: L1, denom: 'uinit', amount: '4000000', released: true },
    });
  });

  it('an executor answering about another withdrawal gives no claim', async () => {
    const sequence = 7002;
    const hash = net.chain(RAVE).include([
      ev('initiate_token_withdrawal', {
        from: RAVE_USER,
        to: L1_USER,
        denom: INIT_ON_RAVE,
        base_denom: 'uinit',
        amount: '1',
        l2_sequence: String(sequence),
      }),
    ]);
    const height = net.chain(RAVE).height;
    executor.withdrawals.set(
      String(sequence),
      provenWithdrawal({
        sequence: 1,
        bridgeId: 17,
        outputIndex: 4,
        from: RAVE_USER,
        to: L1_USER,
        denom: 'uinit',
        amount: '1',
      }),
    );
    await tx.track(RAVE, hash, null);
    await step(RAVE, hash);
    net
      .chain(L1)
      .include([ev('propose_output', { bridge_id: '17', output_index: '4', l2_block_number: String(height + 1) })]);
    await step(RAVE, hash);
    net.now += FINALIZATION_MS;
    const s = await step(RAVE, hash);
    expect(executor.asked).toContain(String(sequence));
    expect(s.next_step).toMatchObject({ action: 'claim', tx: null });
  });

  it('a deposit the rollup refused: the recovery claim carries the refund withdrawal once its output is finalized', async () => {
    const l1Sequence = '8001';
    const refundSequence = 7003;
    const hash = net.chain(L1).include([
      ev('initiate_token_deposit', {
        bridge_id: '17',
        l1_sequence: l1Sequence,
        from: L1_USER,
        to: RAVE_USER,
        l1_denom: 'uinit',
        l2_denom: INIT_ON_RAVE,
        amount: '2500000',
      }),
    ]);
    await tx.track(L1, hash, null);
    await step(L1, hash);
    net.chain(RAVE).include([
      ev('finalize_token_deposit', {
        l1_sequence: l1Sequence,
        sender: L1_USER,
        recipient: RAVE_USER,
        denom: INIT_ON_RAVE,
        base_denom: 'uinit',
        amount: '2500000',
        finalize_height: '1',
        success: 'false',
        reason: 'deposit failed; recipient is a blocked address',
      }),
      ev('initiate_token_withdrawal', {
        from: RAVE_USER,
        to: L1_USER,
        denom: INIT_ON_RAVE,
        base_denom: 'uinit',
        amount: '2500000',
        l2_sequence: String(refundSequence),
      }),
    ]);
    const proven = provenWithdrawal({
      sequence: refundSequence,
      bridgeId: 17,
      outputIndex: 12,
      from: RAVE_USER,
      to: L1_USER,
      denom: 'uinit',
      amount: '2500000',
    });
    executor.withdrawals.set(String(refundSequence), proven);
    let s = await step(L1, hash);
    // The executor has the proof, but output 12 is not on L1 yet: nothing to sign.
    expect(s).toMatchObject({ state: 'STATE_PENDING_ERROR', next_step: { action: 'claim', chain_id: L1, tx: null } });
    net.chain(L1).include([ev('propose_output', { bridge_id: '17', output_index: '12', l2_block_number: '99999' })]);
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
      bridge_id: '17',
      output_index: '12',
      sequence: String(refundSequence),
      amount: { denom: 'uinit', amount: '2500000' },
    });
  });
});
