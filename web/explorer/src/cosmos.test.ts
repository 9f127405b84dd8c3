/**
 * Cosmos messages in words, read from what the real app builds (/v2/fungible/msgs_direct over the offline market):
 * a swap on arrival through IBC hooks, a forward through packet-forward middleware, a CCTP burn on Noble.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../../src/http/test-helpers/app.js';
import { ATOM_ON_OSMOSIS } from '../../../src/test-helpers/registry.js';
import { describeCosmosMsg, nanosToIso, type AmountFormat } from './cosmos.js';
import { fromBaseUnits } from './units.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.app.close());

const user = (prefix: string) => bech32.encode(prefix, bech32.toWords(Buffer.alloc(20, 7)));
const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses: Record<string, string> = {
  'cosmoshub-4': user('cosmos'),
  'osmosis-1': user('osmo'),
  'neutron-1': user('neutron'),
  'noble-1': user('noble'),
  '8453': EVM,
};
const fmt: AmountFormat = (chainId, denom, amount) => {
  const a = chainId ? t.ctx.registry.asset(chainId, denom) : undefined;
  return a ? `${fromBaseUnits(amount, a.wire.decimals ?? 0)} ${a.wire.symbol}` : `${amount} ${denom}`;
};
const chainOf = (id: string) => {
  const w = t.ctx.registry.chain(id)?.wire;
  return w ? { chain_type: w.chain_type, bech32_prefix: w.bech32_prefix } : undefined;
};

async function firstMsg(req: Record<string, unknown>): Promise<{ chainId: string; typeUrl: string; msg: string }> {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    ...req,
    chain_ids_to_addresses: addresses,
    slippage_tolerance_percent: '1',
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const tx = (
    res.json() as { txs: { cosmos_tx: { chain_id: string; msgs: { msg: string; msg_type_url: string }[] } }[] }
  ).txs[0]!.cosmos_tx;
  return { chainId: tx.chain_id, typeUrl: tx.msgs[0]!.msg_type_url, msg: tx.msgs[0]!.msg };
}

describe('Cosmos messages in words', () => {
  it('a MsgTransfer whose memo swaps on arrival through the entry point', async () => {
    const m = await firstMsg({
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'uosmo',
      amount_in: '10000000',
    });
    const r = describeCosmosMsg(m.typeUrl, m.msg, m.chainId, fmt);
    expect(r.title).toBe('IBC transfer (MsgTransfer)');
    const timeout = /"timeout_timestamp":(\d+)/.exec(m.msg)![1]!;
    expect(r.lines).toEqual([
      `Send 10 ATOM from ${user('cosmos')} over transfer/channel-141 to osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u (Skip entry point contract).`,
      `Times out at ${nanosToIso(timeout)} (the funds come back if the packet is not received by then).`,
      'On arrival, IBC hooks call osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u (Skip entry point contract) with the funds:',
      'Swap (swap_exact_asset_in) on osmosis-poolmanager via pool 1282 → pool 1464.',
      expect.stringMatching(/^Refuses to deliver less than \d+ uosmo \(slippage limit\)\.$/),
      `Swap deadline ${nanosToIso(timeout)}.`,
      `Then sends the output to ${user('osmo')}.`,
    ]);
    expect(nanosToIso('1795419373651000000')).toBe('2026-11-23T07:36:13.651Z');
  });

  it('a MsgTransfer forwarded by packet-forward middleware', async () => {
    const m = await firstMsg({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: 'neutron-1',
      dest_asset_denom: 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9',
      amount_in: '5000000',
    });
    const r = describeCosmosMsg(m.typeUrl, m.msg, m.chainId, fmt);
    expect(r.lines[0]).toBe(`Send 5 ATOM from ${user('osmo')} over transfer/channel-0 to ${user('cosmos')}.`);
    expect(r.lines[2]).toBe(
      `On arrival, packet forwarding sends the funds on over transfer/channel-569 to ${user('neutron')} (timeout 300s, 2 retries).`,
    );
    expect(r.lines).toHaveLength(3);
  });

  it("a CCTP burn on Noble, with the recipient read back in the destination's form", async () => {
    const m = await firstMsg({
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '8453',
      dest_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      amount_in: '5000000',
      smart_relay: false,
    });
    const r = describeCosmosMsg(m.typeUrl, m.msg, m.chainId, fmt, chainOf);
    expect(r.title).toBe('CCTP burn (MsgDepositForBurn)');
    expect(r.lines).toEqual([
      `Burn 5 USDC from ${user('noble')} with Circle CCTP; Circle attests and USDC is minted on domain 6 (chain 8453).`,
      `Mint recipient (32 bytes): 0x000000000000000000000000${EVM.slice(2).toLowerCase()} (EVM address ${EVM.toLowerCase()}).`,
    ]);
  });

  it('an entry-point call in its _with_recover form (what Axelar and Go Fast deliver to) reads as the swap it runs', () => {
    const memo = JSON.stringify({
      wasm: {
        contract: 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u',
        msg: {
          swap_and_action_with_recover: {
            user_swap: {
              swap_exact_asset_in: { swap_venue_name: 'osmosis-poolmanager', operations: [{ pool: '1868' }] },
            },
            min_asset: { native: { denom: 'uosmo', amount: '5' } },
            timeout_timestamp: 1795419373651000000,
            post_swap_action: { transfer: { to_address: user('osmo') } },
            affiliates: [],
            recovery_addr: user('osmo'),
          },
        },
      },
    });
    const msg = JSON.stringify({
      source_port: 'transfer',
      source_channel: 'channel-208',
      token: { denom: 'uwbtc', amount: '1' },
      sender: 'axelar1sender',
      receiver: 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u',
      timeout_timestamp: '1795419373651000000',
      memo,
    });
    const lines = describeCosmosMsg('/ibc.applications.transfer.v1.MsgTransfer', msg, 'axelar-dojo-1', fmt).lines;
    expect(lines).toContain('Swap (swap_exact_asset_in) on osmosis-poolmanager via pool 1868.');
    expect(lines.at(-1)).toBe(`Should this fail, the coins go to ${user('osmo')}.`);
  });

  it('a message that is not JSON, and a type it does not explain', () => {
    expect(describeCosmosMsg('/x.Y', 'nope', undefined, fmt).lines).toEqual(['the message is not valid JSON']);
    expect(describeCosmosMsg('/x.Y', '{"a":1}', undefined, fmt)).toEqual({ title: '/x.Y', lines: [], value: { a: 1 } });
  });
});
