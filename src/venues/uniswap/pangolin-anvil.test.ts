/**
 * The recorded Pangolin WAVAX/USDC pair (data/pools/evm-43114.json) against Pangolin's own contracts on anvil:
 * PangolinFactory and PangolinPair as compiled in npm @pangolindex/exchange-contracts 2.1.9, the pair holding the
 * recorded reserves (as read in 2022, and as re-priced). The pair's swap is the judge: it pays out what it is asked
 * only if the input keeps x·y after its 0.3 % fee ('Pangolin: K'), so Junction's exact-in output must be paid and one
 * unit more refused, and Junction's exact-out input must buy the output and one unit less must not.
 *
 * The swap as Junction encodes it for Skip's SkipGoSwapRouter (one UNISWAP_V2 hop naming the pair, fee 30 bps; Uniswap's
 * SwapRouter02 cannot run a Pangolin pair), run by Junction's stand-in for SkipGoSwapRouter and its UniswapV2Adapter
 * (test-helpers/evm/SkipGoSwapRouterStandIn.sol) on the real pair, pays exactly Junction's quote.
 *
 * Live ingest with Avalanche's two V2 deployments (Uniswap's and Pangolin's, each deployed here): each pair is derived
 * from its own factory and init code hash, read, and served under its own protocol.
 */
import { encodeFunctionData, getAddress, keccak256, parseAbi, type Address, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDataFile } from '../../registry/data-files.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { deployContract } from '../../test-helpers/evm/deploy.js';
import { hardhatArtifact } from '../../test-helpers/evm/npm-artifacts.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { evmSwapCall } from '../../routing/evm-swap-call.js';
import type { SwapStep } from '../../routing/types.js';
import { uniswapChain, v2PairAddress, type UniswapChain } from './chains.js';
import { uniswapFetcher } from './ingest.js';
import { buildPool } from './parse.js';
import { deployUniswap, placeMulticall3, placeToken, send, tryPairSwap } from './test-helpers/uniswap-on-anvil.js';
import type { ConstantProductPool } from './v2-pool.js';

const ARTIFACTS = '@pangolindex/exchange-contracts/artifacts/contracts/pangolin-core';
const FACTORY = hardhatArtifact(`${ARTIFACTS}/PangolinFactory.sol/PangolinFactory.json`);
const PAIR = hardhatArtifact(`${ARTIFACTS}/PangolinPair.sol/PangolinPair.json`);
const TOKEN = parseAbi([
  'function mint(address, uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
]);

interface Rec {
  protocol: string;
  address: Address;
  token0: Address;
  token1: Address;
  reserve0: string;
  reserve1: string;
  recorded: { reserve0: string; reserve1: string };
}
const rec = readDataFile<{ pools: Rec[] }>('pools/evm-43114.json').pools[0]!;
const avalanche = uniswapChain('43114')!;
const WAVAX = rec.token0;
const USDC = rec.token1;
const TRADER = anvilAccount(1).address;

let node: Anvil;
let pangolinFactory: Address;

/** The factory's WAVAX/USDC pair holding `reserve0` / `reserve1` (paid to the pair, recorded by its own mint). */
async function createPangolinPair(reserve0: bigint, reserve1: bigint): Promise<Address> {
  await send(
    node,
    0,
    pangolinFactory,
    encodeFunctionData({ abi: FACTORY.abi, functionName: 'createPair', args: [WAVAX, USDC] }),
  );
  const pair = getAddress(
    (await node.publicClient.readContract({
      address: pangolinFactory,
      abi: FACTORY.abi,
      functionName: 'getPair',
      args: [WAVAX, USDC],
    })) as Address,
  );
  await send(node, 0, WAVAX, encodeFunctionData({ abi: TOKEN, functionName: 'mint', args: [pair, reserve0] }));
  await send(node, 0, USDC, encodeFunctionData({ abi: TOKEN, functionName: 'mint', args: [pair, reserve1] }));
  await send(
    node,
    0,
    pair,
    encodeFunctionData({ abi: PAIR.abi, functionName: 'mint', args: [anvilAccount(0).address] }),
  );
  return pair;
}

beforeAll(async () => {
  node = await startAnvil(43114);
  await placeToken(node, WAVAX, 18);
  await placeToken(node, USDC, 6);
  pangolinFactory = await deployContract(node, FACTORY, [anvilAccount(0).address]);
}, 120_000);

afterAll(async () => {
  await node?.stop();
});

