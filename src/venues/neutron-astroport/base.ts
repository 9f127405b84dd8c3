/**
 * What Astroport pairs share. Astroport takes its commission from the output (contract.rs: `commission_amount =
 * return_amount * total_fee_rate`, rounded down, then `return_amount - commission_amount`), not from the input as
 * Osmosis does; part of the commission goes to the Maker contract, which does not change what the trader receives.
 */
import { DEC_ONE, type Dec, type Pool, type Ratio } from '../types.js';
import { ceilDiv } from '../math/fixed.js';

export const ASTROPORT_VENUE = 'neutron-astroport';

export interface AstroportAsset {
  /** Bank denom, or `cw20:<contract>` for a CW20 token (Skip's spelling). */
  denom: string;
  amount: bigint;
  /** Token decimals (needed by stable pairs, which compute on amounts normalized to 18 decimals). */
  decimals?: number;
}

export abstract class AstroportPair implements Pool {
  readonly venue = ASTROPORT_VENUE;
  abstract readonly kind: string;
  readonly denoms: readonly string[];
  protected readonly byDenom: ReadonlyMap<string, AstroportAsset>;

  constructor(
    /** The pair contract address. */
    readonly id: string,
    /** The pair type's total fee rate from the factory (`fee_info.total_fee_rate`). */
    readonly swapFee: Dec,
    readonly assets: readonly AstroportAsset[],
    readonly takenAt?: Date,
  ) {
    this.denoms = assets.map((a) => a.denom);
    this.byDenom = new Map(assets.map((a) => [a.denom, a]));
  }

  /** Output before commission for `amountIn` (rounded down). */
  protected abstract grossOut(offer: AstroportAsset, ask: AstroportAsset, amountIn: bigint): bigint | undefined;
  /** Smallest input giving at least `gross` before commission. */
  protected abstract inForGross(offer: AstroportAsset, ask: AstroportAsset, gross: bigint): bigint | undefined;
  abstract spotPrice(denomIn: string, denomOut: string): Ratio | undefined;

  protected pair(denomIn: string, denomOut: string): [AstroportAsset, AstroportAsset] | undefined {
    if (denomIn === denomOut) return undefined;
    const offer = this.byDenom.get(denomIn);
    const ask = this.byDenom.get(denomOut);
    // check_swap_parameters: every pool balance must be non-zero.
    if (!offer || !ask || this.assets.some((a) => a.amount <= 0n)) return undefined;
    return [offer, ask];
  }

  private commission(gross: bigint): bigint {
    return (gross * this.swapFee) / DEC_ONE;
  }

  exactIn(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p || amountIn <= 0n) return undefined;
    const gross = guarded(() => this.grossOut(p[0], p[1], amountIn));
    if (gross === undefined || gross <= 0n) return undefined;
    const net = gross - this.commission(gross);
    return net > 0n ? net : undefined;
  }

  exactOut(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined {
    const p = this.pair(denomIn, denomOut);
    if (!p || amountOut <= 0n || this.swapFee >= DEC_ONE) return undefined;
    // Smallest gross with gross − floor(gross · fee) ≥ amountOut: the inverse of the commission, rounded up, then
    // one unit lower if the floor in the commission still lets it through.
    let gross = ceilDiv(amountOut * DEC_ONE, DEC_ONE - this.swapFee);
    if (gross - 1n - this.commission(gross - 1n) >= amountOut) gross -= 1n;
    if (gross >= p[1].amount) return undefined;
    const amountIn = guarded(() => this.inForGross(p[0], p[1], gross));
    return amountIn !== undefined && amountIn > 0n ? amountIn : undefined;
  }

  reserve(denom: string): bigint {
    return this.byDenom.get(denom)?.amount ?? 0n;
  }
}

/** Solvers signal impossible inputs with RangeError. */
function guarded(f: () => bigint | undefined): bigint | undefined {
  try {
    return f();
  } catch (err) {
    if (err instanceof RangeError) return undefined;
    throw err;
  }
}
