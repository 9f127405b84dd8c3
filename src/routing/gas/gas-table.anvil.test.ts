/**
 * The measured figures of data/gas.json, measured again: the CCTP burn /v2/fungible/msgs_direct builds from Ethereum
 * to Noble (unrelayed), sent on anvil against Circle's TokenMessenger (src/test-helpers/evm/circle-cctp.ts) after the
 * approval it lists. A figure that drifts more than 2 % from the receipts' gasUsed fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { readDataFile } from '../../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { deployCircleCctp, ERC20_TEST_ABI } from '../../test-helpers/evm/circle-cctp.js';
import type { GasFile } from './table.js';

const figures = readDataFile<GasFile>('gas.json').evm.message_gas;
let app: TestApp;
let node: Anvil;
const user = anvilAccount(1).address;

beforeAll(async () => {
  app = await buildTestApp();
  node = await startAnvil(1);
  await deployCircleCctp(node, '1', [[user, 10n ** 15n]]);
});
afterAll(async () => {
  await app?.app.close();
  await node?.stop();
});

async function gasUsed(to: Address, data: Hex): Promise<bigint> {
  const hash = await node.wallet(1).sendTransaction({ to, data, account: anvilAccount(1), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt.gasUsed;
}

const within2Percent = (measured: bigint, recorded: number) => {
  expect(Number(measured)).toBeGreaterThanOrEqual(recorded * 0.98);
  expect(Number(measured)).toBeLessThanOrEqual(recorded * 1.02);
};

describe('data/gas.json measured figures', () => {
  it('ERC-20 approve and CCTP depositForBurn (Ethereum → Noble)', async () => {
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '100000000',
      bridges: ['CCTP'],
      // Circle's burn itself, unrelayed (the relayed form goes through Skip's relayer contract).
      smart_relay: false,
      chain_ids_to_addresses: { '1': user, 'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().txs[0].evm_tx;
    expect(tx.required_erc20_approvals).toHaveLength(1);
    const approval = tx.required_erc20_approvals[0];
    const approve = await gasUsed(
      getAddress(approval.token_contract),
      encodeFunctionData({
        abi: ERC20_TEST_ABI,
        functionName: 'approve',
        args: [approval.spender, BigInt(approval.amount)],
      }),
    );
    within2Percent(approve, figures.erc20_approve.gas);
    within2Percent(await gasUsed(tx.to, `0x${tx.data}`), figures.cctp_deposit_for_burn.gas);
  });
});