describe.each([
  ['re-priced (as served)', rec.reserve0, rec.reserve1],
  ['as recorded in 2022', rec.recorded.reserve0, rec.recorded.reserve1],
])('Pangolin WAVAX/USDC on anvil, reserves %s', (_, r0, r1) => {
  let pair: Address;
  let pool: ConstantProductPool;
  let before: Hex;
  beforeAll(async () => {
    before = await node.testClient.snapshot();
    pair = await createPangolinPair(BigInt(r0), BigInt(r1));
    // The pool as Junction builds it from the data file's record.
    pool = buildPool(avalanche, { ...rec, reserve0: r0, reserve1: r1 }, 'pools[0]') as ConstantProductPool;
  }, 60_000);
  afterAll(async () => {
    await node.testClient.revert({ id: before });
  });

  it('the pair holds the reserves and is the fork Junction prices (0.3 % fee)', async () => {
    const reserves = (await node.publicClient.readContract({
      address: pair,
      abi: PAIR.abi,
      functionName: 'getReserves',
    })) as readonly bigint[];
    expect([reserves[0], reserves[1]]).toEqual([BigInt(r0), BigInt(r1)]);
    expect(pool.protocol).toBe('pangolin-v2');
    expect([pool.state.feeNumerator, pool.state.feeDenominator]).toEqual([997n, 1000n]);
  });

  it('exact in: the pair pays Junction’s output and refuses one unit more, both ways', async () => {
    for (const [tokenIn, tokenOut, amountIn] of [
      [WAVAX, USDC, 10n * 10n ** 18n],
      [WAVAX, USDC, 5_000n * 10n ** 18n],
      [USDC, WAVAX, 100n * 10n ** 6n],
      [USDC, WAVAX, 250_000n * 10n ** 6n],
    ] as const) {
      const out = pool.exactIn(tokenIn, tokenOut, amountIn)!;
      expect((await tryPairSwap(node, pair, tokenIn, amountIn, tokenOut, out)).received, `${tokenIn} ${amountIn}`).toBe(
        out,
      );
      expect((await tryPairSwap(node, pair, tokenIn, amountIn, tokenOut, out + 1n)).reverted).toContain('Pangolin: K');
    }
  }, 120_000);

  it('exact out: Junction’s input buys the output and one unit less does not, both ways', async () => {
    for (const [tokenIn, tokenOut, want] of [
      [WAVAX, USDC, 142n * 10n ** 6n],
      [WAVAX, USDC, 400_000n * 10n ** 6n],
      [USDC, WAVAX, 7n * 10n ** 18n],
      [USDC, WAVAX, 9_000n * 10n ** 18n],
    ] as const) {
      const amountIn = pool.exactOut(tokenIn, tokenOut, want)!;
      expect((await tryPairSwap(node, pair, tokenIn, amountIn, tokenOut, want)).received, `${tokenOut} ${want}`).toBe(
        want,
      );
      expect((await tryPairSwap(node, pair, tokenIn, amountIn - 1n, tokenOut, want)).reverted).toContain('Pangolin: K');
    }
  }, 120_000);

  it('SkipGoSwapRouter calldata for the pair (UNISWAP_V2 hop, fee 30 bps) swaps USDC for WAVAX as quoted', async () => {
    const amountIn = 1_000n * 10n ** 6n;
    // The pair of this node (its address is not the mainnet one), as Junction builds it from a record.
    const here = buildPool(avalanche, { ...rec, address: pair, reserve0: r0, reserve1: r1 }, 'pools[0]');
    const out = here.exactIn(USDC, WAVAX, amountIn)!;
    expect(out).toBe(pool.exactIn(USDC, WAVAX, amountIn));
    const step: SwapStep = {
      kind: 'swap',
      venue: { name: avalanche.venue, chainId: '43114', logoUri: '' },
      chainId: '43114',
      denomIn: USDC,
      denomOut: WAVAX,
      exact: 'in',
      routes: [{ path: [{ pool: here, denomIn: USDC, denomOut: WAVAX }], amountIn, amountOut: out }],
      amountIn,
      amountOut: out,
      grossOut: out,
      affiliateFee: 0n,
      priceImpact: undefined,
    };
    const call = evmSwapCall(step, amountIn, out);
    // No SwapRouter02 calldata: it derives Uniswap's pair addresses, not Pangolin's.
    expect(call.calldata).toBe('');
    expect(call.calldataRefused).toContain('SwapRouter02 cannot execute');
    const standIn = compileSolidity(
      new URL('../../test-helpers/evm/SkipGoSwapRouterStandIn.sol', import.meta.url),
    ).SkipGoSwapRouterStandIn!;
    const router = await deployContract(node, standIn, [WAVAX]);
    const snapshot = await node.testClient.snapshot();
    try {
      await send(node, 0, USDC, encodeFunctionData({ abi: TOKEN, functionName: 'mint', args: [TRADER, amountIn] }));
      await send(node, 1, USDC, encodeFunctionData({ abi: TOKEN, functionName: 'approve', args: [router, amountIn] }));
      const balance = async () =>
        (await node.publicClient.readContract({
          address: WAVAX,
          abi: TOKEN,
          functionName: 'balanceOf',
          args: [TRADER],
        })) as bigint;
      const before = await balance();
      await send(node, 1, router, `0x${call.skipGoCalldata!}`, 500_000n);
      expect((await balance()) - before).toBe(out);
      // The minimum is Junction's quote: one unit more is refused by the router.
      const greedy = evmSwapCall(step, amountIn, out + 1n).skipGoCalldata!;
      await send(node, 0, USDC, encodeFunctionData({ abi: TOKEN, functionName: 'mint', args: [TRADER, amountIn] }));
      await send(node, 1, USDC, encodeFunctionData({ abi: TOKEN, functionName: 'approve', args: [router, amountIn] }));
      await expect(node.publicClient.call({ account: TRADER, to: router, data: `0x${greedy}` })).rejects.toThrow(
        /amount out is less than amount out min/,
      );
    } finally {
      await node.testClient.revert({ id: snapshot });
    }
  }, 120_000);
});

