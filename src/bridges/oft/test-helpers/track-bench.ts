/**
 * What the OFT tracking tests (LayerZero's OFT, Stargate V2's pools) share: two local EVMs, Ethereum (anvil, chain 1)
 * and Arbitrum (chain 42161), on which each test installs its own contracts; the app, whose POST /msgs_direct builds
 * the user's transaction; a transaction service over both nodes, on a test clock, whose worker the test ticks.
 */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { expect } from 'vitest';
import { sqliteTestStore } from '../../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../../test-helpers/evm/anvil.js';
import { sendTx } from '../../../test-helpers/evm/deploy.js';
import type { TxService } from '../../../tx/service.js';
import { testTxService } from '../../../tx/test-helpers/service.js';
import { tickedStatus } from '../../../tx/test-helpers/status.js';
import type { StatusResponse } from '../../../wire/tx.js';

/** The stall limit of the benches' worker: past it a transfer not yet delivered is still pending. */
const STALL_ABANDON_MS = 1_800_000;
/** The sender on Ethereum (anvil account 1) and the recipient on Arbitrum (account 2). */
export const user = anvilAccount(1).address;
export const recipient = anvilAccount(2).address;

export interface OftTrackBench {
  ethereum: Anvil;
  arbitrum: Anvil;
  app: TestApp;
  tx: TxService;
  /** Moves the test clock on. */
  advance(ms: number): void;
  /** The clock on a second, one worker tick, then the status of the Ethereum transaction `hash`. */
  step(hash: string): Promise<StatusResponse>;
  /** Junction's transaction for `request` (POST /msgs_direct), sent by the user after the approvals it requires. */
  send(request: Record<string, unknown>): ReturnType<typeof sendTx>;
  /**
   * A transfer sent but never delivered: pending past the stall limit, abandoned once `deadlineMs` has passed too,
   * with `amount` of `denom` shown on Ethereum, not released.
   */
  expectAbandonedUndelivered(hash: string, deadlineMs: number, denom: string, amount: bigint): Promise<void>;
  stop(): Promise<void>;
}

export async function startOftTrackBench(): Promise<OftTrackBench> {
  const [ethereum, arbitrum] = await Promise.all([startAnvil(1), startAnvil(42161)]);
  let clock = Date.now();
  const app = await buildTestApp();
  const t = await sqliteTestStore();
  const tx = testTxService({
    store: t.store,
    registry: app.ctx.registry,
    rpc: `1=${ethereum.url},42161=${arbitrum.url}`,
    now: () => clock,
    worker: { stallAbandonMs: STALL_ABANDON_MS },
  });
  const step = (hash: string) => {
    clock += 1000;
    return tickedStatus(tx, '1', hash, () => clock++);
  };
  return {
    ethereum,
    arbitrum,
    app,
    tx,
    advance: (ms) => void (clock += ms),
    step,
    async send(request) {
      const res = await post(app.app, '/v2/fungible/msgs_direct', request);
      expect(res.statusCode, res.body).toBe(200);
      const evmTx = res.json().txs[0].evm_tx as {
        to: Address;
        data: string;
        value: string;
        required_erc20_approvals: { token_contract: Address; spender: Address; amount: string }[];
      };
      for (const a of evmTx.required_erc20_approvals)
        await sendTx(ethereum, 1, {
          to: a.token_contract,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
        });
      return sendTx(ethereum, 1, { to: evmTx.to, data: `0x${evmTx.data}`, value: BigInt(evmTx.value) });
    },
    async expectAbandonedUndelivered(hash, deadlineMs, denom, amount) {
      await tx.track('1', hash, null);
      await step(hash);
      clock += STALL_ABANDON_MS + 1000;
      expect((await step(hash)).state).toBe('STATE_PENDING');
      clock += deadlineMs;
      expect(await step(hash)).toMatchObject({
        state: 'STATE_ABANDONED',
        transfer_asset_release: { chain_id: '1', denom, amount: amount.toString(), released: false },
      });
    },
    async stop() {
      await app.app.close();
      await Promise.all([ethereum.stop(), arbitrum.stop()]);
      await t.cleanup();
    },
  };
}
