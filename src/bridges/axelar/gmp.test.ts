/**
 * Axelar from an EVM chain on the real registry and offline market, against Skip's captured Ethereum → Osmosis answers
 * (test/fixtures/skip-go-api/route-ethereum-to-osmosis-axelar.json, msgs-ethereum-to-osmosis-axelar.json): every lane
 * is a general message with token through Skip's AxelarHandler (gmpTransferERC20Token), a plain transfer included;
 * the record has the captured keys with the native gas as its fee, the amount arrives whole, estimated_fees carry the
 * gas payment, and /msgs re-validates an echoed record without trusting its amounts. When a swap follows on Osmosis,
 * the same lane carries it in one transaction.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeFunctionData, getAddress, hexToString, slice, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { axelarConfig } from './config.js';
import { HANDLER_ABI } from './evm.js';
import { axelarBridge } from './index.js';
import { capture, type CapturedMsgs, type CapturedRoute } from './test-helpers/captures.js';

// The entry point's timeout sits inside hex calldata: freeze the clock (Date only) so /msgs and /msgs_direct agree.
vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const OSMO = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const AXLUSDT_ON_OSMOSIS = 'ibc/8242AD24008032E457D2E12D46588FD39FB54FB29680C6C7663D296B383C37C4';
const ALL_USDT = 'factory/osmo1em6xs47hd82806f5cxgyufguxrrc7l0aqx7nzzptjuqgswczk8csavdxek/alloyed/allUSDT';
const cfg = axelarConfig();
const HANDLER = cfg.handler.get('1')!;
const GAS = cfg.gmpGasPayment.get('1')!.get('cosmos')!;
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

/** The arguments of a gmpTransferERC20Token call (these transfers swap nothing first). */
const handlerCall = (data: string) => {
  const call = decodeFunctionData({ abi: HANDLER_ABI, data: `0x${data}` as Hex });
  if (call.functionName !== 'gmpTransferERC20Token') throw new Error(call.functionName);
  return call.args;
};

describe('WETH from Ethereum to Osmosis, field for field with the captured Skip answers', () => {
  const capturedRoute = capture<CapturedRoute>('route-ethereum-to-osmosis-axelar');
  const capturedMsgs = capture<CapturedMsgs>('msgs-ethereum-to-osmosis-axelar');

  it('/route: the captured record keys, the native gas as its fee, the amount arriving whole', async () => {
    const r = await route(capturedRoute.request);
    const [ours, theirs] = [r.operations[0], capturedRoute.response.body.operations[0]!];
    expect(Object.keys(ours.axelar_transfer)).toEqual(Object.keys(theirs.axelar_transfer));
    const b = theirs.axelar_transfer;
    expect(ours.axelar_transfer).toMatchObject({
      from_chain: b.from_chain,
      from_chain_id: b.from_chain_id,
      to_chain: b.to_chain,
      to_chain_id: b.to_chain_id,
      asset: b.asset,
      should_unwrap: b.should_unwrap,
      denom_in: b.denom_in,
      denom_out: b.denom_out,
      fee_amount: GAS.toString(),
      fee_asset: { denom: b.fee_asset.denom, chain_id: b.fee_asset.chain_id, decimals: 18 },
      is_testnet: false,
      bridge_id: 'AXELAR',
      smart_relay: false,
    });
    expect(ours.amount_out).toBe(ours.amount_in);
    expect(theirs.amount_out).toBe(theirs.amount_in);
    expect(r.txs_required).toBe(1);
    expect(r.estimated_fees).toEqual([
      expect.objectContaining({
        fee_type: 'SMART_RELAY',
        bridge_id: 'AXELAR',
        amount: GAS.toString(),
        origin_asset: expect.objectContaining({ denom: 'ethereum-native' }),
        chain_id: '1',
        tx_index: 0,
        operation_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
      }),
    ]);
  });

  it('/msgs: gmpTransferERC20Token to osmosis, the recipient as contract, 0x00000000 "{}" as payload, gas as value', async () => {
    const request = { ...capturedMsgs.request };
    delete request.amount_out;
    const res = await post(t.app, '/v2/fungible/msgs', request);
    expect(res.statusCode, res.body).toBe(200);
    const ours = res.json().txs[0];
    const theirs = capturedMsgs.response.body.txs[0]!;
    const theirTx = theirs.evm_tx!;
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    expect(Object.keys(ours.evm_tx).sort()).toEqual(Object.keys(theirTx).sort());
    expect(ours.operations_indices).toEqual(theirs.operations_indices);
    const [a, b] = [handlerCall(ours.evm_tx.data), handlerCall(theirTx.data)];
    expect(ours.evm_tx.data.slice(0, 8)).toBe(theirTx.data.slice(0, 8));
    // destination chain, contract (the recipient), payload, symbol, amount as captured; the gas figure differs.
    expect(a.slice(0, 5)).toEqual(b.slice(0, 5));
    expect(a[5]).toBe(GAS);
    expect(ours.evm_tx).toMatchObject({
      chain_id: '1',
      to: HANDLER,
      value: GAS.toString(),
      signer_address: theirTx.signer_address,
      required_erc20_approvals: [{ token_contract: WETH, spender: HANDLER, amount: b[4].toString() }],
    });
    // The captured handler on Ethereum was Skip's 2024 proxy; data/contracts.json names its 2025 one.
    expect(theirTx.to).toBe('0xD397883c12b71ea39e0d9f6755030205f31A1c96');
  });
});

