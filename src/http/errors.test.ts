/**
 * A database that cannot be reached is the service's temporary problem: 503 code 14 ("retry shortly"), not 500. The
 * errors here are the drivers' own: pg connecting to a port nobody listens on, and the embedded store once closed.
 */
import Fastify from 'fastify';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { registerErrorHandling } from './errors.js';
import { buildTestApp, expectError, post } from './test-helpers/app.js';
import { sqliteTestStore } from '../auth/test-helpers/servers.js';

async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

it('a database that is down or closed answers 503 code 14; a bug stays a 500', async () => {
  const port = await closedPort();
  const store = await sqliteTestStore();
  await store.store.close();
  const app = Fastify();
  registerErrorHandling(app);
  app.get('/pg', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x', connectionTimeoutMillis: 2_000 });
    await client.connect();
    return 'unreachable';
  });
  app.get('/sqlite', async () => (await sql`select 1`.execute(store.store.db)).rows);
  app.get('/bug', async () => {
    throw new TypeError('x is not a function');
  });
  for (const url of ['/pg', '/sqlite'])
    expectError(await app.inject({ url }), 503, 14, 'the database is unreachable; retry shortly');
  expectError(await app.inject({ url: '/bug' }), 500, 2, 'internal server error');
  await app.close();
  await store.cleanup();
});

it("a required field sent in camelCase (the SDK's TypeScript names in raw JSON) is named with a snake_case hint", async () => {
  const { app } = await buildTestApp();
  expectError(
    await post(app, '/v2/fungible/route', {
      sourceAssetDenom: 'uatom',
      sourceAssetChainId: 'cosmoshub-4',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '1000000',
    }),
    400,
    3,
    'missing required field source_asset_denom (sourceAssetDenom was given: the wire uses snake_case names)',
  );
  expectError(
    await post(app, '/v2/fungible/ibc_origin_assets', { assets: [{ denom: 'uatom', chainId: 'cosmoshub-4' }] }),
    400,
    3,
    'missing required field assets[0].chain_id (chainId was given: the wire uses snake_case names)',
  );
  expectError(
    await app.inject({ url: '/v2/fungible/assets_between_chains?sourceChainId=cosmoshub-4&dest_chain_id=osmosis-1' }),
    400,
    3,
    'missing required query parameter source_chain_id (sourceChainId was given: the wire uses snake_case names)',
  );
  // Without a camelCase spelling, the message is as before.
  const plain = await post(app, '/v2/fungible/route', { amount_in: '1' });
  expectError(plain, 400, 3, 'missing required field source_asset_denom');
  expect(plain.json().message).not.toContain('snake_case');
  await app.close();
});
