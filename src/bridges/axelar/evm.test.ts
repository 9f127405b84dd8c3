/**
 * Every sendToken transaction Junction builds for Axelar, executed on a local EVM (anvil) against Axelar's own gateway
 * (src/test-helpers/evm/axelar.ts: compiled from the npm package's sources, placed at the chain's gateway address of
 * data/contracts.json, the data file's tokens registered with it). For every Axelar lane that starts on an EVM chain
 * with the gateway's sendToken, the test takes the transaction from /v2/fungible/msgs_direct, sends its approvals and
 * the transaction from a funded account, and reads the gateway's TokenSent event. (The GMP lanes: gmp-evm.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { ERC20_ABI as ERC20, installAxelarGateway } from '../../test-helpers/evm/axelar.js';
import { eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { axelarConfig } from './config.js';
import { GATEWAY_ABI } from './evm.js';
import { axelarBridge } from './index.js';

const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NEUTRON_USER = 'neutron1nhzuazjhyfu474er6v4ey8zn6wa5fy6g8t08yq';
const EVM_RECIPIENT = anvilAccount(2).address;

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
}, 120_000);
afterAll(() => app.app.close());

async function send(node: Anvil, from: number, to: Address, data: Hex): Promise<Hex> {
  return (await sendTx(node, from, { to, data })).transactionHash;
}

const SOURCE_CHAINS = [...new Set(['1', '137', '43114'])];

describe.each(SOURCE_CHAINS)('Axelar sendToken from EVM chain %s on anvil', (chainId) => {
  const cfg = axelarConfig();
  const gateway = getAddress(cfg.gateway.get(chainId)!);
  const user = anvilAccount(1).address;
  let node: Anvil;
  const tokens = cfg.assets.flatMap((a) => {
    const t = a.tokens.get(chainId);
    return t ? [{ ...t, address: getAddress(t.address) }] : [];
  });

  beforeAll(async () => {
    node = await startAnvil(Number(chainId));
    await installAxelarGateway(node, Number(chainId), gateway, tokens as { address: Address; symbol: string }[], user);
  }, 120_000);
  afterAll(() => node?.stop());

  const lanes = () => axelarBridge.lanes(app.ctx.registry).filter((l) => l.fromChainId === chainId && !l.gmp);

  it('has lanes to Cosmos and EVM chains', () => {
    expect(lanes().some((l) => app.ctx.registry.chain(l.toChainId)?.wire.chain_type === 'cosmos')).toBe(true);
    expect(lanes().some((l) => app.ctx.registry.chain(l.toChainId)?.wire.chain_type === 'evm')).toBe(true);
  });

  it('every lane: approval + sendToken, TokenSent with the destination name, recipient, symbol and amount', async () => {
    for (const [k, lane] of lanes().entries()) {
      const amount = lane.fee * 20n + BigInt(k);
      const recipient =
        lane.toChainId === 'osmosis-1' ? OSMO_USER : lane.toChainId === 'neutron-1' ? NEUTRON_USER : EVM_RECIPIENT;
      const res = await post(app.app, '/v2/fungible/msgs_direct', {
        source_asset_chain_id: chainId,
        source_asset_denom: lane.denomIn,
        dest_asset_chain_id: lane.toChainId,
        dest_asset_denom: lane.denomOut,
        amount_in: amount.toString(),
        // This lane, not another bridge's route between the same assets.
        bridges: ['AXELAR'],
        chain_ids_to_addresses: { [chainId]: user, [lane.toChainId]: recipient },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['axelar_transfer']);
      const tx = body.txs[0].evm_tx;
      expect(tx).toMatchObject({ chain_id: chainId, to: gateway, value: '0', signer_address: user });
      expect(tx.required_erc20_approvals).toEqual([
        { token_contract: lane.denomIn, spender: gateway, amount: amount.toString() },
      ]);
      const before = await node.publicClient.readContract({
        address: lane.denomIn as Address,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [gateway],
      });
      for (const a of tx.required_erc20_approvals)
        await send(
          node,
          1,
          a.token_contract,
          encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
        );
      const hash = await send(node, 1, tx.to, `0x${tx.data}`);
      const receipt = await node.publicClient.getTransactionReceipt({ hash });
      const events = eventsOf(receipt.logs, gateway, GATEWAY_ABI).filter((e) => e.eventName === 'TokenSent');
      expect(events).toHaveLength(1);
      expect(events[0]!.args).toEqual({
        sender: user,
        destinationChain: cfg.chainName.get(lane.toChainId),
        destinationAddress: recipient,
        symbol: lane.sourceSymbol,
        amount,
      });
      // An external token is locked in the gateway.
      expect(
        await node.publicClient.readContract({
          address: lane.denomIn as Address,
          abi: ERC20,
          functionName: 'balanceOf',
          args: [gateway],
        }),
      ).toBe(before + amount);
    }
  }, 120_000);
});
