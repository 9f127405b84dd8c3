/**
 * /v2/tx/* at the HTTP layer: the wire errors (captured fixture for an unsupported chain), hash spellings, and the
 * status schema checked against Skip's captured status answers.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config.js';
import { buildContext } from '../../context.js';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import { buildApp } from '../app.js';
import { StatusResponse, TxRefResponse } from '../../wire/tx.js';
import { expectError, expectSchema, okBody, post } from '../test-helpers/app.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../test/fixtures/skip-go-api/${name}`, import.meta.url), 'utf8'));

let app: FastifyInstance;
let store: TestStore;
beforeAll(async () => {
  const ctx = buildContext(loadConfig([], {}));
  store = await sqliteTestStore();
  app = await buildApp(ctx, { tx: testTxService({ store: store.store, registry: ctx.registry }) });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await store.cleanup();
});

describe('POST /v2/tx/track', () => {
  it('answers the captured error for an unsupported chain', async () => {
    const f = fixture('tx_track-error-unsupported-chain.json');
    const res = await post(app, '/v2/tx/track', f.request);
    expect(res.statusCode).toBe(f.response.status);
    expect(res.json()).toEqual(f.response.body);
  });

  it("starts tracking; the hash is normalised per chain type and the explorer link is the chain's", async () => {
    const hash = '7b90d124c9f934e43e7080bb4997854a4c0a0af4f09a8779a88d0cbda335d35a';
    const ref = okBody<{ tx_hash: string; explorer_link: string }>(
      await post(app, '/v2/tx/track', { chain_id: 'dydx-mainnet-1', tx_hash: hash }),
      TxRefResponse,
    );
    // The explorer link form of Skip's captured status for this very transaction.
    expect(ref).toEqual({
      tx_hash: hash.toUpperCase(),
      explorer_link: `https://www.mintscan.io/dydx/txs/${hash.toUpperCase()}`,
    });
    const evm = okBody<{ tx_hash: string; explorer_link: string }>(
      await post(app, '/v2/tx/track', {
        chain_id: '1',
        tx_hash: '0x092C0BFF67A71D483A3FCC5C0B390E4AA71E5C1CB9CFC1885989734A5975210D',
      }),
      TxRefResponse,
    );
    expect(evm).toEqual({
      tx_hash: '0x092c0bff67a71d483a3fcc5c0b390e4aa71e5c1cb9cfc1885989734a5975210d',
      explorer_link: 'https://etherscan.io/tx/0x092c0bff67a71d483a3fcc5c0b390e4aa71e5c1cb9cfc1885989734a5975210d',
    });
  });

  it('/metrics reports the tracking queue: transactions not terminal, and those due for a look', async () => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const inFlight = Number(/^junction_tx_tracking_in_flight (\d+)$/m.exec(text)?.[1]);
    expect(inFlight).toBeGreaterThanOrEqual(2);
    expect(Number(/^junction_tx_tracking_due (\d+)$/m.exec(text)?.[1])).toBeLessThanOrEqual(inFlight);
  });

  it('refuses malformed hashes and missing fields with code 3 naming the field', async () => {
    expectError(
      await post(app, '/v2/tx/track', { chain_id: '1', tx_hash: 'ABCD' }),
      400,
      3,
      'invalid tx_hash: a evm transaction hash is 0x followed by 64 hexadecimal digits',
    );
    expectError(
      await post(app, '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: 'zz'.repeat(32) }),
      400,
      3,
      'invalid tx_hash',
    );
    expectError(await post(app, '/v2/tx/track', { chain_id: 'solana', tx_hash: '0xabc' }), 400, 3, 'base58');
    expectError(await post(app, '/v2/tx/track', { chain_id: 'osmosis-1' }), 400, 3, 'tx_hash');
  });
});

describe('GET /v2/tx/status', () => {
  it('answers STATE_SUBMITTED for a tracked transaction, in the captured submitted shape', async () => {
    const hash = 'AA'.repeat(32);
    await post(app, '/v2/tx/track', { chain_id: 'osmosis-1', tx_hash: hash });
    const res = await app.inject({
      method: 'GET',
      url: `/v2/tx/status?chain_id=osmosis-1&tx_hash=${hash.toLowerCase()}`,
    });
    const { next_step, transfers, ...body } = okBody<{ next_step: unknown; transfers: { next_step: unknown }[] }>(
      res,
      StatusResponse,
    );
    // Junction's extension (docs/transactions.md), on the answer and on each transfer; the rest is Skip's shape.
    expect(next_step).toMatchObject({ action: 'wait' });
    expect(transfers[0]!.next_step).toMatchObject({ action: 'wait' });
    const plain = { ...body, transfers: transfers.map(({ next_step: _, ...t }) => t) };
    expect(plain).toEqual(fixture('tx_status-progression-dydx-to-bsc.json').responses[0].body);
  });

  it('404 / code 5 for a transaction never submitted or tracked; 404 for an unknown chain', async () => {
    expectError(
      await app.inject({ method: 'GET', url: `/v2/tx/status?chain_id=osmosis-1&tx_hash=${'BB'.repeat(32)}` }),
      404,
      5,
      'tx not found',
    );
    expectError(
      await app.inject({ method: 'GET', url: `/v2/tx/status?chain_id=nope-1&tx_hash=${'BB'.repeat(32)}` }),
      404,
      5,
      'chain id not supported',
    );
    expectError(await app.inject({ method: 'GET', url: '/v2/tx/status?chain_id=osmosis-1' }), 400, 3, 'tx_hash');
  });

  it('the response schema accepts every captured status answer (IBC, Axelar-free parts, CCTP)', () => {
    for (const body of fixture('tx_status-progression-ethereum-to-noble-cctp.json').responses.map(
      (r: { body: unknown }) => r.body,
    ))
      expectSchema(StatusResponse, body);
    const dydx = fixture('tx_status-progression-dydx-to-bsc.json').responses.map(
      (r: { body: { transfer_sequence: { ibc_transfer?: unknown }[] } }) => r.body,
    );
    // Junction emits the kinds of the bridges it tracks; the IBC events of the captures fit its schema as they are.
    for (const e of dydx
      .flatMap((b: { transfer_sequence: { ibc_transfer?: unknown }[] }) => b.transfer_sequence)
      .filter((e: { ibc_transfer?: unknown }) => e.ibc_transfer)) {
      expectSchema(StatusResponse.properties.transfer_sequence.items, e);
    }
  });
});

describe('POST /v2/tx/submit', () => {
  it('refuses a body that is not base64 and unsupported chains', async () => {
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'osmosis-1', tx: '%%%' }),
      400,
      3,
      'tx must be base64 encoded',
    );
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'osmosis-1', tx: '' }),
      400,
      3,
      'tx must be base64 encoded',
    );
    // A careless integrator's EVM transaction as the wallet gives it: named as hex, not only as "not base64".
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'osmosis-1', tx: '0x02f86c0180843b9aca00' }),
      400,
      3,
      'tx must be base64 encoded: this is 0x-hex; send base64 of the signed transaction bytes',
    );
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'unsupported-chain-1', tx: 'AAAA' }),
      404,
      5,
      'chain id not supported',
    );
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'solana', tx: 'AAAA' }),
      400,
      3,
      'not a signed Solana transaction',
    );
  });
});
