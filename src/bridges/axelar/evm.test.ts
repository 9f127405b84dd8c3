/**
 * Every EVM transaction Junction builds for Axelar, executed on a local EVM (anvil) against Axelar's own gateway:
 * AxelarGateway, AxelarAuthWeighted and TokenDeployer compiled from the sources the npm package
 * @axelar-network/axelar-cgp-solidity ships (it ships no bytecode), the gateway's runtime code placed at the
 * chain's gateway address of data/contracts.json. The tokens are the tests' own ERC-20 (TestTokens.sol) placed at the
 * data file's token addresses and registered with the gateway the way Axelar does it: a `deployToken` command for an
 * external token, signed by the test's operator set and run through `execute`. For every Axelar lane that starts on
 * an EVM chain, the test takes the transaction from /v2/fungible/msgs_direct, sends its approvals and the transaction
 * from a funded account, and reads the gateway's TokenSent event.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEventLog, encodeAbiParameters, encodeFunctionData, getAddress, keccak256, pad, parseAbi, toHex, type Abi, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { axelarConfig } from './config.js';
import { GATEWAY_ABI } from './evm.js';
import { axelarBridge } from './index.js';

const require = createRequire(import.meta.url);

interface Factory {
  abi: Abi;
  bytecode: Hex;
}

/** Axelar's gateway contracts compiled from the package's sources (imports resolved from node_modules). */
function axelarContracts(): Record<string, Factory> {
  const pkg = (p: string) => require.resolve(p);
  const solc = require('solc') as { compile(input: string, opts: { import(path: string): { contents?: string; error?: string } }): string };
  const entry = ['AxelarGateway.sol', 'auth/AxelarAuthWeighted.sol', 'TokenDeployer.sol'].map((f) => `@axelar-network/axelar-cgp-solidity/contracts/${f}`);
  // A few files pin `pragma solidity 0.8.9` exactly; the project's solc (a newer 0.8) compiles them otherwise unchanged.
  const source = (path: string) => readFileSync(pkg(path), 'utf8').replace(/pragma solidity 0\.8\.9;/, 'pragma solidity ^0.8.9;');
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(entry.map((e) => [e, { content: source(e) }])),
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const find = (path: string) => {
    try {
      return { contents: source(path) };
    } catch {
      return { error: `not found: ${path}` };
    }
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: find })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const result: Record<string, Factory> = {};
  for (const file of Object.values(out.contracts)) for (const [name, c] of Object.entries(file)) result[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return result;
}

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const EXECUTE_ABI = parseAbi(['function execute(bytes input)', 'function tokenAddresses(string symbol) view returns (address)']);

const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NEUTRON_USER = 'neutron1nhzuazjhyfu474er6v4ey8zn6wa5fy6g8t08yq';
const EVM_RECIPIENT = anvilAccount(2).address;

let app: TestApp;
let contracts: Record<string, Factory>;
beforeAll(async () => {
  app = await buildTestApp();
  contracts = axelarContracts();
}, 120_000);
afterAll(() => app.app.close());

