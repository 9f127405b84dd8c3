/**
 * No route Junction answers sends tokens through a path current Axelar no longer processes: the gateway's
 * `sendToken` (selector 0x26ef699d; axelar-core v1.4.0 marks its TokenSent event failed and the tokens stay in the
 * gateway) or an ICS-20 memo of type 3 (removed in v1.4.0; the packet is refunded). The offline route space is scanned
 * broadly through the HTTP API, /route then /msgs as a client does: every Axelar lane on its own, the same pair with
 * every bridge allowed and with several transactions allowed, and each lane reached from or continued to the other
 * listed assets of its end chains (swaps before or after). Every evm_tx's calldata and every memo in every Cosmos
 * message, nested memos included, is read. The scanner is checked first on the retired forms themselves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFunctionSelector } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { userAddress } from '../../test-helpers/registry.js';
import { axelarConfig } from './config.js';
import { axelarBridge } from './index.js';
import type { AxelarLane } from './lanes.js';

const SEND_TOKEN = toFunctionSelector('function sendToken(string,string,string,uint256)').slice(2);
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const SOLANA_USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
/** Other assets tried on each end chain of a lane (swaps before or after the hop). */
const NEIGHBOURS = 4;

/** Every place in a transaction that retires an Axelar path: sendToken calldata, or a GMP memo of type 3. */
function retiredAxelarUses(txs: readonly { evm_tx?: { data: string }; cosmos_tx?: { msgs: unknown } }[]): string[] {
  const found: string[] = [];
  const memos = (v: unknown, at: string): void => {
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('{')) {
        try {
          memos(JSON.parse(s), at);
        } catch {
          // not JSON: an ordinary string
        }
      }
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => memos(x, `${at}[${i}]`));
    if (typeof v !== 'object' || v === null) return;
    const o = v as Record<string, unknown>;
    if ('destination_chain' in o && 'type' in o && o.type !== 1 && o.type !== 2)
      found.push(`${at}: Axelar memo of type ${String(o.type)}`);
    for (const [k, x] of Object.entries(o)) memos(x, `${at}.${k}`);
  };
  txs.forEach((tx, i) => {
    if (tx.evm_tx) {
      const data = String(tx.evm_tx.data).replace(/^0x/, '').toLowerCase();
      if (data.startsWith(SEND_TOKEN)) found.push(`txs[${i}]: gateway sendToken`);
    }
    if (tx.cosmos_tx) memos(tx.cosmos_tx.msgs, `txs[${i}].cosmos_tx.msgs`);
  });
  return found;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

function addressOn(chainId: string): string {
  const type = t.ctx.registry.chain(chainId)!.wire.chain_type;
  if (type === 'evm') return EVM_USER;
  if (type === 'svm') return SOLANA_USER;
  return userAddress(t.ctx.registry, chainId);
}

interface Scan {
  answered: number;
  withAxelar: number;
  retired: string[];
}

async function scan(req: Record<string, unknown>, into: Scan): Promise<void> {
  const r = await post(t.app, '/v2/fungible/route', req);
  if (r.statusCode !== 200) return;
  const route = r.json();
  const m = await post(t.app, '/v2/fungible/msgs', {
    source_asset_denom: route.source_asset_denom,
    source_asset_chain_id: route.source_asset_chain_id,
    dest_asset_denom: route.dest_asset_denom,
    dest_asset_chain_id: route.dest_asset_chain_id,
    amount_in: route.amount_in,
    address_list: route.required_chain_addresses.map(addressOn),
    operations: route.operations,
  });
  // A route through Solana needs a blockhash from an RPC endpoint the offline test app does not have.
  if (m.statusCode !== 200 && /Solana RPC endpoint/.test(m.json().message)) return;
  expect(m.statusCode, `${JSON.stringify(req)}: ${m.body}`).toBe(200);
  into.answered++;
  if (route.operations.some((o: object) => 'axelar_transfer' in o)) into.withAxelar++;
  for (const use of retiredAxelarUses(m.json().txs)) into.retired.push(`${JSON.stringify(req)} → ${use}`);
}

/** About a hundred dollars of the lane's asset: four Ethereum execution fees (data/axelar.json gmp_fee). */
function amountFor(lane: AxelarLane): bigint {
  return axelarConfig().assets.find((a) => a.denom === lane.asset)!.gmpFee.ethereum * 4n;
}

describe('no retired Axelar path in any route', () => {
  it('the scanner finds sendToken calldata and a type 3 memo, nested or not', () => {
    const type3 = JSON.stringify({
      destination_chain: 'Ethereum',
      destination_address: EVM_USER,
      payload: null,
      type: 3,
    });
    const nested = JSON.stringify({ forward: { next: { wasm: { msg: { ibc_info: { memo: type3 } } } } } });
    expect(
      retiredAxelarUses([
        { evm_tx: { data: `${SEND_TOKEN}00` } },
        { cosmos_tx: { msgs: [{ msg: JSON.stringify({ memo: type3 }) }] } },
        { cosmos_tx: { msgs: [{ msg: JSON.stringify({ memo: nested }) }] } },
        { cosmos_tx: { msgs: [{ msg: JSON.stringify({ memo: JSON.stringify({ ...JSON.parse(type3), type: 2 }) }) }] } },
      ]),
    ).toHaveLength(3);
  });

  it('every Axelar lane, alone, with every bridge, with several transactions, and next to swaps on its end chains', async () => {
    const registry = t.ctx.registry;
    const lanes = axelarBridge.lanes(registry);
    expect(lanes.length).toBeGreaterThan(40);
    const result: Scan = { answered: 0, withAxelar: 0, retired: [] };
    const others = (chainId: string, not: string) =>
      [...registry.listedAssets(chainId)]
        .map((a) => a.wire.denom)
        .filter((d) => d !== not)
        .slice(0, NEIGHBOURS);
    for (const lane of lanes) {
      const pair = {
        source_asset_chain_id: lane.fromChainId,
        source_asset_denom: lane.denomIn,
        dest_asset_chain_id: lane.toChainId,
        dest_asset_denom: lane.denomOut,
        amount_in: amountFor(lane).toString(),
      };
      await scan({ ...pair, bridges: ['AXELAR'] }, result);
      await scan(pair, result);
      await scan({ ...pair, allow_multi_tx: true, allow_unsafe: true }, result);
      for (const denom of others(lane.fromChainId, lane.denomIn))
        await scan({ ...pair, source_asset_denom: denom, allow_multi_tx: true, allow_unsafe: true }, result);
      for (const denom of others(lane.toChainId, lane.denomOut))
        await scan({ ...pair, dest_asset_denom: denom, allow_multi_tx: true, allow_unsafe: true }, result);
    }
    // The repros: USDC Ethereum → axlUSDC Osmosis over Axelar and IBC; axlUSDC Polygon → USDC Ethereum.
    await scan(
      {
        source_asset_chain_id: '1',
        source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858',
        amount_in: '1000000000',
        bridges: ['AXELAR', 'IBC'],
      },
      result,
    );
    await scan(
      {
        source_asset_chain_id: '137',
        source_asset_denom: '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed',
        dest_asset_chain_id: '1',
        dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amount_in: '1000000000',
      },
      result,
    );
    expect(result.retired).toEqual([]);
    // The scan really covered Axelar: most answers use it, every lane at least once on its own.
    expect(result.withAxelar).toBeGreaterThanOrEqual(lanes.length);
    expect(result.answered).toBeGreaterThan(2 * lanes.length);
  }, 600_000);
});
