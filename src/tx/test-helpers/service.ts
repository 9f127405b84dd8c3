/** A TxService over a test store and local chain endpoints, with the test's clock and a worker driven by hand. */
import { silentLog } from '../../auth/log.js';
import type { Registry } from '../../registry/registry.js';
import type { Store } from '../../store/db.js';
import { ChainEndpointTable } from '../endpoints.js';
import { TxService } from '../service.js';
import type { WebhookSettings } from '../webhooks.js';
import type { TxLog, WorkerSettings } from '../worker.js';

const FAST_WORKER: WorkerSettings = {
  pollIntervalMs: 1,
  pollMaxIntervalMs: 1,
  notFoundAbandonMs: 300_000,
  stallAbandonMs: 1_800_000,
  concurrency: 32,
  leaseMs: 60_000,
  idleTickMs: 20,
};

export function testTxService(o: {
  store: Store;
  registry: Registry;
  rpc?: string;
  rest?: string;
  now?: () => number;
  worker?: Partial<WorkerSettings>;
  webhooks?: WebhookSettings;
  attestationUrl?: string;
  axelarGmpUrl?: string;
  opinitExecutorUrls?: ReadonlyMap<string, string>;
  nobleForwardingSignerKey?: string;
  runWorker?: boolean;
  trackWaitMs?: number;
  log?: TxLog;
}): TxService {
  return new TxService({
    store: o.store,
    registry: o.registry,
    log: o.log ?? silentLog,
    endpoints: ChainEndpointTable.fromSettings(o.registry, o.rpc, o.rest),
    worker: { ...FAST_WORKER, ...o.worker },
    runWorker: o.runWorker ?? false,
    // Generous: the chains here are local servers, and a step that times out on a loaded machine only delays a test.
    timeoutMs: 10_000,
    attestationUrl: o.attestationUrl,
    axelarGmpUrl: o.axelarGmpUrl,
    ...(o.opinitExecutorUrls ? { opinitExecutorUrls: o.opinitExecutorUrls } : {}),
    nobleForwardingSignerKey: o.nobleForwardingSignerKey,
    ...(o.webhooks ? { webhooks: o.webhooks } : {}),
    ...(o.now ? { now: o.now } : {}),
    ...(o.trackWaitMs !== undefined ? { trackWaitMs: o.trackWaitMs } : {}),
  });
}
