/**
 * The server the SDK's executeRoute tests drive: the app on a loopback port with access control (a generous anonymous
 * limit) and a transaction service whose worker follows transfers on the given nodes, polled fast so that a test waits
 * on conditions rather than on the production poll interval. The SDK's client options point at it.
 */
import type { AddressInfo } from 'node:net';
import { setClientOptions } from '@skip-go/client';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildContext, type AppContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';
import { sqliteTestStore, type TestStore } from '../src/auth/test-helpers/servers.js';
import { createAccess, type AccessService } from '../src/auth/access.js';
import { createKey } from '../src/auth/keys-command.js';
import { silentLog } from '../src/auth/log.js';
import { testTxService } from '../src/tx/test-helpers/service.js';
import type { TxService } from '../src/tx/service.js';

export interface TrackingServer {
  ctx: AppContext;
  /** Where the app listens (the SDK's client options are set to it, without a key). */
  apiUrl: string;
  /** The API key created when `keyName` was given. */
  apiKey?: string;
  stop: () => Promise<void>;
}

export interface TrackingServerOptions {
  /** CHAIN_RPC_URLS-style list (`chain_id=url,...`) of the test's nodes. */
  rpc: string;
  /** CHAIN_REST_URLS-style list of the test's nodes. */
  rest?: string;
  /** Circle's attestation service (a local stand-in), for CCTP routes. */
  attestationUrl?: string;
  /** Creates an API key of this name, before access control loads its keys (it reloads them only once a minute). */
  keyName?: string;
}

export async function startTrackingServer(o: TrackingServerOptions): Promise<TrackingServer> {
  const store: TestStore = await sqliteTestStore();
  const apiKey = o.keyName === undefined ? undefined : (await createKey(store.store, o.keyName)).key;
  const access: AccessService = await createAccess(
    store.store,
    {
      anonymous: { ratePerSecond: 100, burst: 100 },
      keyRefreshMs: 60_000,
      statsFlushMs: 60_000,
      redisKeyPrefix: 'unused:',
    },
    silentLog,
  );
  const ctx = buildContext(loadConfig([], {}));
  const tx: TxService = testTxService({
    store: store.store,
    registry: ctx.registry,
    rpc: o.rpc,
    ...(o.rest === undefined ? {} : { rest: o.rest }),
    ...(o.attestationUrl === undefined ? {} : { attestationUrl: o.attestationUrl }),
    runWorker: true,
    worker: { pollIntervalMs: 100, pollMaxIntervalMs: 300 },
  });
  const app: FastifyInstance = await buildApp(ctx, { access, tx });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await tx.start();
  const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  setClientOptions({ apiUrl });
  return {
    ctx,
    apiUrl,
    ...(apiKey === undefined ? {} : { apiKey }),
    stop: async () => {
      await tx.stop();
      await app.close();
      await access.close();
      await store.cleanup();
    },
  };
}
