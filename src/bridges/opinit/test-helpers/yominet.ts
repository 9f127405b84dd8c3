/**
 * What the OPinit tracking tests share: Initia L1 (interwoven-1) and the Yominet rollup (yominet-1, bridge 11) on a local
 * network answering the CometBFT RPC shapes, a user on each, and a transaction service over both chains on the
 * network's clock whose worker the test ticks.
 */
import { sqliteTestStore } from '../../../auth/test-helpers/servers.js';
import { l2Denom } from '../../../denom/l2.js';
import { buildRegistry } from '../../../registry/build.js';
import { initiaRollupsFile } from '../../../registry/rollups.js';
import type { TxService } from '../../../tx/service.js';
import { FakeCosmosNetwork, type AbciEvent } from '../../../tx/test-helpers/cosmos-network.js';
import { testTxService } from '../../../tx/test-helpers/service.js';
import { tickedStatus } from '../../../tx/test-helpers/status.js';
import type { StatusResponse } from '../../../wire/tx.js';

export const L1 = 'interwoven-1';
export const YOMINET = 'yominet-1';
export const INIT_ON_YOMINET = l2Denom(11n, 'uinit');
export const L1_USER = 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gpwzsgg';
export const YOMINET_USER = 'init1vx8knpllrj7n963p9ttd80w47kpacrhujqyedm';
export const FINALIZATION_MS = initiaRollupsFile().withdrawal_seconds * 1000;

/** An event of the transaction's first message (msg_index 0), as the chains' modules emit it. */
export const ev = (type: string, attrs: Record<string, string>): AbciEvent => ({
  type,
  attributes: [...Object.entries(attrs).map(([key, value]) => ({ key, value })), { key: 'msg_index', value: '0' }],
});

export interface YominetTracking {
  net: FakeCosmosNetwork;
  tx: TxService;
  /** The clock on a second, one worker tick, then the status of `hash` on `chainId`. */
  step(chainId: string, hash: string): Promise<StatusResponse>;
  stop(): Promise<void>;
}

/** `executorUrl`: Yominet's OPinit executor (OPINIT_EXECUTOR_URLS), for withdrawal proofs. */
export async function startYominetTracking(o: { executorUrl?: string } = {}): Promise<YominetTracking> {
  const net = new FakeCosmosNetwork();
  net.chain(L1);
  net.chain(YOMINET);
  await net.start();
  const t = await sqliteTestStore();
  const tx = testTxService({
    store: t.store,
    registry: buildRegistry(),
    ...net.settings(),
    now: () => net.now,
    ...(o.executorUrl === undefined ? {} : { opinitExecutorUrls: new Map([[YOMINET, o.executorUrl]]) }),
  });
  return {
    net,
    tx,
    step(chainId, hash) {
      net.now += 1000;
      return tickedStatus(tx, chainId, hash, () => net.now++);
    },
    async stop() {
      await net.stop();
      await t.cleanup();
    },
  };
}