async function deploy(node: Anvil, factory: Factory, args: readonly unknown[] = []): Promise<Address> {
  const hash = await node.wallet(0).deployContract({ abi: factory.abi, bytecode: factory.bytecode, args, account: anvilAccount(0), chain: node.chain });
  return (await node.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
}

async function send(node: Anvil, from: number, to: Address, data: Hex): Promise<Hex> {
  const hash = await node.wallet(from).sendTransaction({ to, data, account: anvilAccount(from), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return hash;
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
    // The operator set: one operator (anvil account 0) of weight 1, threshold 1.
    const operator = anvilAccount(0);
    const operators = encodeAbiParameters([{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'uint256' }], [[operator.address], [1n], 1n]);
    const auth = await deploy(node, contracts.AxelarAuthWeighted!, [[operators]]);
    const tokenDeployer = await deploy(node, contracts.TokenDeployer!);
    const deployed = await deploy(node, contracts.AxelarGateway!, [auth, tokenDeployer]);
    await node.testClient.setCode({ address: gateway, bytecode: (await node.publicClient.getCode({ address: deployed }))! });
    const erc20 = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url)).TestUSDC!;
    for (const t of tokens) {
      const at = await deploy(node, erc20);
      await node.testClient.setCode({ address: t.address as Address, bytecode: (await node.publicClient.getCode({ address: at }))! });
      await send(node, 1, t.address as Address, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 30n] }));
    }
    // Register every token as an external token: the gateway's own deployToken command, signed and executed.
    const params = tokens.map((t) =>
      encodeAbiParameters([{ type: 'string' }, { type: 'string' }, { type: 'uint8' }, { type: 'uint256' }, { type: 'address' }, { type: 'uint256' }], [t.symbol, t.symbol, 6, 0n, t.address as Address, 0n]),
    );
    const data = encodeAbiParameters(
      [{ type: 'uint256' }, { type: 'bytes32[]' }, { type: 'string[]' }, { type: 'bytes[]' }],
      [BigInt(chainId), tokens.map((_, i) => pad(toHex(i + 1))), tokens.map(() => 'deployToken'), params],
    );
    const signature = await operator.signMessage({ message: { raw: keccak256(data) } });
    const proof = encodeAbiParameters([{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'uint256' }, { type: 'bytes[]' }], [[operator.address], [1n], 1n, [signature]]);
    await send(node, 0, gateway, encodeFunctionData({ abi: EXECUTE_ABI, functionName: 'execute', args: [encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes' }], [data, proof])] }));
    for (const t of tokens) expect(await node.publicClient.readContract({ address: gateway, abi: EXECUTE_ABI, functionName: 'tokenAddresses', args: [t.symbol] })).toBe(t.address);
  }, 120_000);
  afterAll(() => node?.stop());

  const lanes = () => axelarBridge.lanes(app.ctx.registry).filter((l) => l.fromChainId === chainId);

  it('has lanes to Cosmos and EVM chains', () => {
    expect(lanes().some((l) => app.ctx.registry.chain(l.toChainId)?.wire.chain_type === 'cosmos')).toBe(true);
    expect(lanes().some((l) => app.ctx.registry.chain(l.toChainId)?.wire.chain_type === 'evm')).toBe(true);
  });

  it('every lane: approval + sendToken, TokenSent with the destination name, recipient, symbol and amount', async () => {
    for (const [k, lane] of lanes().entries()) {
      const amount = lane.fee * 20n + BigInt(k);
      const recipient = lane.toChainId === 'osmosis-1' ? OSMO_USER : lane.toChainId === 'neutron-1' ? NEUTRON_USER : EVM_RECIPIENT;
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
      expect(tx.required_erc20_approvals).toEqual([{ token_contract: lane.denomIn, spender: gateway, amount: amount.toString() }]);
      const before = await node.publicClient.readContract({ address: lane.denomIn as Address, abi: ERC20, functionName: 'balanceOf', args: [gateway] });
      for (const a of tx.required_erc20_approvals) await send(node, 1, a.token_contract, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }));
      const hash = await send(node, 1, tx.to, `0x${tx.data}`);
      const receipt = await node.publicClient.getTransactionReceipt({ hash });
      const events = receipt.logs
        .filter((l) => getAddress(l.address) === gateway)
        .map((l) => {
          try {
            return decodeEventLog({ abi: GATEWAY_ABI, data: l.data, topics: l.topics });
          } catch {
            return undefined;
          }
        })
        .filter((e) => e?.eventName === 'TokenSent');
      expect(events).toHaveLength(1);
      expect(events[0]!.args).toEqual({ sender: user, destinationChain: cfg.chainName.get(lane.toChainId), destinationAddress: recipient, symbol: lane.sourceSymbol, amount });
      // An external token is locked in the gateway.
      expect(await node.publicClient.readContract({ address: lane.denomIn as Address, abi: ERC20, functionName: 'balanceOf', args: [gateway] })).toBe(before + amount);
    }
  }, 120_000);
});
