/**
 * Solana through @solana/web3.js against a local JSON-RPC server answering Solana's RPC shapes (docs.solana.com/api:
 * getBalance, getTokenAccountsByOwner with jsonParsed, sendTransaction, getSignatureStatuses, getBlockTime):
 * balances of SOL and USDC, submit of a transaction signed with a web3.js keypair, and its status once confirmed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import bs58 from 'bs58';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { BalancesResponse } from '../wire/balances.js';
import { StatusResponse, TxRefResponse } from '../wire/tx.js';
import { expectError, okBody, post } from '../http/test-helpers/app.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { testTxService, tickSteps } from './test-helpers/service.js';
import { getTransactionResult } from './test-helpers/solana-transaction.js';
import type { TxService } from './service.js';

const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const owner = Keypair.generate();
const sent = new Map<string, 'processed' | 'confirmed'>();
const calls: string[] = [];
const signedTxs = new Map<string, Buffer>();

const rpc = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      id: number;
      method: string;
      params: unknown[];
    };
    calls.push(call.method);
    const ctx = { context: { apiVersion: '2.0.15', slot: 310_000_123 } };
    let result: unknown;
    switch (call.method) {
      case 'getBalance':
        result = { ...ctx, value: 1_500_000_000 };
        break;
      case 'getTokenAccountsByOwner': {
        const account = (amount: string) => ({
          pubkey: Keypair.generate().publicKey.toBase58(),
          account: {
            data: {
              parsed: {
                info: {
                  isNative: false,
                  mint: USDC_MINT,
                  owner: owner.publicKey.toBase58(),
                  state: 'initialized',
                  tokenAmount: {
                    amount,
                    decimals: 6,
                    uiAmount: Number(amount) / 1e6,
                    uiAmountString: String(Number(amount) / 1e6),
                  },
                },
                type: 'account',
              },
              program: 'spl-token',
              space: 165,
            },
            executable: false,
            lamports: 2_039_280,
            owner: TOKEN_PROGRAM,
            rentEpoch: 361,
            space: 165,
          },
        });
        // USDC accounts belong to the SPL Token program; Token-2022 holds none of this owner's tokens.
        const filter = call.params[1] as { programId?: string; mint?: string };
        const held = filter.programId === TOKEN_PROGRAM || filter.mint === USDC_MINT;
        result = { ...ctx, value: held ? [account('2500000'), account('500000')] : [] };
        break;
      }
      case 'sendTransaction': {
        const bytes = Buffer.from(call.params[0] as string, 'base64');
        const signature = bs58.encode(bytes.subarray(1, 65));
        sent.set(signature, 'processed');
        signedTxs.set(signature, bytes);
        result = signature;
        break;
      }
      case 'getSignatureStatuses': {
        const sig = (call.params[0] as string[])[0]!;
        const state = sent.get(sig);
        result = {
          ...ctx,
          value: [
            state
              ? {
                  slot: 310_000_100,
                  confirmations: state === 'processed' ? 0 : 10,
                  err: null,
                  confirmationStatus: state,
                  status: { Ok: null },
                }
              : null,
          ],
        };
        break;
      }
      case 'getBlockTime':
        result = 1_763_856_000;
        break;
      case 'getTransaction': {
        const bytes = signedTxs.get(call.params[0] as string);
        result = bytes ? getTransactionResult(bytes, { slot: 310_000_100, blockTime: 1_763_856_000 }) : null;
        break;
      }
      default:
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } }));
        return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
  });
});

let app: FastifyInstance;
let store: TestStore;
let tx: TxService;
beforeAll(async () => {
  await new Promise<void>((resolve) => rpc.listen(0, '127.0.0.1', resolve));
  const ctx = buildContext(loadConfig([], {}));
  store = await sqliteTestStore();
  tx = testTxService({
    store: store.store,
    registry: ctx.registry,
    rpc: `solana=http://127.0.0.1:${(rpc.address() as AddressInfo).port}`,
  });
  app = await buildApp(ctx, { tx });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rpc.close();
  await store.cleanup();
});

describe('Solana', () => {
  it("balances: SOL and an SPL token summed over the owner's token accounts", async () => {
    const res = await post(app, '/v2/info/balances', {
      chains: { solana: { address: owner.publicKey.toBase58(), denoms: ['solana-native', USDC_MINT] } },
    });
    const denoms = okBody<typeof BalancesResponse.static>(res, BalancesResponse).chains.solana!.denoms;
    expect(denoms['solana-native']).toMatchObject({
      amount: '1500000000',
      decimals: 9,
      formatted_amount: '1.5',
      error: null,
    });
    expect(denoms[USDC_MINT]).toMatchObject({ amount: '3000000', decimals: 6, formatted_amount: '3', error: null });
  });

  it('a balance request naming 1,000 mints makes three node calls: SOL and one per token program', async () => {
    const mints = Array.from({ length: 999 }, () => Keypair.generate().publicKey.toBase58());
    const before = calls.length;
    const res = await post(app, '/v2/info/balances', {
      chains: {
        solana: { address: owner.publicKey.toBase58(), denoms: ['solana-native', USDC_MINT, ...mints.slice(0, 998)] },
      },
    });
    const denoms = okBody<typeof BalancesResponse.static>(res, BalancesResponse).chains.solana!.denoms;
    expect(Object.keys(denoms)).toHaveLength(1000);
    expect(denoms[USDC_MINT]).toMatchObject({ amount: '3000000', decimals: 6, error: null });
    expect(denoms[mints[0]!]).toMatchObject({ amount: '0', error: null });
    expect(calls.slice(before).sort()).toEqual(['getBalance', 'getTokenAccountsByOwner', 'getTokenAccountsByOwner']);
  });

  it('a denom that is not a mint address gets its own error entry', async () => {
    const res = await post(app, '/v2/info/balances', {
      chains: { solana: { address: owner.publicKey.toBase58(), denoms: [USDC_MINT, 'not-a-mint'] } },
    });
    const denoms = okBody<typeof BalancesResponse.static>(res, BalancesResponse).chains.solana!.denoms;
    expect(denoms['not-a-mint']!.error).toEqual({ message: 'not an SPL mint address' });
    expect(denoms[USDC_MINT]!.amount).toBe('3000000');
  });

  it('submit of a signed transaction; the status completes once it is confirmed', async () => {
    const t = new Transaction({ feePayer: owner.publicKey, recentBlockhash: bs58.encode(Buffer.alloc(32, 7)) }).add(
      SystemProgram.transfer({ fromPubkey: owner.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000 }),
    );
    t.sign(owner);
    const ref = okBody<{ tx_hash: string; explorer_link: string }>(
      await post(app, '/v2/tx/submit', { chain_id: 'solana', tx: t.serialize().toString('base64') }),
      TxRefResponse,
    );
    expect(ref.tx_hash).toBe(bs58.encode(t.signature!));
    expect(ref.explorer_link).toBe(`https://solscan.io/tx/${ref.tx_hash}`);
    await tickSteps(tx);
    const status = async () =>
      okBody<{ state: string }>(
        await app.inject({ method: 'GET', url: `/v2/tx/status?chain_id=solana&tx_hash=${ref.tx_hash}` }),
        StatusResponse,
      );
    // Processed is not yet confirmed: still submitted.
    expect((await status()).state).toBe('STATE_SUBMITTED');
    sent.set(ref.tx_hash, 'confirmed');
    await tickSteps(tx);
    expect(await status()).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfers: [{ state: 'STATE_COMPLETED_SUCCESS' }],
    });
    expect(calls).toContain('sendTransaction');
    // Read to see what it did: a transfer of SOL starts no bridge transfer.
    expect(calls).toContain('getTransaction');
  });

  it('refuses what is not a signed Solana transaction', async () => {
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'solana', tx: Buffer.alloc(10).toString('base64') }),
      400,
      3,
      'not a signed Solana transaction',
    );
  });
});
