/**
 * Every EVM burn Junction builds for CCTP, executed on a real local EVM (anvil) against Circle's own TokenMessenger
 * and MessageTransmitter (V1 bytecode and ABI as shipped by the npm package @wormhole-foundation/sdk-evm-cctp),
 * placed at the mainnet addresses of data/contracts.json. USDC and the token minter are the tests' own small contracts
 * (src/test-helpers/evm/TestTokens.sol) placed at the chain's USDC address. For every EVM source chain and every
 * destination, the test takes the transaction from /v2/fungible/msgs_direct, sends the approvals it lists and the
 * transaction itself from a funded account, and reads Circle's DepositForBurn event. The smart-relayed burn into
 * Noble runs through the tests' own stand-in of Skip's CCTPRelayer (TestCCTPRelayer.sol) placed at its mainnet
 * address, in front of Circle's real TokenMessenger.
 */
import { PublicKey } from '@solana/web3.js';
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, decodeEventLog, encodeFunctionData, getAddress, pad, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { startAnvil, anvilAccount, type Anvil } from '../../test-helpers/evm/anvil.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { cctpConfig } from './config.js';
import { TOKEN_MESSENGER_ABI } from './evm.js';

interface Factory {
  abi: Abi;
  bytecode: Hex;
}

/** The link placeholder of Circle's address library (src/messages/Message.sol:Message) in both contracts' bytecode. */
const MESSAGE_LIBRARY_PLACEHOLDER = '__$8c977731748aa4504deed57239565df533$__';

/**
 * Circle's contracts from the npm package (its root entry needs optional peers, so the factory files are loaded),
 * linked against a deployed address library.
 */
async function circleFactory(name: 'TokenMessenger' | 'MessageTransmitter', library: Address): Promise<Factory> {
  const root = import.meta.resolve('@wormhole-foundation/sdk-evm-cctp');
  const mod = (await import(new URL(`./ethers-contracts/factories/${name}__factory.js`, root).href)) as Record<string, Factory>;
  const f = mod[`${name}__factory`]!;
  return { abi: f.abi, bytecode: f.bytecode.replaceAll(MESSAGE_LIBRARY_PLACEHOLDER, library.slice(2).toLowerCase()) as Hex };
}

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const OWNER_ABI = parseAbi([
  'function owner() view returns (address)',
  'function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger)',
  'function addLocalMinter(address newLocalMinter)',
]);

const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const SOLANA_USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const EVM_CHAINS = ['1', '43114', '10', '42161', '8453', '137'];

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.app.close());

