/**
 * Axelar's own EVM contracts on anvil, from the npm package @axelar-network/axelar-cgp-solidity:
 * - AxelarGateway, AxelarAuthWeighted and TokenDeployer compiled from the package's sources (imports resolved from
 *   node_modules), the gateway's runtime code placed at the chain's gateway address of data/contracts.json. Tokens
 *   are the tests' own ERC-20 (TestTokens.sol) placed at the data file's token addresses and registered the way Axelar
 *   does it: a `deployToken` command for an external token, signed by the test's operator set and run through
 *   `execute`.
 * - AxelarGasService from the bytecode the package's artifacts ship, placed at the gas service address.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  encodeAbiParameters,
  encodeFunctionData,
  keccak256,
  pad,
  parseAbi,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { anvilAccount, type Anvil } from './anvil.js';
import { copyCodeTo, deployContract, sendTx } from './deploy.js';
import { compilePackageSources, compileSolidity, type Compiled } from './solidity.js';

const require = createRequire(import.meta.url);

/** Axelar's gateway contracts compiled from the package's sources, once per process. */
export function axelarGatewayContracts(): Record<string, Compiled> {
  const entry = ['AxelarGateway.sol', 'auth/AxelarAuthWeighted.sol', 'TokenDeployer.sol'].map(
    (f) => `@axelar-network/axelar-cgp-solidity/contracts/${f}`,
  );
  // A few files pin `pragma solidity 0.8.9` exactly; the project's solc (a newer 0.8) compiles them otherwise unchanged.
  return compilePackageSources(entry, (text) => text.replace(/pragma solidity 0\.8\.9;/, 'pragma solidity ^0.8.9;'));
}

export const ERC20_ABI = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
export const GATEWAY_ADMIN_ABI = parseAbi([
  'function execute(bytes input)',
  'function tokenAddresses(string symbol) view returns (address)',
]);

export interface GatewayToken {
  address: Address;
  symbol: string;
}

/**
 * The gateway at `gateway` with `tokens` registered as external tokens, each minted to `holder` in plenty. The
 * operator set is anvil account 0 alone, weight 1, threshold 1.
 */
export async function installAxelarGateway(
  node: Anvil,
  chainId: number,
  gateway: Address,
  tokens: readonly GatewayToken[],
  holder: Address,
): Promise<void> {
  const contracts = axelarGatewayContracts();
  const operator = anvilAccount(0);
  const operators = encodeAbiParameters(
    [{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'uint256' }],
    [[operator.address], [1n], 1n],
  );
  const auth = await deployContract(node, contracts.AxelarAuthWeighted!, [[operators]]);
  const tokenDeployer = await deployContract(node, contracts.TokenDeployer!);
  await copyCodeTo(node, await deployContract(node, contracts.AxelarGateway!, [auth, tokenDeployer]), gateway);
  const erc20 = compileSolidity(new URL('./TestTokens.sol', import.meta.url)).TestUSDC!;
  for (const t of tokens) {
    await copyCodeTo(node, await deployContract(node, erc20), t.address);
    await sendTx(node, 1, {
      to: t.address,
      data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'mint', args: [holder, 10n ** 30n] }),
    });
  }
  const params = tokens.map((t) =>
    encodeAbiParameters(
      [
        { type: 'string' },
        { type: 'string' },
        { type: 'uint8' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint256' },
      ],
      [t.symbol, t.symbol, 6, 0n, t.address, 0n],
    ),
  );
  const data = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'bytes32[]' }, { type: 'string[]' }, { type: 'bytes[]' }],
    [BigInt(chainId), tokens.map((_, i) => pad(toHex(i + 1))), tokens.map(() => 'deployToken'), params],
  );
  const signature = await operator.signMessage({ message: { raw: keccak256(data) } });
  const proof = encodeAbiParameters(
    [{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'uint256' }, { type: 'bytes[]' }],
    [[operator.address], [1n], 1n, [signature]],
  );
  const input: Hex = encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes' }], [data, proof]);
  await sendTx(node, 0, {
    to: gateway,
    data: encodeFunctionData({ abi: GATEWAY_ADMIN_ABI, functionName: 'execute', args: [input] }),
  });
}

/** AxelarGasService (the package's compiled artifact) at `at`, its gas collector anvil account 0. */
export async function installAxelarGasService(node: Anvil, at: Address): Promise<Compiled> {
  const artifact = JSON.parse(
    readFileSync(
      require.resolve('@axelar-network/axelar-cgp-solidity/artifacts/contracts/gas-service/AxelarGasService.sol/AxelarGasService.json'),
      'utf8',
    ),
  ) as { abi: Abi; bytecode: Hex };
  const gasService = { abi: artifact.abi, bytecode: artifact.bytecode };
  await copyCodeTo(node, await deployContract(node, gasService, [anvilAccount(0).address]), at);
  return gasService;
}
