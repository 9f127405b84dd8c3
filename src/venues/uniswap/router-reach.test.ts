/**
 * Which router runs a V2 pair: SwapRouter02 finds a pair by CREATE2 from the factory it was deployed with, so it runs
 * only the pairs of that factory. Arbitrum's SwapRouter02 names Ethereum's V2 factory (0x5C69…), not the V2 factory
 * Uniswap deployed there later (0xf1D7…), so Arbitrum's V2 pairs go through SkipGoSwapRouter, whose hop names the
 * pair; sending them to SwapRouter02 would swap on another pair, or revert.
 */
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { evmPoolExecutes, skipGoExecutes } from '../../routing/evm-swap-call.js';
import { uniswapChain, v2PairAddress } from './chains.js';
import { routerCall, routerExecutes } from './router-calldata.js';
import { ConstantProductPool } from './v2-pool.js';

const ARBITRUM_WETH: Address = '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1';
const ARBITRUM_USDC: Address = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

function pairOf(chainId: string, a: Address, b: Address): ConstantProductPool {
  const chain = uniswapChain(chainId)!;
  const v2 = chain.v2.find((d) => d.protocol === 'uniswap-v2')!;
  const [token0, token1] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  return new ConstantProductPool(v2PairAddress(v2.factory, v2.initCodeHash, a, b), chain.venue, 'uniswap-v2', {
    token0,
    token1,
    reserve0: 10n ** 22n,
    reserve1: 10n ** 22n,
    feeNumerator: 997n,
    feeDenominator: 1000n,
  });
}

describe("SwapRouter02's reach among V2 pairs", () => {
  it("Ethereum: Uniswap's V2 pairs are the router's (its factoryV2 is the listed factory)", () => {
    const pair = pairOf(
      '1',
      '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    );
    expect(pair.id).toBe('0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc');
    expect(routerExecutes('1', pair)).toBe(true);
  });

  it("Arbitrum: the listed V2 factory's pair is not the one SwapRouter02 derives, so SkipGoSwapRouter runs it", () => {
    const chain = uniswapChain('42161')!;
    const pair = pairOf('42161', ARBITRUM_WETH, ARBITRUM_USDC);
    expect(pair.id).toBe('0xF64Dfe17C8b87F012FCf50FbDA1D62bfA148366a');
    const v2 = chain.v2.find((d) => d.protocol === 'uniswap-v2')!;
    expect(chain.swapRouter02FactoryV2).toBeDefined();
    expect(v2PairAddress(chain.swapRouter02FactoryV2!, v2.initCodeHash, ARBITRUM_WETH, ARBITRUM_USDC)).not.toBe(
      pair.id,
    );
    expect(routerExecutes('42161', pair)).toBe(false);
    expect(skipGoExecutes('42161', pair)).toBe(true);
    expect(evmPoolExecutes('42161', pair)).toBe(true);
    expect(() =>
      routerCall({
        chainId: '42161',
        routes: [{ path: [{ pool: pair, denomIn: ARBITRUM_USDC, denomOut: ARBITRUM_WETH }], amountIn: 10n ** 6n }],
        wrapIn: false,
        unwrapOut: false,
        minAmountOut: 1n,
      }),
    ).toThrow(/SwapRouter02 cannot execute/);
  });

  it('a chain whose router factory is not recorded keeps its V2 pairs off SwapRouter02', () => {
    for (const chainId of ['8453', '10', '137', '43114', '56']) {
      const chain = uniswapChain(chainId)!;
      expect(chain.swapRouter02FactoryV2).toBeUndefined();
      const [a, b] = [...chain.mainTokens.values()];
      const pair = pairOf(chainId, a!, b!);
      expect(routerExecutes(chainId, pair)).toBe(false);
      expect(skipGoExecutes(chainId, pair)).toBe(true);
    }
  });
});