async function deploy(node: Anvil, factory: Factory, args: readonly unknown[] = []): Promise<Address> {
  const wallet = node.wallet(0);
  const hash = await wallet.deployContract({ abi: factory.abi, bytecode: factory.bytecode, args, account: anvilAccount(0), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  return receipt.contractAddress!;
}

/** Copies a deployed contract (code and its owner slot) to the address Junction's data file names. */
async function placeAt(node: Anvil, from: Address, to: Address, owner: Address): Promise<void> {
  const code = await node.publicClient.getCode({ address: from });
  await node.testClient.setCode({ address: to, bytecode: code! });
  for (let slot = 0; slot < 16; slot++) {
    const value = await node.publicClient.getStorageAt({ address: from, slot: pad(`0x${slot.toString(16)}`) });
    if (value && getAddress(`0x${value.slice(26)}`) === owner) {
      await node.testClient.setStorageAt({ address: to, index: slot, value: pad(owner) });
      return;
    }
  }
  throw new Error('owner slot not found');
}

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
    const owner = anvilAccount(0).address;
    const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url));
    const library = await deploy(node, tokens.Message!);
    const transmitter = await deploy(node, await circleFactory('MessageTransmitter', library), [cfg.domain.get(chainId)!, owner, 8192, 0]);
    const deployed = await deploy(node, await circleFactory('TokenMessenger', library), [transmitter, 0]);
    await placeAt(node, deployed, messenger, owner);
    const token = await deploy(node, tokens.TestUSDC!);
    await node.testClient.setCode({ address: usdc, bytecode: (await node.publicClient.getCode({ address: token }))! });
    const minter = await deploy(node, tokens.TestTokenMinter!);
    const admin = node.wallet(0);
    const call = async (data: Hex) => node.publicClient.waitForTransactionReceipt({ hash: await admin.sendTransaction({ to: messenger, data, account: anvilAccount(0), chain: node.chain }) });
    for (const [other, domain] of cfg.domain) {
      if (other === chainId) continue;
      await call(encodeFunctionData({ abi: OWNER_ABI, functionName: 'addRemoteTokenMessenger', args: [domain, pad(`0x${(domain + 1).toString(16)}`)] }));
    }
    await call(encodeFunctionData({ abi: OWNER_ABI, functionName: 'addLocalMinter', args: [minter] }));
    await send(node, usdc, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 15n] }));
  }, 60_000);
  afterAll(() => node?.stop());

  const destinations: [string, string, string][] = [
    ['noble-1', 'uusdc', NOBLE_USER],
    ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', SOLANA_USER],
    ...EVM_CHAINS.filter((c) => c !== chainId).map((c): [string, string, string] => [c, cctpConfig().usdc.get(c)!, anvilAccount(2).address]),
  ];

  it.each(destinations)('to %s: approvals + depositForBurn, DepositForBurn event with the right fields', async (dest, destDenom, recipient) => {
    const amount = 123_456_789n + BigInt(destinations.findIndex((d) => d[0] === dest));
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: chainId,
      source_asset_denom: usdc,
      dest_asset_chain_id: dest,
      dest_asset_denom: destDenom,
      amount_in: amount.toString(),
      // The burn through Circle's TokenMessenger; the smart-relayed form into Noble is tested in smart-relay.test.ts.
      smart_relay: false,
      chain_ids_to_addresses: { [chainId]: user, [dest]: recipient },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['cctp_transfer']);
    expect(body.txs).toHaveLength(1);
    const tx = body.txs[0].evm_tx;
    expect(tx).toMatchObject({ chain_id: chainId, to: messenger, value: '0', signer_address: user });
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: usdc, spender: messenger, amount: amount.toString() }]);

    const supplyBefore = await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'totalSupply' });
    for (const a of tx.required_erc20_approvals) {
      await send(node, a.token_contract, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }));
    }
    const hash = await send(node, tx.to, `0x${tx.data}`);

    const receipt = await node.publicClient.getTransactionReceipt({ hash });
    const events = receipt.logs
      .filter((l) => getAddress(l.address) === messenger)
      .map((l) => {
        try {
          return decodeEventLog({ abi: TOKEN_MESSENGER_ABI, data: l.data, topics: l.topics });
        } catch {
          return undefined;
        }
      })
      .filter((e) => e?.eventName === 'DepositForBurn');
    expect(events).toHaveLength(1);
    const args = events[0]!.args as { amount: bigint; destinationDomain: number; mintRecipient: Hex; burnToken: Address; depositor: Address };
    expect(args.amount).toBe(amount);
    expect(args.destinationDomain).toBe(cfg.domain.get(dest));
    expect(args.burnToken).toBe(usdc);
    expect(args.depositor).toBe(user);
    expect(args.mintRecipient).toBe(expectedRecipient(dest, recipient));
    expect(await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'totalSupply' })).toBe(supplyBefore - amount);
  });

  it.runIf(chainId === '1')('to noble-1 with smart relay: the relayer pulls burn + fee, keeps the fee, burns with Noble\'s relayer as caller', async () => {
    const relayer = getAddress(cfg.relay.relayer.get('1')!);
    const own = compileSolidity(new URL('./TestCCTPRelayer.sol', import.meta.url));
    await node.testClient.setCode({ address: relayer, bytecode: (await node.publicClient.getCode({ address: await deploy(node, own.TestCCTPRelayer!, [messenger]) }))! });
    const amount = 12_000_000n;
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: usdc,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: amount.toString(),
      chain_ids_to_addresses: { '1': user, 'noble-1': NOBLE_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    const fee = BigInt(route.estimated_fees[0].amount);
    const tx = txs[0].evm_tx;
    expect(tx.to).toBe(relayer);
    for (const a of tx.required_erc20_approvals) {
      await send(node, a.token_contract, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }));
    }
    const relayerBefore = await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'balanceOf', args: [relayer] });
    const hash = await send(node, tx.to, `0x${tx.data}`);
    const receipt = await node.publicClient.getTransactionReceipt({ hash });
    const burns = receipt.logs
      .filter((l) => getAddress(l.address) === messenger)
      .map((l) => {
        try {
          return decodeEventLog({ abi: TOKEN_MESSENGER_ABI, data: l.data, topics: l.topics });
        } catch {
          return undefined;
        }
      })
      .filter((e) => e?.eventName === 'DepositForBurn');
    expect(burns).toHaveLength(1);
    const args = burns[0]!.args as { amount: bigint; destinationDomain: number; mintRecipient: Hex; destinationCaller: Hex; depositor: Address };
    expect(args.amount).toBe(amount - fee);
    expect(args.amount).toBe(BigInt(route.estimated_amount_out));
    expect(args.destinationDomain).toBe(4);
    expect(args.mintRecipient).toBe(expectedRecipient('noble-1', NOBLE_USER));
    // Only Noble's relayer (the fee receiver of data/contracts.json) may mint it.
    expect(args.destinationCaller).toBe(expectedRecipient('noble-1', 'noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe'));
    expect(args.depositor).toBe(relayer);
    expect(await node.publicClient.readContract({ address: usdc, abi: ERC20, functionName: 'balanceOf', args: [relayer] })).toBe(relayerBefore + fee);
  });
});

/** The mint recipient computed independently of the code under test. */
function expectedRecipient(dest: string, recipient: string): Hex {
  if (dest === 'noble-1') return pad(bytesToHex(Uint8Array.from(bech32.fromWords(bech32.decode(recipient).words))));
  if (dest === 'solana') {
    // The recipient's associated USDC token account: seeds [owner, SPL Token program, mint] under the ATA program.
    const [ata] = PublicKey.findProgramAddressSync(
      [
        new PublicKey(recipient).toBuffer(),
        new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA').toBuffer(),
        new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v').toBuffer(),
      ],
      new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
    );
    return bytesToHex(ata!.toBytes());
  }
  return pad(recipient.toLowerCase() as Hex);
}
