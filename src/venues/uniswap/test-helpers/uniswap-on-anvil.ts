/**
 * Uniswap on a local anvil node, from Uniswap's own npm artifacts: UniswapV3Factory and its pools (@uniswap/v3-core),
 * UniswapV2Factory and its pairs (@uniswap/v2-core), and SwapRouter02 (@uniswap/swap-router-contracts), whose pool
 * address derivation matches these artifacts' creation code. Tokens are our mintable TestToken placed at the real
 * token addresses, so pools order them as on mainnet and recorded states apply unchanged; positions are minted so that
 * every recorded tick has its recorded liquidityNet.
 */
import { createRequire } from 'node:module';
import {
  TransactionReceiptNotFoundError,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { anvilAccount, type Anvil } from '../../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, gasWithMargin } from '../../../test-helpers/evm/deploy.js';
import { compileSolidity, type Compiled } from '../../../test-helpers/evm/solidity.js';
import type { V3Tick } from '../v3-pool.js';

const require = createRequire(import.meta.url);

/** Canonical Multicall3 address (the same on every EVM chain). */
const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

function artifact(file: string): Compiled {
  const a = require(file) as { abi: Abi; bytecode: string };
  return { abi: a.abi, bytecode: `0x${a.bytecode.replace(/^0x/, '')}` as Hex };
}

export const V3_FACTORY = artifact('@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json');
export const V3_POOL = artifact('@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json');
export const V2_FACTORY = artifact('@uniswap/v2-core/build/UniswapV2Factory.json');
const V2_PAIR = artifact('@uniswap/v2-core/build/UniswapV2Pair.json');
export const ROUTER = artifact('@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json');
const support = () => compileSolidity(new URL('./UniswapTestSupport.sol', import.meta.url));
export const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function mint(address, uint256)',
]);

export interface UniswapOnAnvil {
  node: Anvil;
  v3Factory: Address;
  v2Factory: Address;
  router: Address;
  minter: Address;
}

export async function deployUniswap(node: Anvil): Promise<UniswapOnAnvil> {
  const owner = anvilAccount(0).address;
  const v3Factory = await deployContract(node, V3_FACTORY);
  const v2Factory = await deployContract(node, V2_FACTORY, [owner]);
  // WETH9 and the position manager are only used by the router's native-ETH and liquidity paths, not by these swaps.
  const router = await deployContract(node, ROUTER, [v2Factory, v3Factory, owner, owner]);
  const minter = await deployContract(node, support().PositionMinter!);
  return { node, v3Factory, v2Factory, router, minter };
}

/** Our mintable ERC-20 with `decimals`, at `address`. */
export async function placeToken(node: Anvil, address: Address, decimals: number): Promise<void> {
  const deployed = await deployContract(node, support().TestToken!, [decimals]);
  await copyCodeTo(node, deployed, address);
}

/** Our Multicall3 (aggregate3, getBlockNumber) at the canonical address. */
export async function placeMulticall3(node: Anvil): Promise<void> {
  await copyCodeTo(node, await deployContract(node, support().Multicall3!), MULTICALL3);
}

/**
 * Sends a transaction from anvil account `index` (with `gas` where the node's estimate falls short: a batch of mints,
 * pool → our callback → token, needs more once the 63/64 rule applies) and returns its receipt (viem's receipt waiter
 * polls every few seconds, which would dominate these tests' time).
 *
 * Without `gas`, the node's estimate with a margin ({@link gasWithMargin}): a V3 swap's gas depends on the block's
 * timestamp.
 */
export async function send(node: Anvil, index: number, to: Address, data: Hex, gas?: bigint) {
  const account = anvilAccount(index);
  const limit = gas ?? (await gasWithMargin(node, index, { to, data }));
  const hash = await node.wallet(index).sendTransaction({ to, data, gas: limit, account, chain: node.chain });
  const receipt = await receiptOf(node, hash);
  if (receipt.status !== 'success') throw new Error(`transaction to ${to} reverted`);
  return receipt;
}

/** The receipt once the node has it (anvil mines at once; asked again every few milliseconds until it answers). */
async function receiptOf(node: Anvil, hash: Hex) {
  for (;;) {
    try {
      return await node.publicClient.getTransactionReceipt({ hash });
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
      await new Promise((r) => setTimeout(r, 2));
    }
  }
}

async function call(
  u: UniswapOnAnvil,
  to: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  gas?: bigint,
) {
  return send(u.node, 0, to, encodeFunctionData({ abi, functionName, args }), gas);
}

