/**
 * The CCTP V2 burn from Solana: TokenMessengerMinterV2 `deposit_for_burn` (and `deposit_for_burn_with_hook` when
 * Circle forwards the mint) in a legacy transaction that deserializes with @solana/web3.js, with the program ids,
 * account order and PDAs of Circle's V2 program (derived here independently; the account list and discriminators are
 * those of circlefin/solana-cctp-contracts examples/target/idl/token_messenger_minter_v2.json), the Borsh parameters
 * decoded field by field, the blockhash of the configured endpoint (a local server answering getLatestBlockhash) and a
 * valid signature of the fresh event-data keypair.
 */
import { PublicKey, Transaction } from '@solana/web3.js';
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
} from '../cctp/test-helpers/solana-rpc.js';

const TMM_V2 = new PublicKey('CCTPV2vPZJS2u2BBsUoscuikbYjnpFmbFsvVuJdgUMQe');
const MT_V2 = new PublicKey('CCTPV2Sm4AdWt5296sk4P66VBZ7bEhcARwFaaS9YPbeC');
/** From the V2 IDL: deposit_for_burn and deposit_for_burn_with_hook. */
const DISCRIMINATOR = [215, 60, 61, 46, 114, 55, 128, 176];
const DISCRIMINATOR_WITH_HOOK = [111, 245, 62, 131, 204, 108, 223, 155];
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

let rpc: BlockhashRpc;
let app: TestApp;
beforeAll(async () => {
  rpc = await startBlockhashRpc();
  app = await buildTestApp({ CHAIN_RPC_URLS: `solana=${rpc.url}`, UPSTREAM_TIMEOUT_MS: '30000' });
});
afterAll(async () => {
  await app.app.close();
  await rpc.close();
});

describe('CCTP V2 from Solana to Base', () => {
  it.each([
    ['smart_relay: forwarded Fast Transfer (go_fast), deposit_for_burn_with_hook', { go_fast: true }, 1000, true],
    ['smart_relay false: standard transfer, deposit_for_burn', { smart_relay: false }, 2000, false],
  ] as const)('%s', async (_name, options, finality, hook) => {
    const amount = 250_000_000n;
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'solana',
      source_asset_denom: USDC.toBase58(),
      dest_asset_chain_id: '8453',
      dest_asset_denom: USDC_BASE,
      amount_in: amount.toString(),
      bridges: ['CCTP_V2'],
      ...options,
      chain_ids_to_addresses: { solana: OWNER, '8453': EVM_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const record = route.operations[0].cctp_transfer_v2;
    expect(record).toMatchObject({ finality_threshold: finality, smart_relay: hook, destination_domain: 6 });
    const tx = Transaction.from(Buffer.from(txs[0].svm_tx.tx, 'base64'));
    expect(tx.recentBlockhash).toBe(BLOCKHASH);
    const ix = tx.instructions[0]!;
    expect(ix.programId.equals(TMM_V2)).toBe(true);

    const owner = new PublicKey(OWNER);
    const eventData = ix.keys[11]!.pubkey;
    const expected: [PublicKey, boolean, boolean][] = [
      [owner, true, true],
      [owner, true, true], // event_rent_payer
      [pda(TMM_V2, 'sender_authority'), false, false],
      [ownerUsdcAccount(owner), false, true],
      [pda(TMM_V2, 'denylist_account', owner.toBuffer()), false, false],
      [pda(MT_V2, 'message_transmitter'), false, true],
      [pda(TMM_V2, 'token_messenger'), false, false],
      [pda(TMM_V2, 'remote_token_messenger', '6'), false, false], // Base is V2 domain 6
      [pda(TMM_V2, 'token_minter'), false, false],
      [pda(TMM_V2, 'local_token', USDC.toBuffer()), false, true],
      [USDC, false, true],
      [eventData, true, true],
      [MT_V2, false, false],
      [TMM_V2, false, false],
      [TOKEN_PROGRAM, false, false],
      [SYSTEM_PROGRAM, false, false],
      [pda(TMM_V2, '__event_authority'), false, false],
      [TMM_V2, false, false],
    ];
    expect(ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable])).toEqual(
      expected.map(([k, s, w]) => [k.toBase58(), s, w]),
    );

    // Borsh: u64 amount, u32 domain, recipient, caller, u64 maxFee, u32 minFinalityThreshold [, bytes hook].
    const data = ix.data;
    expect([...data.subarray(0, 8)]).toEqual(hook ? DISCRIMINATOR_WITH_HOOK : DISCRIMINATOR);
    expect(data.readBigUInt64LE(8)).toBe(amount);
    expect(data.readUInt32LE(16)).toBe(6);
    expect(data.subarray(20, 52).toString('hex')).toBe(`${'0'.repeat(24)}${EVM_USER.slice(2).toLowerCase()}`);
    expect(data.subarray(52, 84).equals(Buffer.alloc(32))).toBe(true);
    expect(data.readBigUInt64LE(84)).toBe(BigInt(record.max_fee));
    expect(data.readUInt32LE(92)).toBe(finality);
    if (hook) {
      expect(data.readUInt32LE(96)).toBe(32);
      expect(data.subarray(100, 112).toString()).toBe('cctp-forward');
      expect(data.length).toBe(132);
    } else expect(data.length).toBe(96);

    // Signed by the event-data keypair, the owner's signature left to the wallet.
    const sigs = new Map(tx.signatures.map((s) => [s.publicKey.toBase58(), s.signature]));
    expect(sigs.get(OWNER)).toBeNull();
    expect(sigs.get(eventData.toBase58())).toBeInstanceOf(Buffer);
    expect(tx.verifySignatures(false)).toBe(true);
  });
});
