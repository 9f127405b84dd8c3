/**
 * Live ingest of Aerodrome Slipstream pools (a deployment keyed by tick spacing): discovery derives each pool of the
 * main tokens as CLFactory's clone for every enabled tick spacing, and every poll reads the pool's fee() (its fee
 * module may change it), which the quotes then use instead of the tick spacing's default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slipstreamPoolAddress, type UniswapChain } from './chains.js';
import { uniswapFetcher } from './ingest.js';
import { SYNTHETIC_FEE, startSyntheticNode, syntheticPool, type SyntheticNode } from './test-helpers/synthetic-rpc.js';
import { UniswapV3Pool } from './v3-pool.js';

const A = '0x00000000000000000000000000000000000000a0';
const B = '0x00000000000000000000000000000000000000b0';
const FACTORY = '0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A';
const IMPLEMENTATION = '0xeC8E5342B19977B4eF8892e02D8DAEcfa1315831';
const chain: UniswapChain = {
  chainId: '8453',
  venue: 'base-uniswap',
  nativeDenom: 'base-native',
  wrappedNative: A,
  swapRouter02: A,
  v3: [
    {
      protocol: 'aerodrome-slipstream',
      factory: FACTORY,
      poolImplementation: IMPLEMENTATION,
      feeTiers: new Map(),
      tickSpacings: new Map([
        [10, 500],
        [100, 500],
      ]),
    },
  ],
  v2: [],
  mainTokens: new Map([
    ['A', A],
    ['B', B],
  ]),
};

let rpc: SyntheticNode;
beforeAll(async () => {
  rpc = await startSyntheticNode();
});
afterAll(() => rpc.close());

describe('Slipstream pools in live ingest', () => {
  it('discovers the pool of each tick spacing and quotes with the fee() read, not the default', async () => {
    const snap = await uniswapFetcher({ chain, url: rpc.url })(new AbortController().signal);
    expect(snap.skipped).toEqual([]);
    const byId = new Map(snap.pools.map((p) => [p.id, p as UniswapV3Pool]));
    for (const spacing of [10, 100]) {
      const pool = byId.get(slipstreamPoolAddress(FACTORY, IMPLEMENTATION, A, B, spacing))!;
      expect(pool).toBeInstanceOf(UniswapV3Pool);
      expect([pool.protocol, pool.state.tickSpacing, pool.fee]).toEqual([
        'aerodrome-slipstream',
        spacing,
        SYNTHETIC_FEE,
      ]);
    }
    expect(snap.pools).toHaveLength(2);
  });

  it('a followed pool (the offline snapshot’s) takes its fee() too; a Uniswap pool keeps its fee tier', async () => {
    const spec = { kind: 'v3', address: syntheticPool(3), token0: A, token1: B, tickSpacing: 10 } as const;
    const snap = await uniswapFetcher({
      chain,
      url: rpc.url,
      discover: false,
      pools: [
        { ...spec, protocol: 'aerodrome-slipstream', fee: 500, readsFee: true },
        { ...spec, address: syntheticPool(4), protocol: 'uniswap-v3', fee: 500 },
      ],
    })(new AbortController().signal);
    expect(snap.pools.map((p) => (p as UniswapV3Pool).fee)).toEqual([SYNTHETIC_FEE, 500]);
  });
});
