/**
 * Axelar GMP from an EVM chain on the real registry and offline market: USDT on Ethereum to Osmosis' alloyed USDT is
 * one transaction (the swap rides in the GMP payload), with the wire record of §4.6, both fees in estimated_fees, and
 * /msgs re-validating the echoed record without trusting its amounts. Where nothing follows the hop, the plain
 * gateway sendToken is used (no gas payment).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { axelarConfig } from './config.js';
import { axelarBridge } from './index.js';

// The entry point's timeout sits inside hex calldata: freeze the clock (Date only) so /msgs and /msgs_direct agree.
vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const OSMO = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const AXLUSDT_ON_OSMOSIS = 'ibc/8242AD24008032E457D2E12D46588FD39FB54FB29680C6C7663D296B383C37C4';
const ALL_USDT = 'factory/osmo1em6xs47hd82806f5cxgyufguxrrc7l0aqx7nzzptjuqgswczk8csavdxek/alloyed/allUSDT';
const HANDLER = '0xD397883c12b71ea39e0d9f6755030205f31A1c96';
const GATEWAY = '0x4F4495243837681061C4743b74B3eEdf548D56A5';
const request = {
  source_asset_chain_id: '1',
  source_asset_denom: USDT,
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: ALL_USDT,
  amount_in: '1000000000',
  bridges: ['AXELAR'],
};
const addresses = { '1': EVM, 'osmosis-1': OSMO };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function route(body: Record<string, unknown> = request) {
  const res = await post(t.app, '/v2/fungible/route', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function msgs(
  r: Record<string, unknown>,
  operations: unknown[],
  dest = { chain: r.dest_asset_chain_id, denom: r.dest_asset_denom },
) {
  return post(t.app, '/v2/fungible/msgs', {
    source_asset_denom: r.source_asset_denom,
    source_asset_chain_id: r.source_asset_chain_id,
    dest_asset_denom: dest.denom,
    dest_asset_chain_id: dest.chain,
    amount_in: r.amount_in,
    address_list: [EVM, OSMO],
    operations,
  });
}

describe('Axelar GMP from Ethereum, continuing with a swap on Osmosis', () => {
  const gas = axelarConfig().gmpGasPayment.get('1')!;

  it('is one transaction: axelar_transfer and swap share tx 0', async () => {
    const r = await route();
    expect(
      r.operations.map((o: Record<string, unknown>) => [
        Object.keys(o).find((k) => k === 'axelar_transfer' || k === 'swap'),
        o.tx_index,
      ]),
    ).toEqual([
      ['axelar_transfer', 0],
      ['swap', 0],
    ]);
    expect(r.txs_required).toBe(1);
    expect(r.chain_ids).toEqual(['1', 'osmosis-1']);
    expect(r.operations[1].swap.denom_in).toBe(AXLUSDT_ON_OSMOSIS);
  });

  it('the record has exactly the fields of §4.6, the gas payment as its fee in native ETH', async () => {
    const op = (await route()).operations[0].axelar_transfer;
    expect(Object.keys(op).sort()).toEqual(
      [
        'asset',
        'bridge_id',
        'denom_in',
        'denom_out',
        'fee_amount',
        'fee_asset',
        'from_chain',
        'from_chain_id',
        'is_testnet',
        'should_unwrap',
        'smart_relay',
        'to_chain',
        'to_chain_id',
        'usd_fee_amount',
      ].sort(),
    );
    expect(op).toMatchObject({
      from_chain: 'Ethereum',
      from_chain_id: '1',
      to_chain: 'osmosis',
      to_chain_id: 'osmosis-1',
      asset: 'uusdt',
      should_unwrap: false,
      denom_in: USDT,
      denom_out: AXLUSDT_ON_OSMOSIS,
      fee_amount: gas.toString(),
      fee_asset: { denom: 'ethereum-native', chain_id: '1', decimals: 18 },
      is_testnet: false,
      bridge_id: 'AXELAR',
      smart_relay: false,
    });
  });

  it('estimated_fees: the transfer fee deducted in USDT, the gas payment additional in ETH', async () => {
    const r = await route();
    const transferFee = 20_000_000n + 500_000n; // Ethereum's plus a Cosmos chain's USDT transfer fee (data/axelar.json)
    expect(r.estimated_fees).toMatchObject([
      {
        fee_type: 'SMART_RELAY',
        bridge_id: 'AXELAR',
        amount: transferFee.toString(),
        origin_asset: { denom: USDT },
        chain_id: '1',
        tx_index: 0,
        operation_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
      },
      {
        fee_type: 'SMART_RELAY',
        bridge_id: 'AXELAR',
        amount: gas.toString(),
        origin_asset: { denom: 'ethereum-native' },
        chain_id: '1',
        tx_index: 0,
        operation_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
      },
    ]);
    expect(BigInt(r.operations[0].amount_in) - BigInt(r.operations[0].amount_out)).toBe(transferFee);
  });

  it('/msgs on the echoed operations rebuilds the GMP transaction, whatever fee_amount and amounts the echo says', async () => {
    const r = await route();
    const direct = await post(t.app, '/v2/fungible/msgs_direct', { ...request, chain_ids_to_addresses: addresses });
    const echoed = structuredClone(r.operations);
    echoed[0].axelar_transfer.fee_amount = '1';
    echoed[0].amount_out = '999999999999';
    const res = await msgs(r, echoed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().txs).toHaveLength(1);
    expect(res.json().txs[0].evm_tx).toMatchObject({ to: HANDLER, value: gas.toString() });
    expect(res.json().txs).toEqual(direct.json().txs);
  });

  it('/msgs refuses a GMP record with nothing after it to carry', async () => {
    const r = await route();
    const res = await msgs(r, [r.operations[0]], { chain: 'osmosis-1', denom: AXLUSDT_ON_OSMOSIS });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(3);
    expect(res.json().message).toMatch(/GMP transfer from 1 to osmosis-1 carries the next step/);
  });

  it('/msgs reads a record without the native fee_asset as the plain sendToken: the swap then waits for a second transaction', async () => {
    const r = await route();
    const ops = structuredClone(r.operations);
    delete ops[0].axelar_transfer.fee_asset;
    const res = await msgs(r, ops);
    expect(res.statusCode, res.body).toBe(200);
    const txs = res.json().txs;
    expect(txs).toHaveLength(2);
    expect(txs[0].evm_tx).toMatchObject({ to: GATEWAY, value: '0' });
    expect(txs[1].cosmos_tx.chain_id).toBe('osmosis-1');
  });

  it('/msgs refuses a record whose denom_in is not what the lane carries', async () => {
    const r = await route();
    const ops = structuredClone(r.operations);
    ops[0].axelar_transfer.denom_in = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
    const res = await msgs(r, ops);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('operations[0].axelar_transfer');
  });
});

describe('Axelar from an EVM chain where nothing follows the hop', () => {
  it('uses the gateway sendToken: no gas payment, the transfer fee in the destination token', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...request,
      dest_asset_denom: AXLUSDT_ON_OSMOSIS,
      chain_ids_to_addresses: addresses,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.txs[0].evm_tx).toMatchObject({ to: GATEWAY, value: '0' });
    expect(body.route.estimated_fees.map((f: { fee_behavior: string }) => f.fee_behavior)).toEqual([
      'FEE_BEHAVIOR_DEDUCTED',
    ]);
    expect(body.route.operations[0].axelar_transfer.fee_asset.denom).toBe(AXLUSDT_ON_OSMOSIS);
  });
});

describe('carriesNext', () => {
  const lanes = () => axelarBridge.lanes(t.ctx.registry);
  const step = (lane: ReturnType<typeof lanes>[number]) => ({
    kind: 'bridge' as const,
    lane,
    amountIn: 1n,
    amountOut: 1n,
    fees: [],
    seconds: 1,
  });

  it('a GMP lane carries a swap or transfer on its destination chain, nothing else; other Axelar lanes never', () => {
    const gmp = lanes().find((l) => l.gmp && l.toChainId === 'osmosis-1')!;
    const plain = lanes().find(
      (l) => !l.gmp && l.fromChainId === gmp.fromChainId && l.toChainId === 'osmosis-1' && l.denomIn === gmp.denomIn,
    )!;
    const r = t.ctx.registry;
    expect(axelarBridge.carriesNext(r, step(gmp), { kind: 'swap', chainId: 'osmosis-1' })).toBe(true);
    expect(axelarBridge.carriesNext(r, step(gmp), { kind: 'transfer', chainId: 'osmosis-1' })).toBe(true);
    expect(axelarBridge.carriesNext(r, step(gmp), { kind: 'bridge', chainId: 'osmosis-1' })).toBe(false);
    expect(axelarBridge.carriesNext(r, step(gmp), { kind: 'swap', chainId: 'neutron-1' })).toBe(false);
    expect(axelarBridge.carriesNext(r, step(gmp))).toBe(false);
    expect(axelarBridge.carriesNext(r, step(plain), { kind: 'swap', chainId: 'osmosis-1' })).toBe(false);
    expect(axelarBridge.onlyWithNext!(gmp)).toBe(true);
    expect(axelarBridge.onlyWithNext!(plain)).toBe(false);
  });

  it('GMP lanes start on EVM chains with a handler and end on Cosmos chains that run the entry point on arrival', () => {
    const gmp = lanes().filter((l) => l.gmp);
    expect(gmp.length).toBeGreaterThan(0);
    for (const l of gmp) {
      expect(t.ctx.registry.chain(l.fromChainId)?.wire.chain_type).toBe('evm');
      expect(l.gmp!.handler).toBe(axelarConfig().handler.get(l.fromChainId));
      const to = t.ctx.registry.chain(l.toChainId)!;
      expect(to.capabilities.ibcHooks && to.entryPoint !== undefined).toBe(true);
    }
  });
});
