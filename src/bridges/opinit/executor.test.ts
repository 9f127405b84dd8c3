/**
 * The executor client against a local server answering opinit-bots' QueryWithdrawalResponse shape
 * (test-helpers/executor.ts), and the claim it yields decoded with the OPinit proto definition of
 * MsgFinalizeTokenWithdrawal (initia-labs/OPinit proto/opinit/ophost/v1/tx.proto: field numbers 1 to 11).
 */
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithdrawalProof, parseWithdrawalProof } from './executor.js';
import { finalizeWithdrawalTx } from './messages.js';
import { FakeExecutor, provenWithdrawal, unprovenWithdrawal } from './test-helpers/executor.js';

const PROTO = `
syntax = "proto3";
package opinit;
message Coin { string denom = 1; string amount = 2; }
message MsgFinalizeTokenWithdrawal {
  string sender = 1; uint64 bridge_id = 2; uint64 output_index = 3; repeated bytes withdrawal_proofs = 4;
  string from = 5; string to = 6; uint64 sequence = 7; Coin amount = 8;
  bytes version = 9; bytes storage_root = 10; bytes last_block_hash = 11;
}
`;
const Finalize = protobuf.parse(PROTO, { keepCase: true }).root.lookupType('opinit.MsgFinalizeTokenWithdrawal');

const FROM = 'init1vx8knpllrj7n963p9ttd80w47kpacrhujqyedm';
const TO = 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gpwzsgg';
const proven = provenWithdrawal({
  sequence: 42,
  bridgeId: 17,
  outputIndex: 9,
  from: FROM,
  to: TO,
  denom: 'uinit',
  amount: '4000000',
});

const executor = new FakeExecutor();
beforeAll(() => executor.start());
afterAll(() => executor.stop());

/** The wire JSON encoded as a wallet would (bytes from base64) and the protobuf bytes, for reading back. */
function encode(json: string): Uint8Array {
  return Finalize.encode(Finalize.fromObject(JSON.parse(json))).finish();
}

describe('OPinit executor withdrawal proof', () => {
  it('reads a proven withdrawal: uint64 numbers as decimal strings, bytes kept base64', async () => {
    executor.withdrawals.set('42', proven);
    const proof = await fetchWithdrawalProof(executor.url, '42');
    expect(executor.asked).toContain('42');
    expect(proof).toEqual({
      bridge_id: '17',
      output_index: '9',
      withdrawal_proofs: proven.withdrawal_proofs,
      from: FROM,
      to: TO,
      sequence: '42',
      amount: { denom: 'uinit', amount: '4000000' },
      version: 'AQ==',
      storage_root: proven.storage_root,
      last_block_hash: proven.last_block_hash,
    });
  });

  it('has no proof before the tree is finalized, for an unknown sequence, or from a malformed answer', async () => {
    executor.withdrawals.set('43', unprovenWithdrawal({ ...proven, sequence: 43 }));
    expect(await fetchWithdrawalProof(executor.url, '43')).toBeNull();
    expect(await fetchWithdrawalProof(executor.url, '44')).toBeNull();
    expect(await fetchWithdrawalProof('http://127.0.0.1:1', '42')).toBeNull();
    expect(parseWithdrawalProof({ ...proven, storage_root: 'not base64!' })).toBeNull();
    expect(parseWithdrawalProof({ ...proven, bridge_id: -1 })).toBeNull();
    expect(parseWithdrawalProof([])).toBeNull();
    // A tree of one withdrawal has no sibling hashes: still a complete proof.
    expect(parseWithdrawalProof({ ...proven, withdrawal_proofs: [] })?.withdrawal_proofs).toEqual([]);
  });

  it('the claim is MsgFinalizeTokenWithdrawal on L1 that decodes field by field to the executor proof', () => {
    const tx = finalizeWithdrawalTx('interwoven-1', parseWithdrawalProof(proven)!);
    expect(tx).toMatchObject({ chain_id: 'interwoven-1', to: '/opinit.ophost.v1.MsgFinalizeTokenWithdrawal' });
    const bytes = encode(tx.data);
    const decoded = Finalize.toObject(Finalize.decode(bytes), { longs: String, bytes: String });
    expect(decoded).toEqual({
      sender: TO,
      bridge_id: '17',
      output_index: '9',
      withdrawal_proofs: proven.withdrawal_proofs,
      from: FROM,
      to: TO,
      sequence: '42',
      amount: { denom: 'uinit', amount: '4000000' },
      version: 'AQ==',
      storage_root: proven.storage_root,
      last_block_hash: proven.last_block_hash,
    });
    // Field numbers on the wire, in order: every one of 1..11, the proofs repeated (two of field 4).
    const reader = protobuf.Reader.create(bytes);
    const fields: number[] = [];
    while (reader.pos < reader.len) {
      const tag = reader.uint32();
      fields.push(tag >>> 3);
      reader.skipType(tag & 7);
    }
    expect(fields).toEqual([1, 2, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11]);
  });
});
