/**
 * enable_gas_warnings on /v2/fungible/msgs_direct and /msgs against local nodes (test-helpers/gas-nodes.ts: Cosmos
 * REST bank balances, EVM eth_getBalance): an address without gas where it signs, or on the destination, is warned
 * about with the chain and the shortfall; with enough gas there is no warning; a chain whose balance cannot be read is
 * said to be unreadable, never taken as holding anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { expectError, okBody, post } from '../http/test-helpers/app.js';
import { createAccess } from '../auth/access.js';
import { silentLog } from '../auth/log.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { testTxService } from '../tx/test-helpers/service.js';
import { ATOM_ON_OSMOSIS, userAddress } from '../test-helpers/registry.js';
import { MsgsDirectResponse, MsgsResponse } from '../wire/msgs.js';
import type { GasCheck } from '../wire/gas.js';
import { startGasNodes, type GasNodes } from './test-helpers/gas-nodes.js';

const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const EVM_USER = '0x1111111111111111111111111111111111111111';

let nodes: GasNodes;
let store: TestStore;
let app: FastifyInstance;
const ctx = buildContext(loadConfig([], {}));
const { registry } = ctx;
const hub = userAddress(registry, 'cosmoshub-4');
const osmo = userAddress(registry, 'osmosis-1');
const noble = userAddress(registry, 'noble-1');

beforeAll(async () => {
  nodes = await startGasNodes();
  store = await sqliteTestStore();
  const tx = testTxService({
    store: store.store,
    registry,
    rpc: `1=${nodes.rpcUrl('1')}`,
    rest: [
      `cosmoshub-4=${nodes.restUrl('cosmoshub-4')}`,
      `osmosis-1=${nodes.restUrl('osmosis-1')}`,
      `noble-1=${nodes.restUrl('noble-1')}`,
    ].join(','),
  });
  app = await buildApp(ctx, { tx });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await nodes?.close();
  await store?.cleanup();
});

const atomToOsmosis = (enable: boolean) => ({
  source_asset_chain_id: 'cosmoshub-4',
  source_asset_denom: 'uatom',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: ATOM_ON_OSMOSIS,
  amount_in: '1000000',
  chain_ids_to_addresses: { 'cosmoshub-4': hub, 'osmosis-1': osmo },
  enable_gas_warnings: enable,
});

async function direct(body: object) {
  return okBody<typeof MsgsDirectResponse.static>(
    await post(app, '/v2/fungible/msgs_direct', body),
    MsgsDirectResponse,
  );
}

const checkOn = (checks: GasCheck[] | undefined, chainId: string) => {
  const c = checks?.find((x) => x.chain_id === chainId);
  expect(c, `a gas check on ${chainId}`).toBeDefined();
  return c!;
};

describe('gas warnings (enable_gas_warnings)', () => {
  it('no gas where the user signs and on the destination: a warning naming each chain and its shortfall', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 0n);
    nodes.setBalance('osmosis-1', osmo, 'uosmo', 0n);
    const body = await direct(atomToOsmosis(true));
    const source = checkOn(body.junction_gas_checks, 'cosmoshub-4');
    expect(source).toMatchObject({
      address: hub,
      needed_for: ['transactions'],
      tx_indices: [0],
      fee_denom: 'uatom',
      balance: '0',
      status: 'insufficient',
    });
    expect(BigInt(source.required_amount!)).toBeGreaterThan(0n);
    expect(source.shortfall).toBe(source.required_amount);
    // The ATOM arrives on Osmosis, where moving it on costs OSMO the address does not hold.
    const dest = checkOn(body.junction_gas_checks, 'osmosis-1');
    expect(dest).toMatchObject({ needed_for: ['arrival'], fee_denom: 'uosmo', balance: '0', status: 'insufficient' });
    expect(body.warning?.type).toBe('INSUFFICIENT_GAS_AT_INTERMEDIATE');
    expect(body.warning?.message).toContain('cosmoshub-4');
    expect(body.warning?.message).toContain('osmosis-1');
    expect(body.warning?.message).toMatch(/short by \d/);
  });

  it('enough gas: no warning, and the checks say so', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 10_000_000n);
    nodes.setBalance('osmosis-1', osmo, 'uosmo', 10_000_000n);
    const body = await direct(atomToOsmosis(true));
    expect(body.warning).toBeUndefined();
    expect(body.junction_gas_checks?.map((c) => c.status)).toEqual(['enough', 'enough']);
    expect(checkOn(body.junction_gas_checks, 'cosmoshub-4').balance).toBe('10000000');
  });

  it('only the destination short: the Skip type is INSUFFICIENT_GAS_AT_DEST_EOA', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 10_000_000n);
    nodes.setBalance('osmosis-1', osmo, 'uosmo', 1n);
    const body = await direct(atomToOsmosis(true));
    expect(body.warning?.type).toBe('INSUFFICIENT_GAS_AT_DEST_EOA');
    const dest = checkOn(body.junction_gas_checks, 'osmosis-1');
    expect(BigInt(dest.shortfall!)).toBe(BigInt(dest.required_amount!) - 1n);
  });

  it('a chain whose node fails is reported unreadable, not guessed; the rest is still checked', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 0n);
    nodes.state.failing.add('osmosis-1');
    try {
      const body = await direct(atomToOsmosis(true));
      const dest = checkOn(body.junction_gas_checks, 'osmosis-1');
      expect(dest).toMatchObject({ status: 'unreadable', balance: null, shortfall: null });
      expect(dest.message).toMatch(/could not read the gas balance .* osmosis-1/);
      expect(dest.message).not.toContain('127.0.0.1');
      expect(checkOn(body.junction_gas_checks, 'cosmoshub-4').status).toBe('insufficient');
      expect(body.warning?.message).not.toContain('osmosis-1');
    } finally {
      nodes.state.failing.delete('osmosis-1');
    }
  });

  it('a node that does not answer in time: unreadable, and the answer still comes', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 10_000_000n);
    nodes.state.silent.add('osmosis-1');
    try {
      const body = await direct(atomToOsmosis(true));
      expect(checkOn(body.junction_gas_checks, 'osmosis-1').status).toBe('unreadable');
      expect(body.warning).toBeUndefined();
    } finally {
      nodes.state.silent.delete('osmosis-1');
    }
  });

  it('without enable_gas_warnings: no balance is read and no check is answered', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 0n);
    const body = await direct(atomToOsmosis(false));
    expect(body.warning).toBeUndefined();
    expect(body.junction_gas_checks).toBeUndefined();
  });

  it('EVM source (eth_getBalance): no ETH → a warning naming Ethereum and the shortfall; with ETH none', async () => {
    const request = {
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '100000000',
      bridges: ['CCTP'],
      smart_relay: false,
      chain_ids_to_addresses: { '1': EVM_USER, 'noble-1': noble },
      enable_gas_warnings: true,
    };
    nodes.setBalance('1', EVM_USER, 'native', 0n);
    nodes.setBalance('noble-1', noble, 'uusdc', 1_000_000n);
    const dry = await direct(request);
    const eth = checkOn(dry.junction_gas_checks, '1');
    expect(eth).toMatchObject({ fee_denom: 'ethereum-native', balance: '0', status: 'insufficient', tx_indices: [0] });
    // The approval and the burn at the recorded or live gas price: well above zero wei.
    expect(BigInt(eth.shortfall!)).toBeGreaterThan(10n ** 12n);
    expect(dry.warning?.type).toBe('INSUFFICIENT_GAS_AT_INTERMEDIATE');
    expect(dry.warning?.message).toMatch(/Ethereum \(1\).*short by [\d.]+ ETH/);

    nodes.setBalance('1', EVM_USER, 'native', 10n ** 18n);
    const funded = await direct(request);
    expect(funded.warning).toBeUndefined();
    expect(checkOn(funded.junction_gas_checks, '1').status).toBe('enough');
  });

  it('/msgs warns the same way for the operations of a route', async () => {
    nodes.setBalance('cosmoshub-4', hub, 'uatom', 0n);
    nodes.setBalance('osmosis-1', osmo, 'uosmo', 0n);
    const { route } = await direct(atomToOsmosis(false));
    const res = await post(app, '/v2/fungible/msgs', {
      source_asset_chain_id: route.source_asset_chain_id,
      source_asset_denom: route.source_asset_denom,
      dest_asset_chain_id: route.dest_asset_chain_id,
      dest_asset_denom: route.dest_asset_denom,
      amount_in: route.amount_in,
      amount_out: route.estimated_amount_out,
      address_list: [hub, osmo],
      operations: route.operations,
      enable_gas_warnings: true,
    });
    const body = okBody<typeof MsgsResponse.static>(res, MsgsResponse);
    expect(body.warning?.type).toBe('INSUFFICIENT_GAS_AT_INTERMEDIATE');
    expect(body.junction_gas_checks?.map((c) => [c.chain_id, c.status])).toEqual([
      ['cosmoshub-4', 'insufficient'],
      ['osmosis-1', 'insufficient'],
    ]);
  });

  it('an anonymous caller pays for each chain read, as /v2/info/balances charges', async () => {
    const access = await createAccess(
      store.store,
      {
        anonymous: { ratePerSecond: 0.001, burst: 3 },
        keyRefreshMs: 60_000,
        statsFlushMs: 60_000,
        redisKeyPrefix: 'gas:',
      },
      silentLog,
    );
    const limited = await buildApp(ctx, {
      access,
      tx: testTxService({ store: store.store, registry, rest: `cosmoshub-4=${nodes.restUrl('cosmoshub-4')}` }),
    });
    try {
      // One unit for the request; two chains to read would take two more, and only two are left.
      expect((await post(limited, '/v2/fungible/msgs_direct', atomToOsmosis(false))).statusCode).toBe(200);
      expectError(await post(limited, '/v2/fungible/msgs_direct', atomToOsmosis(true)), 429, 8, 'rate limit exceeded');
    } finally {
      await limited.close();
      await access.close();
    }
  });
});
