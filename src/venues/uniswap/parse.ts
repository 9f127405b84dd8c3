/**
 * Pool records (the data/pools/evm-<chain>.json shape, also what live ingest produces) → pools. A record that does not
 * parse is a ShapeError naming the field, so the loader lists it as skipped instead of serving a wrong number.
 */
import { getAddress } from 'viem';
import { parseAmount } from '../math/fixed.js';
import { ShapeError, arr, at, int, numStr, obj, str } from '../json.js';
import type { Pool } from '../types.js';
import type { UniswapChain } from './chains.js';
import { ConstantProductPool } from './v2-pool.js';
import { UniswapV3Pool, type V3Tick } from './v3-pool.js';

const signed = (v: unknown, path: string): bigint => {
  const s = numStr(v, path);
  if (!/^-?\d+$/.test(s)) throw new ShapeError(`${path}: expected an integer`);
  return BigInt(s);
};
/** The highest fee Slipstream's CLFactory.getSwapFee returns (pips): a fee module's answer above it is ignored. */
const SLIPSTREAM_MAX_FEE = 100_000;
const address = (v: unknown, path: string) => at(path, () => getAddress(str(v, path)));

/** Builds one pool of a chain's venue from its record; the protocol must be one the chain lists. */
export function buildPool(chain: UniswapChain, record: unknown, path: string, takenAt?: Date): Pool {
  const o = obj(record, path);
  const protocol = str(o.protocol, `${path}.protocol`);
  const id = address(o.address, `${path}.address`);
  const token0 = address(o.token0, `${path}.token0`);
  const token1 = address(o.token1, `${path}.token1`);
  if (BigInt(token0) >= BigInt(token1)) throw new ShapeError(`${path}: token0 must sort below token1`);
  const v3 = chain.v3.find((d) => d.protocol === protocol);
  if (v3) {
    const fee = int(o.fee, `${path}.fee`);
    const tickSpacing = int(o.tick_spacing, `${path}.tick_spacing`);
    if (v3.tickSpacings) {
      // Keyed by tick spacing; the fee is the pool's own (CLFactory.getSwapFee: a fee module's, at most 100,000 pips).
      if (!v3.tickSpacings.has(tickSpacing))
        throw new ShapeError(`${path}: tick spacing ${tickSpacing} is not enabled for ${protocol}`);
      if (fee > SLIPSTREAM_MAX_FEE) throw new ShapeError(`${path}: fee ${fee} is above ${protocol}'s limit`);
    } else if (v3.feeTiers.get(fee) !== tickSpacing)
      throw new ShapeError(`${path}: fee ${fee} with tick spacing ${tickSpacing} is not a ${protocol} fee tier`);
    const ticks: V3Tick[] = arr(o.ticks, `${path}.ticks`).map((t, i) => {
      const pair = arr(t, `${path}.ticks[${i}]`);
      return { tick: int(pair[0], `${path}.ticks[${i}][0]`), liquidityNet: signed(pair[1], `${path}.ticks[${i}][1]`) };
    });
    const known = o.known_ticks === undefined ? undefined : arr(o.known_ticks, `${path}.known_ticks`);
    return new UniswapV3Pool(
      id,
      chain.venue,
      protocol,
      {
        token0,
        token1,
        fee,
        tickSpacing,
        sqrtPriceX96: at(`${path}.sqrt_price_x96`, () => parseAmount(o.sqrt_price_x96)),
        tick: int(o.tick, `${path}.tick`),
        liquidity: at(`${path}.liquidity`, () => parseAmount(o.liquidity)),
        ticks,
        knownTicks: known
          ? [int(known[0], `${path}.known_ticks[0]`), int(known[1], `${path}.known_ticks[1]`)]
          : undefined,
      },
      takenAt,
    );
  }
  const v2 = chain.v2.find((d) => d.protocol === protocol);
  if (v2) {
    return new ConstantProductPool(
      id,
      chain.venue,
      protocol,
      {
        token0,
        token1,
        reserve0: at(`${path}.reserve0`, () => parseAmount(o.reserve0)),
        reserve1: at(`${path}.reserve1`, () => parseAmount(o.reserve1)),
        feeNumerator: v2.feeNumerator,
        feeDenominator: v2.feeDenominator,
      },
      takenAt,
    );
  }
  throw new ShapeError(`${path}: protocol ${protocol} is not deployed on chain ${chain.chainId}`);
}