/** Creates and initializes a V3 pool (enabling the fee tier first if the factory lacks it). */
export async function createV3Pool(
  u: UniswapOnAnvil,
  token0: Address,
  token1: Address,
  fee: number,
  tickSpacing: number,
  sqrtPriceX96: bigint,
): Promise<Address> {
  const enabled = (await u.node.publicClient.readContract({
    address: u.v3Factory,
    abi: V3_FACTORY.abi,
    functionName: 'feeAmountTickSpacing',
    args: [fee],
  })) as number;
  if (enabled === 0) await call(u, u.v3Factory, V3_FACTORY.abi, 'enableFeeAmount', [fee, tickSpacing]);
  else if (enabled !== tickSpacing) throw new Error(`fee ${fee} has tick spacing ${enabled}`);
  const receipt = await call(u, u.v3Factory, V3_FACTORY.abi, 'createPool', [token0, token1, fee]);
  const created = receipt.logs
    .map((l) => {
      try {
        return decodeEventLog({ abi: V3_FACTORY.abi, data: l.data, topics: l.topics });
      } catch {
        return undefined;
      }
    })
    .find((e) => e?.eventName === 'PoolCreated');
  const pool = getAddress((created?.args as unknown as { pool: Address }).pool);
  await call(u, pool, V3_POOL.abi, 'initialize', [sqrtPriceX96]);
  return pool;
}

/**
 * Mints positions reproducing `ticks`: one position per range between consecutive initialized ticks, holding the
 * range's liquidity (the running sum of liquidityNet), so each tick's liquidityNet is the recorded one.
 */
export async function mintTicks(u: UniswapOnAnvil, pool: Address, ticks: readonly V3Tick[], batch = 20): Promise<void> {
  const sorted = [...ticks].sort((a, b) => a.tick - b.tick);
  const ranges: [number, number, bigint][] = [];
  let L = 0n;
  for (let i = 0; i < sorted.length - 1; i++) {
    L += sorted[i]!.liquidityNet;
    if (L < 0n) throw new Error('ticks do not describe positions (negative liquidity)');
    if (L > 0n) ranges.push([sorted[i]!.tick, sorted[i + 1]!.tick, L]);
  }
  const minterAbi = support().PositionMinter!.abi;
  for (let i = 0; i < ranges.length; i += batch) {
    const part = ranges.slice(i, i + batch);
    await call(
      u,
      u.minter,
      minterAbi,
      'mintMany',
      [pool, part.map((r) => r[0]), part.map((r) => r[1]), part.map((r) => r[2])],
      25_000_000n,
    );
  }
}

/** Creates a V2 pair holding `reserve0` / `reserve1` (minted to the pair, then the pair's own mint records them). */
export async function createV2Pair(
  u: UniswapOnAnvil,
  token0: Address,
  token1: Address,
  reserve0: bigint,
  reserve1: bigint,
): Promise<Address> {
  await call(u, u.v2Factory, V2_FACTORY.abi, 'createPair', [token0, token1]);
  const pair = (await u.node.publicClient.readContract({
    address: u.v2Factory,
    abi: V2_FACTORY.abi,
    functionName: 'getPair',
    args: [token0, token1],
  })) as Address;
  await call(u, token0, ERC20, 'mint', [pair, reserve0]);
  await call(u, token1, ERC20, 'mint', [pair, reserve1]);
  await call(u, pair, V2_PAIR.abi, 'mint', [anvilAccount(0).address]);
  return getAddress(pair);
}

/**
 * A V2 pair's answer (Uniswap's or a fork's: the same swap(amount0Out, amount1Out, to, data)) to paying `amountIn` of
 * `tokenIn` in (our mintable token) and asking for `out` of `tokenOut` for anvil account 1: what it received, or the
 * revert's message. The node is left as it was.
 */
export async function tryPairSwap(
  node: Anvil,
  pair: Address,
  tokenIn: Address,
  amountIn: bigint,
  tokenOut: Address,
  out: bigint,
): Promise<{ received?: bigint; reverted?: string }> {
  const trader = anvilAccount(1).address;
  const balance = async () =>
    (await node.publicClient.readContract({
      address: tokenOut,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [trader],
    })) as bigint;
  const snapshot = await node.testClient.snapshot();
  try {
    await send(node, 0, tokenIn, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [pair, amountIn] }));
    const outIsToken0 = BigInt(tokenOut) < BigInt(tokenIn);
    const data = encodeFunctionData({
      abi: V2_PAIR.abi,
      functionName: 'swap',
      args: [outIsToken0 ? out : 0n, outIsToken0 ? 0n : out, trader, '0x'],
    });
    try {
      await node.publicClient.call({ account: trader, to: pair, data });
    } catch (err) {
      return { reverted: (err as Error).message };
    }
    const before = await balance();
    // A fixed limit: the swap's gas depends on the block's second (the pair's price accumulators are written only when
    // time passed since its last update), and the node's estimate may come from an earlier second than the block.
    await send(node, 1, pair, data, 300_000n);
    return { received: (await balance()) - before };
  } finally {
    await node.testClient.revert({ id: snapshot });
  }
}
