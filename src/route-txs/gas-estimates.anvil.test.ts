/**
 * Gas estimates of /v2/fungible/msgs_direct for a key holder, against anvil (chain id 1) with Circle's CCTP V1
 * contracts (src/test-helpers/evm/circle-cctp.ts): USDC Ethereum → Noble, unrelayed, needs an approval and the burn.
 * Before the approval the node estimates the approval and must leave the burn to the table (it reverts without the
 * allowance), saying so; once the approval is mined the node estimates the burn too. Each node figure is within 10 %
 * of the gas the transaction uses when it is sent (after refunds; the gas limit, eth_estimateGas, is above it). An anonymous caller gets the table's figures, labelled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { okBody, post } from '../http/test-helpers/app.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { createAccess, type AccessService } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import { anvilAccount, startAnvil, type Anvil } from '../test-helpers/evm/anvil.js';
import { deployCircleCctp, ERC20_TEST_ABI } from '../test-helpers/evm/circle-cctp.js';
import { testTxService } from '../tx/test-helpers/service.js';
import { MsgsDirectResponse } from '../wire/msgs.js';

let node: Anvil;
let store: TestStore;
let access: AccessService;
let app: FastifyInstance;
let key: string;
const user = anvilAccount(1).address;

beforeAll(async () => {
  node = await startAnvil(1);
  await deployCircleCctp(node, '1', [[user, 10n ** 15n]]);
  store = await sqliteTestStore();
  ({ key } = await createKey(store.store, 'wallet'));
  access = await createAccess(
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
  const tx = testTxService({ store: store.store, registry: ctx.registry, rpc: `1=${node.url}` });
  app = await buildApp(ctx, { access, tx });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await access?.close();
  await node?.stop();
  await store?.cleanup();
});

const REQUEST = {
  source_asset_chain_id: '1',
  source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  dest_asset_chain_id: 'noble-1',
  dest_asset_denom: 'uusdc',
  amount_in: '100000000',
  bridges: ['CCTP'],
  smart_relay: false,
  chain_ids_to_addresses: { '1': user, 'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf' },
};

async function direct(headers: Record<string, string> = {}) {
  const res = await post(app, '/v2/fungible/msgs_direct', REQUEST, { 'content-type': 'application/json', ...headers });
  return okBody<typeof MsgsDirectResponse.static>(res, MsgsDirectResponse);
}

async function gasUsed(to: Address, data: Hex): Promise<bigint> {
  const hash = await node.wallet(1).sendTransaction({ to, data, account: anvilAccount(1), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt.gasUsed;
}

const within10Percent = (estimate: string, used: bigint) => {
  expect(Number(estimate)).toBeGreaterThanOrEqual(Number(used) * 0.9);
  expect(Number(estimate)).toBeLessThanOrEqual(Number(used) * 1.1);
};

describe('junction_gas_estimates on anvil', () => {
  it('an anonymous caller gets the gas table, labelled as such', async () => {
    const body = await direct();
    const [estimate] = body.junction_gas_estimates!;
    expect(estimate).toMatchObject({ tx_index: 0, chain_id: '1', basis: 'table', fee_denom: 'ethereum-native' });
    expect(estimate!.parts.map((p) => [p.message, p.basis])).toEqual([
      ['erc20_approve', 'table'],
      ['cctp_deposit_for_burn', 'table'],
    ]);
    expect(estimate!.note).toMatch(/gas table.*API key/);
    expect(BigInt(estimate!.fee_amount)).toBe(BigInt(estimate!.gas) * BigInt(estimate!.gas_price!));
  });

  it('a key holder: the node estimates the approval, then the burn once the approval is mined; each within 10 %', async () => {
    const before = (await direct({ authorization: key })).junction_gas_estimates![0]!;
    expect(before.basis).toBe('node_and_table');
    expect(before.parts.map((p) => [p.message, p.basis])).toEqual([
      ['erc20_approve', 'node'],
      ['cctp_deposit_for_burn', 'table'],
    ]);
    expect(before.note).toMatch(/approval it needs is not granted yet/);

    const body = await direct({ authorization: key });
    const tx = (
      body.txs[0] as {
        evm_tx: {
          to: Address;
          data: string;
          required_erc20_approvals: { token_contract: string; spender: Address; amount: string }[];
        };
      }
    ).evm_tx;
    const approval = tx.required_erc20_approvals[0]!;
    const approveUsed = await gasUsed(
      getAddress(approval.token_contract),
      encodeFunctionData({
        abi: ERC20_TEST_ABI,
        functionName: 'approve',
        args: [approval.spender, BigInt(approval.amount)],
      }),
    );
    within10Percent(before.parts[0]!.gas, approveUsed);

    const after = (await direct({ authorization: key })).junction_gas_estimates![0]!;
    expect(after.parts[1]).toMatchObject({ message: 'cctp_deposit_for_burn', basis: 'node' });
    expect(after.basis).toBe('node');
    expect(after.note).toBeNull();
    const latest = (await direct({ authorization: key })).txs[0] as { evm_tx: { to: Address; data: string } };
    const burnUsed = await gasUsed(latest.evm_tx.to, `0x${latest.evm_tx.data}`);
    within10Percent(after.parts[1]!.gas, burnUsed);
    // The burn earns refunds (the minter's balance set and cleared): the limit it needs is above what it uses.
    expect(BigInt(after.parts[1]!.gas_limit!)).toBeGreaterThan(BigInt(after.parts[1]!.gas));
    expect(after.gas_limit).toBe(String(BigInt(after.parts[0]!.gas_limit!) + BigInt(after.parts[1]!.gas_limit!)));
    expect(BigInt(after.fee_amount)).toBe(BigInt(after.gas) * BigInt(after.gas_price!));
  });
});
