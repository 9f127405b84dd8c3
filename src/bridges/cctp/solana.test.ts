/**
 * The burn on Solana: Circle's TokenMessengerMinter `deposit_for_burn` in a legacy transaction that deserializes with
 * @solana/web3.js, with the program ids, account order and PDAs of Circle's program (derived here independently,
 * seeds from circlefin/solana-cctp-contracts examples/utils.ts; discriminator from its IDL), the recent blockhash of
 * the configured Solana JSON-RPC endpoint (a local server answering `getLatestBlockhash` in the real response shape,
 * solana.com/docs/rpc/http/getlatestblockhash), a valid signature of the fresh event-data keypair and a missing
 * (to be added by the wallet) signature of the owner.
 */
import { PublicKey, Transaction } from '@solana/web3.js';
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import {
  BLOCKHASH,
  ownerUsdcAccount,
  pda,
  startBlockhashRpc,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAM,
  USDC,
  type BlockhashRpc,
} from './test-helpers/solana-rpc.js';

const TMM = new PublicKey('CCTPiPYPc6AsJuwueEnWgSgucamXDZwBd53dQ11YiKX3');
const MT = new PublicKey('CCTPmbSD7gX1bxKPAmg77w8oFzNFpaQiQUWD43TKaecd');
/** deposit_for_burn's discriminator as Circle's IDL lists it (examples/target/idl/token_messenger_minter_031.json). */
const DISCRIMINATOR = [215, 60, 61, 46, 114, 55, 128, 176];

const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const PAYER = 'HN7cABqLq46Es1jh92dQQisAq662SmxELLLsHHe4YWrH';
const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';

let rpc: BlockhashRpc;
let withRpc: TestApp;
let withoutRpc: TestApp;

beforeAll(async () => {
  rpc = await startBlockhashRpc();
  withRpc = await buildTestApp({ CHAIN_RPC_URLS: `solana=${rpc.url}`, UPSTREAM_TIMEOUT_MS: '30000' });
  withoutRpc = await buildTestApp();
});
afterAll(async () => {
  await withRpc.app.close();
  await withoutRpc.app.close();
  await rpc.close();
});

function burn(app: TestApp, extra: Record<string, unknown> = {}, amount = '250000000') {
  return post(app.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: 'solana',
    source_asset_denom: USDC.toBase58(),
    dest_asset_chain_id: 'noble-1',
    dest_asset_denom: 'uusdc',
    amount_in: amount,
    chain_ids_to_addresses: { solana: OWNER, 'noble-1': NOBLE_USER },
    ...extra,
  });
}