describe('live ingest with two V2 deployments on Avalanche (Uniswap’s and Pangolin’s)', () => {
  it('derives each pair from its own factory and reads it under its own protocol', async () => {
    const snap = await node.testClient.snapshot();
    try {
      const u = await deployUniswap(node);
      await placeMulticall3(node);
      const pangolinPair = await createPangolinPair(BigInt(rec.reserve0), BigInt(rec.reserve1));
      // A Uniswap V2 pair of the same tokens with other reserves.
      await send(
        node,
        0,
        u.v2Factory,
        encodeFunctionData({
          abi: parseAbi(['function createPair(address, address) returns (address)']),
          functionName: 'createPair',
          args: [WAVAX, USDC],
        }),
      );
      const [uniswap, pangolin] = avalanche.v2;
      expect([uniswap!.protocol, pangolin!.protocol]).toEqual(['uniswap-v2', 'pangolin-v2']);
      const uniswapPair = v2PairAddress(u.v2Factory, uniswap!.initCodeHash, WAVAX, USDC);
      await send(
        node,
        0,
        WAVAX,
        encodeFunctionData({ abi: TOKEN, functionName: 'mint', args: [uniswapPair, 10n ** 21n] }),
      );
      await send(
        node,
        0,
        USDC,
        encodeFunctionData({ abi: TOKEN, functionName: 'mint', args: [uniswapPair, 3n * 10n ** 10n] }),
      );
      await send(node, 0, uniswapPair, encodeFunctionData({ abi: PAIR.abi, functionName: 'mint', args: [TRADER] }));
      // The chain as configured, its factories where this node has them. PangolinPair's creation code as compiled in
      // the npm package differs from the one deployed on Avalanche (build metadata), hence its own hash here; the
      // shipped hash reproduces the real pair's address (venue.test.ts).
      const chain: UniswapChain = {
        ...avalanche,
        v3: [],
        v2: [
          { ...uniswap!, factory: u.v2Factory },
          { ...pangolin!, factory: pangolinFactory, initCodeHash: keccak256(PAIR.bytecode) },
        ],
        mainTokens: new Map([
          ['WAVAX', WAVAX],
          ['USDC', USDC],
        ]),
      };
      expect(v2PairAddress(pangolinFactory, keccak256(PAIR.bytecode), USDC, WAVAX)).toBe(pangolinPair);
      const got = await uniswapFetcher({ chain, url: node.url })(new AbortController().signal);
      const pools = got.pools as ConstantProductPool[];
      expect(pools.map((p) => [p.id, p.protocol, p.state.reserve0, p.state.reserve1])).toEqual([
        [uniswapPair, 'uniswap-v2', 10n ** 21n, 3n * 10n ** 10n],
        [pangolinPair, 'pangolin-v2', BigInt(rec.reserve0), BigInt(rec.reserve1)],
      ]);
    } finally {
      await node.testClient.revert({ id: snap });
    }
  }, 120_000);
});
