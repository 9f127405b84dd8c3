/**
 * Every EVM burn Junction builds for CCTP V1 (into Noble), executed on a real local EVM (anvil) against Circle's own TokenMessenger
 * and MessageTransmitter at the mainnet addresses of data/contracts.json (src/test-helpers/evm/circle-cctp.ts).
 * For every EVM source chain, the test takes the transaction from /v2/fungible/msgs_direct, sends the approvals it lists and the
 * transaction itself from a funded account, and reads Circle's DepositForBurn event. The smart-relayed burn into
 * Noble runs through the tests' own stand-in of Skip's CCTPRelayer (TestCCTPRelayer.sol) placed at its mainnet
 * address, in front of Circle's real TokenMessenger.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, encodeFunctionData, getAddress, pad, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { startAnvil, anvilAccount, type Anvil } from '../../test-helpers/evm/anvil.js';
import { deploy, deployCircleCctp, ERC20_TEST_ABI } from '../../test-helpers/evm/circle-cctp.js';
import { eventsOf } from '../../test-helpers/evm/deploy.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { cctpConfig } from './config.js';
import { TOKEN_MESSENGER_ABI } from './evm.js';
import { relayedIntoNoble } from './test-helpers/relayed.js';

const ERC20 = ERC20_TEST_ABI;

const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const EVM_CHAINS = ['1', '43114', '10', '42161', '8453', '137'];

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.app.close());

async function send(node: Anvil, to: Address, data: Hex): Promise<Hex> {
  const hash = await node.wallet(1).sendTransaction({ to, data, account: anvilAccount(1), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return hash;
}

describe.each(EVM_CHAINS)('CCTP burn from EVM chain %s on anvil', (chainId) => {
  const cfg = cctpConfig();
  const usdc = getAddress(cfg.usdc.get(chainId)!);
  const messenger = getAddress(cfg.tokenMessenger.get(chainId)!);
  const user = anvilAccount(1).address;
  let node: Anvil;

  beforeAll(async () => {
    node = await startAnvil(Number(chainId));
    await deployCircleCctp(node, chainId, [[user, 10n ** 15n]]);
  });
  afterAll(() => node?.stop());

  // V1 burns go only to Noble, which has no V2 domain; every other pair is CCTP V2 (src/bridges/cctp-v2/evm.test.ts).
  const destinations: [string, string, string][] = [['noble-1', 'uusdc', NOBLE_USER]];

  it.each(destinations)(
    'to %s: approvals + depositForBurn, DepositForBurn event with the right fields',
    async (dest, destDenom, recipient) => {
      const amount = 123_456_789n + BigInt(destinations.findIndex((d) => d[0] === dest));
      const res = await post(app.app, '/v2/fungible/msgs_direct', {
        source_asset_chain_id: chainId,
        source_asset_denom: usdc,
        dest_asset_chain_id: dest,
        dest_asset_denom: destDenom,
        amount_in: amount.toString(),
        // The burn through Circle's TokenMessenger; the smart-relayed form into Noble is tested in smart-relay.test.ts.
        smart_relay: false,
        // An unrelayed burn leaves the user a claim on the destination, whose gas can make another bridge cheaper.
        bridges: ['CCTP'],
        chain_ids_to_addresses: { [chainId]: user, [dest]: recipient },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['cctp_transfer']);
      expect(body.txs).toHaveLength(1);
      const tx = body.txs[0].evm_tx;
      expect(tx).toMatchObject({ chain_id: chainId, to: messenger, value: '0', signer_address: user });
      expect(tx.required_erc20_approvals).toEqual([
        { token_contract: usdc, spender: messenger, amount: amount.toString() },
      ]);

      const supplyBefore = await node.publicClient.readContract({
        address: usdc,
        abi: ERC20,
        functionName: 'totalSupply',
      });
      for (const a of tx.required_erc20_approvals) {
        await send(
          node,
          a.token_contract,
          encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
        );
      }
      const hash = await send(node, tx.to, `0x${tx.data}`);

      const receipt = await node.publicClient.getTransactionReceipt({ hash });
      const events = eventsOf(receipt.logs, messenger, TOKEN_MESSENGER_ABI).filter(
        (e) => e.eventName === 'DepositForBurn',
      );
      expect(events).toHaveLength(1);
      const args = events[0]!.args as {
        amount: bigint;
        destinationDomain: number;
        mintRecipient: Hex;
        burnToken: Address;
        depositor: Address;
      };
      expect(args.amount).toBe(amount);
      expect(args.destinationDomain).toBe(cfg.domain.get(dest));
      expect(args.burnToken).toBe(usdc);
      expect(args.depositor).toBe(user);
      expect(args.mintRecipient).toBe(expectedRecipient(dest, recipient));
      expect(await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'totalSupply' })).toBe(
        supplyBefore - amount,
      );
    },
  );

  it.runIf(chainId === '1')(
    "to noble-1 with smart relay: the relayer pulls burn + fee, keeps the fee, burns with Noble's relayer as caller",
    async () => {
      const relayer = getAddress(cfg.relay.relayer.get('1')!);
      const own = compileSolidity(new URL('./TestCCTPRelayer.sol', import.meta.url));
      await node.testClient.setCode({
        address: relayer,
        bytecode: (await node.publicClient.getCode({
          address: await deploy(node, own.TestCCTPRelayer!, [messenger]),
        }))!,
      });
      const amount = 12_000_000n;
      // The relayed form is an alternative: the free burn that Noble's relayers mint comes first.
      const { route, txs } = (await relayedIntoNoble(app.app, {
        source_asset_chain_id: '1',
        source_asset_denom: usdc,
        dest_asset_chain_id: 'noble-1',
        dest_asset_denom: 'uusdc',
        amount_in: amount.toString(),
        chain_ids_to_addresses: { '1': user, 'noble-1': NOBLE_USER },
      })) as unknown as {
        route: { estimated_fees: { amount: string }[]; estimated_amount_out: string };
        txs: {
          evm_tx: {
            to: Address;
            data: string;
            required_erc20_approvals: { token_contract: Address; spender: Address; amount: string }[];
          };
        }[];
      };
      const fee = BigInt(route.estimated_fees[0]!.amount);
      const tx = txs[0]!.evm_tx;
      expect(tx.to).toBe(relayer);
      for (const a of tx.required_erc20_approvals) {
        await send(
          node,
          a.token_contract,
          encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
        );
      }
      const relayerBefore = await node.publicClient.readContract({
        address: usdc,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [relayer],
      });
      const hash = await send(node, tx.to, `0x${tx.data}`);
      const receipt = await node.publicClient.getTransactionReceipt({ hash });
      const burns = eventsOf(receipt.logs, messenger, TOKEN_MESSENGER_ABI).filter(
        (e) => e.eventName === 'DepositForBurn',
      );
      expect(burns).toHaveLength(1);
      const args = burns[0]!.args as {
        amount: bigint;
        destinationDomain: number;
        mintRecipient: Hex;
        destinationCaller: Hex;
        depositor: Address;
      };
      expect(args.amount).toBe(amount - fee);
      expect(args.amount).toBe(BigInt(route.estimated_amount_out));
      expect(args.destinationDomain).toBe(4);
      expect(args.mintRecipient).toBe(expectedRecipient('noble-1', NOBLE_USER));
      // Only Noble's relayer (the fee receiver of data/contracts.json) may mint it.
      expect(args.destinationCaller).toBe(expectedRecipient('noble-1', 'noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe'));
      expect(args.depositor).toBe(relayer);
      expect(
        await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'balanceOf', args: [relayer] }),
      ).toBe(relayerBefore + fee);
    },
  );
});

/** The mint recipient computed independently of the code under test. */
function expectedRecipient(dest: string, recipient: string): Hex {
  if (dest === 'noble-1') return pad(bytesToHex(Uint8Array.from(bech32.fromWords(bech32.decode(recipient).words))));
  return pad(recipient.toLowerCase() as Hex);
}
