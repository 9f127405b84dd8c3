/**
 * CCTP V2 on a local anvil node at Circle's mainnet addresses (TokenMessengerV2 and MessageTransmitterV2, one CREATE2
 * address on every chain): the tests' own stand-ins implementing the published V2 interface and events
 * (TestCctpV2.sol; no npm package ships Circle's V2 bytecode), every other V2 domain registered as a remote with the
 * same TokenMessengerV2 address, and the tests' USDC at the chain's USDC address.
 */
import { encodeFunctionData, getAddress, pad, parseAbi, type Address, type Hex } from 'viem';
import { cctpV2Config } from '../../bridges/cctp-v2/config.js';
import { anvilAccount, type Anvil } from './anvil.js';
import { deploy, ERC20_TEST_ABI, placeAt } from './circle-cctp.js';
import { compileSolidity } from './solidity.js';

const SETUP_ABI = parseAbi([
  'function initialize(uint32 domain)',
  'function initialize(address transmitter)',
  'function addRemoteTokenMessenger(uint32 domain, bytes32 tokenMessenger)',
]);

export interface CircleCctpV2 {
  usdc: Address;
  messenger: Address;
  transmitter: Address;
}

export async function deployCircleCctpV2(
  node: Anvil,
  chainId: string,
  mintTo: readonly [Address, bigint][] = [],
): Promise<CircleCctpV2> {
  const cfg = cctpV2Config();
  const usdc = getAddress(cfg.usdc.get(chainId)!);
  const messenger = getAddress(cfg.tokenMessenger);
  const transmitter = getAddress(cfg.messageTransmitter);
  const tokens = compileSolidity(new URL('./TestTokens.sol', import.meta.url));
  const v2 = compileSolidity(new URL('./TestCctpV2.sol', import.meta.url));
  await placeAt(node, await deploy(node, tokens.TestUSDC!), usdc);
  await placeAt(node, await deploy(node, v2.TestMessageTransmitterV2!), transmitter);
  await placeAt(node, await deploy(node, v2.TestTokenMessengerV2!), messenger);
  const call = async (to: Address, data: Hex) => {
    const hash = await node.wallet(0).sendTransaction({ to, data, account: anvilAccount(0), chain: node.chain });
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`set-up call to ${to} reverted`);
  };
  const domain = cfg.domain.get(chainId)!;
  await call(transmitter, encodeFunctionData({ abi: SETUP_ABI, functionName: 'initialize', args: [domain] }));
  await call(messenger, encodeFunctionData({ abi: SETUP_ABI, functionName: 'initialize', args: [transmitter] }));
  for (const [other, d] of cfg.domain) {
    if (other === chainId) continue;
    await call(
      messenger,
      encodeFunctionData({ abi: SETUP_ABI, functionName: 'addRemoteTokenMessenger', args: [d, pad(messenger)] }),
    );
  }
  for (const [to, amount] of mintTo)
    await call(usdc, encodeFunctionData({ abi: ERC20_TEST_ABI, functionName: 'mint', args: [to, amount] }));
  return { usdc, messenger, transmitter };
}