describe('CCTP from Solana: deposit_for_burn', () => {
  it("builds a partially signed legacy transaction with Circle's accounts, PDAs and instruction data", async () => {
    rpc.calls.length = 0;
    const res = await burn(withRpc);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(rpc.calls).toEqual(['getLatestBlockhash']);
    expect(body.txs).toHaveLength(1);
    const svm = body.txs[0].svm_tx;
    expect(svm).toMatchObject({ chain_id: 'solana', signer_address: OWNER });
    expect(body.msgs).toEqual([{ svm_tx: svm }]);

    const tx = Transaction.from(Buffer.from(svm.tx, 'base64'));
    expect(tx.recentBlockhash).toBe(BLOCKHASH);
    expect(tx.feePayer?.toBase58()).toBe(OWNER);
    expect(tx.instructions).toHaveLength(1);
    const ix = tx.instructions[0]!;
    expect(ix.programId.equals(TMM)).toBe(true);

    const owner = new PublicKey(OWNER);
    const ownerUsdc = ownerUsdcAccount(owner);
    const eventData = ix.keys[10]!.pubkey;
    const expected: [PublicKey, boolean, boolean][] = [
      [owner, true, true], // owner (also the fee payer here, so writable)
      [owner, true, true], // event_rent_payer
      [pda(TMM, 'sender_authority'), false, false],
      [ownerUsdc, false, true],
      [pda(MT, 'message_transmitter'), false, true],
      [pda(TMM, 'token_messenger'), false, false],
      [pda(TMM, 'remote_token_messenger', '4'), false, false], // Noble is domain 4, seeded as the string "4"
      [pda(TMM, 'token_minter'), false, false],
      [pda(TMM, 'local_token', USDC.toBuffer()), false, true],
      [USDC, false, true],
      [eventData, true, true],
      [MT, false, false],
      [TMM, false, false],
      [TOKEN_PROGRAM, false, false],
      [SYSTEM_PROGRAM, false, false],
      [pda(TMM, '__event_authority'), false, false],
      [TMM, false, false],
    ];
    expect(ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual(
      expected.map(([k, s, w]) => [k.toBase58(), s, w]),
    );

    const data = Buffer.from(ix.data);
    expect([...data.subarray(0, 8)]).toEqual(DISCRIMINATOR);
    expect(data.readBigUInt64LE(8)).toBe(250_000_000n);
    expect(data.readUInt32LE(16)).toBe(4);
    const nobleBytes = Buffer.from(bech32.fromWords(bech32.decode(NOBLE_USER).words));
    expect(data.subarray(20, 52)).toEqual(Buffer.concat([Buffer.alloc(12), nobleBytes]));
    expect(data.length).toBe(52);

    // The event-data keypair has signed; the owner's signature is left for the wallet.
    const sigs = new Map(tx.signatures.map((s) => [s.publicKey.toBase58(), s.signature]));
    expect(sigs.get(OWNER)).toBeNull();
    expect(sigs.get(eventData.toBase58())).toBeInstanceOf(Buffer);
    expect(tx.verifySignatures(false)).toBe(true);
    expect(eventData.equals(owner)).toBe(false);
  });

  it('a new event keypair for every transaction', async () => {
    const keyOf = async () =>
      Transaction.from(
        Buffer.from((await burn(withRpc)).json().txs[0].svm_tx.tx, 'base64'),
      ).instructions[0]!.keys[10]!.pubkey.toBase58();
    expect(await keyOf()).not.toBe(await keyOf());
  });

  it('fee_payer_address pays the fee and the event account rent', async () => {
    const res = await burn(withRpc, { fee_payer_address: PAYER });
    expect(res.statusCode, res.body).toBe(200);
    const tx = Transaction.from(Buffer.from(res.json().txs[0].svm_tx.tx, 'base64'));
    expect(tx.feePayer?.toBase58()).toBe(PAYER);
    const keys = tx.instructions[0]!.keys;
    expect([keys[0]!.pubkey.toBase58(), keys[0]!.isWritable]).toEqual([OWNER, false]);
    expect([keys[1]!.pubkey.toBase58(), keys[1]!.isSigner, keys[1]!.isWritable]).toEqual([PAYER, true, true]);
    const sigs = new Map(tx.signatures.map((s) => [s.publicKey.toBase58(), s.signature]));
    expect(sigs.get(PAYER)).toBeNull();
    expect(sigs.get(OWNER)).toBeNull();
  });

  it('refuses a fee payer that is not a Solana address', async () => {
    const res = await burn(withRpc, { fee_payer_address: '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/fee_payer_address/);
  });

  it('without a Solana RPC endpoint: a clear error naming the setting, never a made-up blockhash', async () => {
    const res = await burn(withoutRpc);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 9, details: [] });
    expect(res.json().message).toMatch(/CHAIN_RPC_URLS=solana=/);
  });

  it('an endpoint that fails: 503, code 14', async () => {
    rpc.failing = true;
    try {
      await new Promise((r) => setTimeout(r, 2100)); // past the few seconds a blockhash is shared
      const res = await burn(withRpc);
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe(14);
    } finally {
      rpc.failing = false;
    }
  });

  it('amounts beyond u64 are refused for Solana lanes', async () => {
    const res = await burn(withRpc, {}, (2n ** 64n).toString());
    expect(res.statusCode).toBe(404);
    expect(res.json().details[0].metadata.explanation).toMatch(/u64/);
  });
});
