/**
 * Every EVM contract a Junction transaction calls reads as a name and a function on the page: the answers of the real
 * app (/v2/fungible/msgs_direct over the offline market) for each EVM bridge Junction builds, decoded with the page's
 * ABI table and labelled from the data files. Before this, Skip's CCTP relayer showed as "unknown function
 * 0xd77d6ec0" on an unnamed address.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../../src/http/test-helpers/app.js';
import { decodeCalldata } from './evm.js';
import { labelOf } from './known.js';
import { relayedIntoNoble } from '../../../src/bridges/cctp/test-helpers/relayed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.app.close());

const user = (prefix: string) => bech32.encode(prefix, bech32.toWords(Buffer.alloc(20, 7)));
const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses: Record<string, string> = {
  'noble-1': user('noble'),
  'osmosis-1': user('osmo'),
  'cosmoshub-4': user('cosmos'),
  '1': EVM,
  '10': EVM,
  '42161': EVM,
  '8453': EVM,
  '137': EVM,
  '43114': EVM,
  '56': EVM,
  '59144': EVM,
  '130': EVM,
  '146': EVM,
  '480': EVM,
  '1329': EVM,
};

interface EvmTx {
  chain_id: string;
  to: string;
  data: string;
  required_erc20_approvals: { spender: string; token_contract: string }[];
}

async function evmTxs(req: Record<string, unknown>): Promise<EvmTx[]> {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    amount_in: '1000000000',
    chain_ids_to_addresses: addresses,
    slippage_tolerance_percent: '1',
    allow_multi_tx: true,
    smart_relay: true,
    ...req,
  });
  expect(res.statusCode, res.body.slice(0, 400)).toBe(200);
  return (res.json() as { txs: { evm_tx?: EvmTx }[] }).txs.flatMap((x) => (x.evm_tx ? [x.evm_tx] : []));
}

const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('contracts and functions a Junction EVM transaction calls', () => {
  it.each([
    [
      'USDC Ethereum → Noble, relayed by Skip (CCTP relayer)',
      { dest_asset_chain_id: 'noble-1', dest_asset_denom: 'uusdc' },
    ],
    [
      'USDC Ethereum → Base (CCTP)',
      { dest_asset_chain_id: '8453', dest_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    ],
    [
      'USDC Ethereum → Osmosis',
      {
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4',
      },
    ],
  ])('%s: named contract, known function, named spender', async (_name, dest) => {
    const txs = await evmTxs({ source_asset_chain_id: '1', source_asset_denom: USDC_ETH, ...dest });
    expect(txs.length).toBeGreaterThan(0);
    for (const tx of txs) {
      const call = decodeCalldata(tx.data);
      expect(call.fn, `selector 0x${call.selector} on ${tx.to}`).not.toBeNull();
      expect(call.problem).toBeUndefined();
      expect(labelOf(tx.to), `contract ${tx.to} (${call.fn?.name})`).toBeDefined();
      for (const a of tx.required_erc20_approvals) {
        expect(labelOf(a.spender), `spender ${a.spender}`).toBeDefined();
        expect(labelOf(a.token_contract), `token ${a.token_contract}`).toBeDefined();
      }
    }
  });

  it("Skip's CCTP relayer call reads as requestCCTPTransferWithCaller with its fee", async () => {
    // The relayed form into Noble is an alternative (the free burn Noble's relayers mint comes first).
    const { txs } = await relayedIntoNoble(t.app, {
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETH,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '1000000000',
      chain_ids_to_addresses: addresses,
    });
    const tx = txs[0]!.evm_tx as unknown as EvmTx | undefined;
    const call = decodeCalldata(tx!.data);
    expect(call.selector).toBe('d77d6ec0');
    expect(call.fn?.signature).toBe('requestCCTPTransferWithCaller(uint256,uint32,bytes32,address,uint256,bytes32)');
    expect(labelOf(tx!.to)).toBe("Skip's CCTP relayer contract");
    const args = Object.fromEntries(call.args.map((a) => [a.name, a.value]));
    expect(BigInt(args.transferAmount!) + BigInt(args.feeAmount!)).toBe(1_000_000_000n);
    expect(args.destinationDomain).toBe('4');
  });
});
