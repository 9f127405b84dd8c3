/**
 * Circle's CCTP V1 on a local anvil node, at the mainnet addresses of data/contracts.json: the TokenMessenger and
 * MessageTransmitter bytecode and ABI as shipped by the npm package @wormhole-foundation/sdk-evm-cctp, linked to the
 * tests' own `Message` address library; USDC and the token minter are the tests' own small contracts
 * (TestTokens.sol) with USDC's code placed at the chain's USDC address. Shared by the CCTP burn test and the SDK's
 * executeRoute test.
 */
import { encodeFunctionData, getAddress, pad, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { cctpConfig } from '../../bridges/cctp/config.js';
import { readDataFile, type ContractsFile } from '../../registry/data-files.js';
import { anvilAccount, type Anvil } from './anvil.js';
import { compileSolidity } from './solidity.js';

interface Factory {
  abi: Abi;
  bytecode: Hex;
}

/** The link placeholder of Circle's address library (src/messages/Message.sol:Message) in both contracts' bytecode. */
const MESSAGE_LIBRARY_PLACEHOLDER = '__$8c977731748aa4504deed57239565df533$__';

export const ERC20_TEST_ABI = parseAbi([
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

/**
 * Circle's contracts from the npm package (its root entry needs optional peers, so the factory files are loaded),
 * linked against a deployed address library.
 */
async function circleFactory(name: 'TokenMessenger' | 'MessageTransmitter', library: Address): Promise<Factory> {
  const root = import.meta.resolve('@wormhole-foundation/sdk-evm-cctp');
  const mod = (await import(new URL(`./ethers-contracts/factories/${name}__factory.js`, root).href)) as Record<
    string,
    Factory
  >;
  const f = mod[`${name}__factory`]!;
  return {
    abi: f.abi,
    bytecode: f.bytecode.replaceAll(MESSAGE_LIBRARY_PLACEHOLDER, library.slice(2).toLowerCase()) as Hex,
  };
}

export async function deploy(node: Anvil, factory: Factory, args: readonly unknown[] = []): Promise<Address> {
  const hash = await node.wallet(0).deployContract({
    abi: factory.abi,
    bytecode: factory.bytecode,
    args,
    account: anvilAccount(0),
    chain: node.chain,
  });
  return (await node.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
}

/** Copies a deployed contract's code and its first storage slots (its plain state variables) to another address. */
export async function copyWithState(node: Anvil, from: Address, to: Address): Promise<void> {
  await node.testClient.setCode({ address: to, bytecode: (await node.publicClient.getCode({ address: from }))! });
  for (let slot = 0; slot < 32; slot++) {
    const value = await node.publicClient.getStorageAt({ address: from, slot: pad(`0x${slot.toString(16)}`) });
    if (value && BigInt(value) !== 0n) await node.testClient.setStorageAt({ address: to, index: slot, value });
  }
}

/** Copies a deployed contract (code and, if given, its owner slot) to another address. */
export async function placeAt(node: Anvil, from: Address, to: Address, owner?: Address): Promise<void> {
  const code = await node.publicClient.getCode({ address: from });
  await node.testClient.setCode({ address: to, bytecode: code! });
  if (!owner) return;
  for (let slot = 0; slot < 16; slot++) {
    const value = await node.publicClient.getStorageAt({ address: from, slot: pad(`0x${slot.toString(16)}`) });
    if (value && getAddress(`0x${value.slice(26)}`) === owner) {
      await node.testClient.setStorageAt({ address: to, index: slot, value: pad(owner) });
      return;
    }
  }
  throw new Error('owner slot not found');
}

export interface CircleCctp {
  usdc: Address;
  messenger: Address;
  /** The V1 MessageTransmitter the messenger sends through, at its mainnet address (its MessageSent carries the message). */
  transmitter: Address;
}

/** Deploys CCTP V1 on `node` for `chainId`, every other CCTP domain registered as a remote, and mints USDC. */
export async function deployCircleCctp(
  node: Anvil,
  chainId: string,
  mintTo: readonly [Address, bigint][] = [],
): Promise<CircleCctp> {
  const cfg = cctpConfig();
  const usdc = getAddress(cfg.usdc.get(chainId)!);
  const messenger = getAddress(cfg.tokenMessenger.get(chainId)!);
  const owner = anvilAccount(0).address;
  const tokens = compileSolidity(new URL('./TestTokens.sol', import.meta.url));
  const library = await deploy(node, tokens.Message!);
  const transmitter = getAddress(readDataFile<ContractsFile>('contracts.json').cctp.message_transmitter_v1[chainId]!);
  await copyWithState(
    node,
    await deploy(node, await circleFactory('MessageTransmitter', library), [cfg.domain.get(chainId)!, owner, 8192, 0]),
    transmitter,
  );
  const deployed = await deploy(node, await circleFactory('TokenMessenger', library), [transmitter, 0]);
  await placeAt(node, deployed, messenger, owner);
  await placeAt(node, await deploy(node, tokens.TestUSDC!), usdc);
  const minter = await deploy(node, tokens.TestTokenMinter!);
  const call = async (to: Address, data: Hex) => {
    const hash = await node.wallet(0).sendTransaction({ to, data, account: anvilAccount(0), chain: node.chain });
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`set-up call to ${to} reverted`);
  };
  for (const [other, domain] of cfg.domain) {
    if (other === chainId) continue;
    await call(
      messenger,
      encodeFunctionData({
        abi: OWNER_ABI,
        functionName: 'addRemoteTokenMessenger',
        args: [domain, pad(`0x${(domain + 1).toString(16)}`)],
      }),
    );
  }
  await call(messenger, encodeFunctionData({ abi: OWNER_ABI, functionName: 'addLocalMinter', args: [minter] }));
  for (const [to, amount] of mintTo)
    await call(usdc, encodeFunctionData({ abi: ERC20_TEST_ABI, functionName: 'mint', args: [to, amount] }));
  return { usdc, messenger, transmitter };
}
