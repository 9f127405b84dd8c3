/**
 * The default anonymous limit lets one interactive user work: a page load of a dApp built on the official SDK makes
 * about 25 calls (chains, assets, venues, bridges, asset lookups, a quote per keystroke), and a user reloading the
 * page at once makes them again. Both pass; a client hammering the API is still refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  assets,
  assetsBetweenChains,
  assetsFromSource,
  bridges,
  chains,
  ibcOriginAssets,
  recommendAssets,
  route,
  setApiOptions,
  venues,
} from '@skip-go/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { openStore } from '../store/db.js';
import { accessSettings, createAccess, type AccessService } from './access.js';
import { silentLog } from './log.js';

const dir = mkdtempSync(path.join(tmpdir(), 'junction-anon-'));
let app: FastifyInstance;
let access: AccessService;
let base = '';
beforeAll(async () => {
  // The limiter's clock stands still (it takes Date.now when it is made): the page loads get no refill however long
  // they take, and the flood is refused however slowly a loaded machine serves it (at the real clock, requests
  // slower than the refill rate would never be refused).
  vi.useFakeTimers({ toFake: ['Date'] });
  const config = loadConfig([], {});
  access = await createAccess(await openStore({ dataDir: dir }), accessSettings(config), silentLog, {
    ownsStore: true,
  });
  app = await buildApp(buildContext(config), { access });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  setApiOptions({ apiUrl: base });
});
afterAll(async () => {
  await app.close();
  await access.close();
  rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
});

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

/** What a swap widget asks for when it opens and the user types an amount: 25 calls. */
async function pageLoad(): Promise<number> {
  let calls = 0;
  const count = async <T>(p: Promise<T>) => {
    calls++;
    return p;
  };
  await Promise.all([
    count(chains({ includeEvm: true, includeSvm: true })),
    count(assets({ includeEvmAssets: true, includeSvmAssets: true })),
    count(venues()),
    count(bridges()),
  ]);
  await count(
    recommendAssets({
      requests: [{ sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4', destChainId: 'osmosis-1' }],
    }),
  );
  await count(ibcOriginAssets({ assets: [{ denom: ATOM_ON_OSMOSIS, chainId: 'osmosis-1' }] }));
  await count(assetsFromSource({ sourceAssetDenom: 'uatom', sourceAssetChainId: 'cosmoshub-4' }));
  await count(assetsBetweenChains({ sourceChainId: 'cosmoshub-4', destChainId: 'osmosis-1' }));
  // A quote per keystroke: "1", "10", "100", ... and back.
  for (let i = 0; i < 17; i++) {
    await count(
      route({
        sourceAssetDenom: 'uatom',
        sourceAssetChainId: 'cosmoshub-4',
        destAssetDenom: 'uosmo',
        destAssetChainId: 'osmosis-1',
        amountIn: String(10 ** (4 + (i % 6))),
        allowUnsafe: true,
      }),
    );
  }
  return calls;
}

describe('the default anonymous limit', () => {
  it('serves two SDK page loads in a row, and still refuses a flood', async () => {
    expect(await pageLoad()).toBe(25);
    expect(await pageLoad()).toBe(25);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await fetch(`${base}/v2/info/bridges`)).status);
    expect(statuses).toContain(429);
  });
});
