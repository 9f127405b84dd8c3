/**
 * Base's Aerodrome Slipstream pool (data/pools/evm-8453.json): a Uniswap V3 fork keyed by tick spacing, quoted with
 * the V3 pool's own arithmetic. The check values are KyberSwap's test of the same recorded state
 * (kyberswap-dex-lib pkg/liquidity-source/slipstream/pool_simulator_test.go, commit c6f394af7): 1 WETH buys 2951425540
 * USDC there, which is the output with no fee (Kyber's simulator reads the fee from the entity's top-level swapFee,
 * absent from that entity); with the pool's recorded fee of 500 pips it is 2949949837, the value the test carried when
 * it was added (commit 849cff6c). The anvil test (slipstream-anvil.test.ts) executes the same state.
 */
import { describe, expect, it } from 'vitest';
import { readDataFile } from '../../registry/data-files.js';
import { slipstreamPoolAddress, uniswapChain } from './chains.js';
import { buildPool } from './parse.js';
import { loadOfflineSnapshot } from './snapshot.js';
import { UniswapV3Pool } from './v3-pool.js';

const chain = uniswapChain('8453')!;
const slipstream = chain.v3.find((d) => d.protocol === 'aerodrome-slipstream')!;
const WETH = '0x4200000000000000000000000000000000000006';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
type Rec = Record<string, unknown> & { recorded: Record<string, unknown> };
const record = readDataFile<{ pools: Rec[] }>('pools/evm-8453.json').pools[0]!;
/** The pool at its recorded state (the shipped file is re-priced; the recording sits under `recorded`). */
const recorded = buildPool(chain, { ...record, ...record.recorded }, 'recorded') as UniswapV3Pool;

describe('Aerodrome Slipstream on Base', () => {
  it('is a V3-math deployment of base-uniswap, its WETH/USDC pool at the address CLFactory clones it to', () => {
    expect(slipstream.tickSpacings?.get(100)).toBe(500);
    expect(slipstream.swapRouter).toBe('0xBE6D8f0d05cC4be24d5167a3eF062215bE6D18a5');
    expect(slipstreamPoolAddress(slipstream.factory!, slipstream.poolImplementation!, USDC, WETH, 100)).toBe(
      '0xb2cc224c1c9feE385f8ad6a55b4d94E92359DC59',
    );
    // Another tick spacing is another pool.
    expect(slipstreamPoolAddress(slipstream.factory!, slipstream.poolImplementation!, WETH, USDC, 50)).not.toBe(
      '0xb2cc224c1c9feE385f8ad6a55b4d94E92359DC59',
    );
    const snap = loadOfflineSnapshot(chain);
    expect(snap.skipped).toEqual([]);
    const pool = snap.pools[0] as UniswapV3Pool;
    expect(pool).toBeInstanceOf(UniswapV3Pool);
    expect([pool.id, pool.protocol, pool.fee, pool.state.tickSpacing]).toEqual([
      '0xb2cc224c1c9feE385f8ad6a55b4d94E92359DC59',
      'aerodrome-slipstream',
      500,
      100,
    ]);
  });

  it("quotes the recorded state as KyberSwap's test does: 1 WETH buys 2951425540 USDC with no fee, 2949949837 with 500 pips", () => {
    expect(recorded.state.liquidity).toBe(7823851209968416017n);
    expect(recorded.state.ticks).toHaveLength(75);
    const free = new UniswapV3Pool(recorded.id, chain.venue, recorded.protocol, { ...recorded.state, fee: 0 });
    expect(free.exactIn(WETH, USDC, 10n ** 18n)).toBe(2951425540n);
    expect(recorded.exactIn(WETH, USDC, 10n ** 18n)).toBe(2949949837n);
    // Exact out inverts it: the least input that buys that output.
    const need = recorded.exactOut(WETH, USDC, 2949949837n)!;
    expect(need).toBeLessThanOrEqual(10n ** 18n);
    expect(recorded.exactIn(WETH, USDC, need)).toBe(2949949837n);
  });

  it('takes a pool of an enabled tick spacing with its own fee, and refuses a tick spacing CLFactory never enabled', () => {
    const custom = buildPool(chain, { ...record, fee: 420 }, 'custom') as UniswapV3Pool;
    expect(custom.fee).toBe(420);
    expect(() => buildPool(chain, { ...record, tick_spacing: 10 }, 'p')).toThrow(/tick spacing 10 is not enabled/);
    expect(() => buildPool(chain, { ...record, fee: 100_001 }, 'p')).toThrow(/above/);
  });
});
