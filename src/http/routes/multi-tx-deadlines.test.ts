/**
 * Through the API as a client sees it: the second transaction of a multi-transaction route (/msgs_direct, the
 * request's own clock) expires after the route's estimated duration plus timeout_seconds, not at now + 600 s while
 * the funds are still on their way (issue 22; the rule: src/messages/tx-window.ts, the scan over many routes:
 * src/messages/later-tx-deadlines.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { buildTestApp, post, type TestApp } from '../test-helpers/app.js';
import { parseTimeoutsExact } from '../../messages/test-helpers/tx-deadlines.js';
import { userAddress } from '../../test-helpers/registry.js';

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('a later transaction on the wire', () => {
  it('USDC Ethereum → OSMO over CCTP: the Noble transaction outlives the mint', async () => {
    const r = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '100000000',
      allow_multi_tx: true,
      bridges: ['CCTP', 'IBC'],
      timeout_seconds: '300',
      chain_ids_to_addresses: {
        '1': EVM_USER,
        'noble-1': userAddress(t.ctx.registry, 'noble-1'),
        'osmosis-1': userAddress(t.ctx.registry, 'osmosis-1'),
      },
    });
    const after = BigInt(Date.now()) * 1_000_000n;
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.txs).toHaveLength(2);
    const noble = body.txs[1].cosmos_tx;
    expect(noble.chain_id).toBe('noble-1');
    // The wire JSON, read with the nanosecond integers exact, then through the protobuf model.
    const json = parseTimeoutsExact(noble.msgs[0].msg) as Record<string, string>;
    const msg = MsgTransfer.decode(
      MsgTransfer.encode(
        MsgTransfer.fromPartial({ timeoutTimestamp: BigInt(json.timeout_timestamp!), memo: json.memo }),
      ).finish(),
    );
    const swap = parseTimeoutsExact(msg.memo) as { wasm: { msg: { swap_and_action: { timeout_timestamp: string } } } };
    const window = BigInt(body.route.estimated_route_duration_seconds + 300) * 1_000_000_000n;
    // Counted from the moment the answer was complete: the deadlines lie beyond it by more than the window.
    for (const deadline of [msg.timeoutTimestamp, BigInt(swap.wasm.msg.swap_and_action.timeout_timestamp)])
      expect(deadline - after).toBeGreaterThan(window);
  });
});