describe('USDT from Ethereum, then a swap on Osmosis', () => {
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
    // No transfer fee: the swap gets all of it.
    expect(r.operations[0].amount_out).toBe(r.operations[0].amount_in);
  });

  it('the handler call names the entry point and carries its swap as CosmWasm JSON', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', { ...request, chain_ids_to_addresses: addresses });
    expect(res.statusCode, res.body).toBe(200);
    const [chain, contract, payload, symbol, amount, gas] = handlerCall(res.json().txs[0].evm_tx.data);
    expect([chain, symbol, amount, gas]).toEqual(['osmosis', 'USDT', 1_000_000_000n, GAS]);
    expect(contract).toBe(t.ctx.registry.chain('osmosis-1')!.entryPoint!.entryPoint);
    expect(slice(payload, 0, 4)).toBe('0x00000002');
    // Skip's answers of August 2026 (JohnnyWyles/alloyrebalancer test-fixtures/stageE2-good.json, pairBTC-Y2-good.json
    // at 51cbcc2) send the recover form: a failed swap pays the user on Osmosis instead of failing Axelar's delivery.
    const msg = JSON.parse(hexToString(slice(payload, 4))) as Record<string, { recovery_addr?: string }>;
    expect(Object.keys(msg)).toEqual(['swap_and_action_with_recover']);
    expect(msg.swap_and_action_with_recover!.recovery_addr).toBe(addresses['osmosis-1']);
  });

  it('/msgs on the echoed operations rebuilds the transaction, whatever fee_amount and amounts the echo says', async () => {
    const r = await route();
    const direct = await post(t.app, '/v2/fungible/msgs_direct', { ...request, chain_ids_to_addresses: addresses });
    const echoed = structuredClone(r.operations);
    echoed[0].axelar_transfer.fee_amount = '1';
    echoed[0].amount_out = '999999999999';
    const res = await msgs(r, echoed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().txs).toHaveLength(1);
    expect(res.json().txs[0].evm_tx).toMatchObject({ to: HANDLER, value: GAS.toString() });
    expect(res.json().txs).toEqual(direct.json().txs);
  });

  it('/msgs on the axelar record alone delivers to the user: native payload, the recipient as contract', async () => {
    const r = await route();
    const res = await msgs(r, [r.operations[0]], { chain: 'osmosis-1', denom: AXLUSDT_ON_OSMOSIS });
    expect(res.statusCode, res.body).toBe(200);
    const [, contract, payload] = handlerCall(res.json().txs[0].evm_tx.data);
    expect(contract).toBe(OSMO);
    expect(payload).toBe('0x000000007b7d');
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

describe('EVM to EVM', () => {
  it('USDC from Ethereum to axlUSDC on Avalanche: the call goes to the handler on Avalanche, which pays the user', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      dest_asset_chain_id: '43114',
      dest_asset_denom: '0xfaB550568C688d5D8A52C7d794cb93Edc26eC0eC',
      amount_in: '100000000',
      chain_ids_to_addresses: { '1': EVM, '43114': EVM },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [chain, contract] = handlerCall(res.json().txs[0].evm_tx.data);
    expect(chain).toBe('Avalanche');
    expect(getAddress(contract)).toBe(getAddress(cfg.handler.get('43114')!));
  });

  it('an EVM chain without a handler has no Axelar lanes to or from it', () => {
    const withHandler = new Set(cfg.handler.keys());
    for (const l of axelarBridge.lanes(t.ctx.registry)) {
      if (t.ctx.registry.chain(l.fromChainId)?.wire.chain_type === 'evm') expect(withHandler).toContain(l.fromChainId);
      if (t.ctx.registry.chain(l.toChainId)?.wire.chain_type === 'evm') expect(withHandler).toContain(l.toChainId);
    }
  });
});

describe('carriesNext', () => {
  const lanes = () => axelarBridge.lanes(t.ctx.registry);
  const step = (lane: ReturnType<typeof lanes>[number]) => ({
    kind: 'bridge' as const,
    bridge: axelarBridge,
    lane,
    amountIn: 1n,
    amountOut: 1n,
    fees: [],
    seconds: 1,
  });

  it('a lane to a Cosmos chain with the entry point carries a swap or transfer there; nothing else carries', () => {
    const toOsmosis = lanes().find((l) => l.gmp && l.toChainId === 'osmosis-1')!;
    const fromOsmosis = lanes().find((l) => l.fromChainId === 'osmosis-1' && l.toChainId === '1')!;
    const evmToEvm = lanes().find((l) => l.fromChainId === '1' && l.toChainId === '43114')!;
    const r = t.ctx.registry;
    expect(toOsmosis.runsEntryPoint).toBe(true);
    expect(axelarBridge.carriesNext(r, step(toOsmosis), { kind: 'swap', chainId: 'osmosis-1' })).toBe(true);
    expect(axelarBridge.carriesNext(r, step(toOsmosis), { kind: 'transfer', chainId: 'osmosis-1' })).toBe(true);
    expect(axelarBridge.carriesNext(r, step(toOsmosis), { kind: 'bridge', chainId: 'osmosis-1' })).toBe(false);
    expect(axelarBridge.carriesNext(r, step(toOsmosis), { kind: 'swap', chainId: 'neutron-1' })).toBe(false);
    expect(axelarBridge.carriesNext(r, step(toOsmosis))).toBe(false);
    expect(axelarBridge.carriesNext(r, step(fromOsmosis), { kind: 'swap', chainId: '1' })).toBe(false);
    expect(axelarBridge.carriesNext(r, step(evmToEvm), { kind: 'swap', chainId: '43114' })).toBe(false);
  });

  it('every lane from an EVM chain pays the gas service through the source handler; every lane from Cosmos pays a memo fee', () => {
    for (const l of lanes()) {
      if (t.ctx.registry.chain(l.fromChainId)?.wire.chain_type === 'evm') {
        expect(l.gmp?.handler).toBe(cfg.handler.get(l.fromChainId));
        expect(l.gmp!.gasPayment).toBeGreaterThan(0n);
        expect(l.fee).toBe(0n);
      } else {
        expect(l.gmp).toBeUndefined();
        expect(l.destinationHandler).toBe(cfg.handler.get(l.toChainId));
        expect(l.fee).toBeGreaterThan(0n);
      }
    }
  });
});
