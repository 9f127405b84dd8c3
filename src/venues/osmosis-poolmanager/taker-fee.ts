/**
 * Osmosis taker fee: a protocol fee charged by x/poolmanager on the token in, before the pool sees it, on top of the
 * pool's own swap (spread) fee. It is set per ordered denom pair (in → out); pairs without an override pay the
 * default (0.1% at the time of the recorded table). Rounding follows x/poolmanager/taker_fee.go:
 *   exact in:  amount left for the pool = floor(amountIn · (1 − fee))
 *   exact out: amount the user sends    = ceil(poolAmountIn / (1 − fee))
 */
import { DEC_ONE, type Dec } from '../types.js';
import { ceilDiv } from '../math/fixed.js';

export const DEFAULT_TAKER_FEE: Dec = 1_000_000_000_000_000n; // 0.001

export class TakerFees {
  /** The overrides by denom in, then denom out: every quote looks its pair up, without building a key string. */
  private readonly byIn = new Map<string, Map<string, Dec>>();

  constructor(
    /** Overrides keyed "denomIn|denomOut" (SQS' TakerFeeMap format, both directions stored). */
    private readonly byPair: ReadonlyMap<string, Dec>,
    readonly defaultFee: Dec = DEFAULT_TAKER_FEE,
  ) {
    for (const [key, fee] of byPair) {
      const bar = key.indexOf('|');
      const denomIn = key.slice(0, bar);
      let byOut = this.byIn.get(denomIn);
      if (!byOut) this.byIn.set(denomIn, (byOut = new Map()));
      byOut.set(key.slice(bar + 1), fee);
    }
  }

  static none(): TakerFees {
    return new TakerFees(new Map(), 0n);
  }

  /** The same overrides with another default (the chain's current param). */
  withDefault(defaultFee: Dec): TakerFees {
    return new TakerFees(this.byPair, defaultFee);
  }

  fee(denomIn: string, denomOut: string): Dec {
    return this.byIn.get(denomIn)?.get(denomOut) ?? this.defaultFee;
  }

  get size(): number {
    return this.byPair.size;
  }

  /** Amount that reaches the pool when the user sends `amountIn`. */
  static afterFee(amountIn: bigint, fee: Dec): bigint {
    return (amountIn * (DEC_ONE - fee)) / DEC_ONE;
  }

  /** Amount the user must send so that `poolAmountIn` reaches the pool. */
  static beforeFee(poolAmountIn: bigint, fee: Dec): bigint {
    return ceilDiv(poolAmountIn * DEC_ONE, DEC_ONE - fee);
  }
}
