/**
 * Axelar's own EVM contracts on anvil, from the npm package @axelar-network/axelar-cgp-solidity:
 * - AxelarGateway, AxelarAuthWeighted and TokenDeployer compiled from the package's sources (imports resolved from
 *   node_modules), the gateway's runtime code placed at the chain's gateway address of data/contracts.json. Tokens
 *   are the tests' own ERC-20 (TestTokens.sol), or the package's TestWeth for a wrapped native token, placed at the
 *   data file's token addresses and registered the way Axelar does it: a `deployToken` command for an external token,
 *   signed by the test's operator set and run through `execute`. The gateway holds a supply of each, which it
 *   releases when an approved call with token is executed on this chain.
 * - Axelar's delivery to this chain, as its validators sign it: an `approveContractCallWithMint` command through
 *   `execute`, after which the destination contract's executeWithToken may take the tokens (validateContractCallAndMint).
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
  type TransactionReceipt,
} from 'viem';
import { anvilAccount, type Anvil } from './anvil.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from './deploy.js';
import { compilePackageSources, compileSolidity, type Compiled } from './solidity.js';

const require = createRequire(import.meta.url);

/** Axelar's gateway contracts compiled from the package's sources, once per process. */
function axelarGatewayContracts(): Record<string, Compiled> {
  const entry = ['AxelarGateway.sol', 'auth/AxelarAuthWeighted.sol', 'TokenDeployer.sol', 'test/TestWeth.sol'].map(
    (f) => `@axelar-network/axelar-cgp-solidity/contracts/${f}`,
  );
  // A few files pin `pragma solidity 0.8.9` exactly; the project's solc (a newer 0.8) compiles them otherwise unchanged.
  return compilePackageSources(entry, (text) => text.replace(/pragma solidity 0\.8\.9;/, 'pragma solidity ^0.8.9;'));
}

export const ERC20_ABI = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);
const WETH_ABI = parseAbi(['function deposit() payable']);
const GATEWAY_ADMIN_ABI = parseAbi([
  'function execute(bytes input)',
  'function tokenAddresses(string symbol) view returns (address)',
  'event ContractCallApprovedWithMint(bytes32 indexed commandId, string sourceChain, string sourceAddress, address indexed contractAddress, bytes32 indexed payloadHash, string symbol, uint256 amount, bytes32 sourceTxHash, uint256 sourceEventIndex)',
]);

export interface GatewayToken {
  address: Address;
  symbol: string;
  /** A wrapped native token (WETH): the package's TestWeth, backed by deposited native gas, so it can be unwrapped. */
  wrapsNative?: boolean;
}

/** What the gateway holds of each token, to release on approved calls; the holder gets as much. */
const SUPPLY = 10n ** 30n;
/** A wrapped native token is backed by deposits of anvil's funded accounts: smaller. */
const WRAPPED_SUPPLY = 1_000n * 10n ** 18n;

/** The test's operator set signs `commands` as Axelar's validators would, and the gateway executes them. */
async function executeCommands(
  node: Anvil,
  chainId: number,
  gateway: Address,
  commands: readonly { id: Hex; name: string; params: Hex }[],
): Promise<TransactionReceipt> {
  const operator = anvilAccount(0);
  const data = encodeAbiParameters(
    [{ type: 'uint256' }, { type: 'bytes32[]' }, { type: 'string[]' }, { type: 'bytes[]' }],
    [BigInt(chainId), commands.map((c) => c.id), commands.map((c) => c.name), commands.map((c) => c.params)],
  );
  const signature = await operator.signMessage({ message: { raw: keccak256(data) } });
  const proof = encodeAbiParameters(
    [{ type: 'address[]' }, { type: 'uint256[]' }, { type: 'uint256' }, { type: 'bytes[]' }],
    [[operator.address], [1n], 1n, [signature]],
  );
  const input: Hex = encodeAbiParameters([{ type: 'bytes' }, { type: 'bytes' }], [data, proof]);
  return sendTx(node, 0, {
    to: gateway,
    data: encodeFunctionData({ abi: GATEWAY_ADMIN_ABI, functionName: 'execute', args: [input] }),
  });
}

/**
 * The gateway at `gateway` with `tokens` registered as external tokens, `holder` and the gateway each holding plenty
 * of every one. The operator set is anvil account 0 alone, weight 1, threshold 1.
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
    if (t.wrapsNative) {
      await copyCodeTo(node, await deployContract(node, contracts.TestWeth!, [t.symbol, t.symbol, 18, 0n]), t.address);
      // Account 0 wraps native gas and hands the tokens out (TestWeth's mint is its deployer's, left behind).
      await sendTx(node, 0, {
        to: t.address,
        data: encodeFunctionData({ abi: WETH_ABI, functionName: 'deposit' }),
        value: 2n * WRAPPED_SUPPLY,
      });
      for (const to of [holder, gateway])
        await sendTx(node, 0, {
          to: t.address,
          data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [to, WRAPPED_SUPPLY] }),
        });
      continue;
    }
    await copyCodeTo(node, await deployContract(node, erc20), t.address);
    for (const to of [holder, gateway])
      await sendTx(node, 1, {
        to: t.address,
        data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'mint', args: [to, SUPPLY] }),
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
      [t.symbol, t.symbol, t.wrapsNative ? 18 : 6, 0n, t.address, 0n],
    ),
  );
  await executeCommands(
    node,
    chainId,
    gateway,
    params.map((p, i) => ({ id: pad(toHex(i + 1)), name: 'deployToken', params: p })),
  );
}

/** A call with token Axelar has confirmed on its source chain, as the destination gateway's approval names it. */
export interface ApprovedCallWithToken {
  sourceChain: string;
  sourceAddress: string;
  contractAddress: Address;
  payloadHash: Hex;
  /** The token's gateway symbol on this (the destination) chain. */
  symbol: string;
  amount: bigint;
}

let approvals = 0;

/**
 * Axelar's delivery of a call with token to this chain: the `approveContractCallWithMint` command its validators sign,
 * executed by the gateway. Returns the command id the destination contract's executeWithToken must present.
 */
export async function approveContractCallWithMint(
  node: Anvil,
  chainId: number,
  gateway: Address,
  call: ApprovedCallWithToken,
): Promise<Hex> {
  const id = keccak256(toHex(`junction-test-approval-${chainId}-${++approvals}`));
  const params = encodeAbiParameters(
    [
      { type: 'string' },
      { type: 'string' },
      { type: 'address' },
      { type: 'bytes32' },
      { type: 'string' },
      { type: 'uint256' },
      { type: 'bytes32' },
      { type: 'uint256' },
    ],
    [
      call.sourceChain,
      call.sourceAddress,
      call.contractAddress,
      call.payloadHash,
      call.symbol,
      call.amount,
      keccak256(id),
      0n,
    ],
  );
  const receipt = await executeCommands(node, chainId, gateway, [{ id, name: 'approveContractCallWithMint', params }]);
  const approved = eventsOf(receipt.logs, gateway, GATEWAY_ADMIN_ABI).filter(
    (e) => e.eventName === 'ContractCallApprovedWithMint',
  );
  if (approved.length !== 1) throw new Error('the gateway did not approve the call with token');
  return id;
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
