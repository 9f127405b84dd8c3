/**
 * The swap-venue plug-in contract. A venue (osmosis-poolmanager, neutron-astroport, ...) lives in its own folder
 * under venues/<name>/ and exposes its pools through this interface; routing/ knows nothing else about it.
 *
 * All amounts are bigint base units. Fees and weights are fixed-point decimals (see Dec below), never floats.
 */

/** 18-decimal fixed point, as Cosmos SDK `sdk.Dec` / `LegacyDec`: value = raw / 10^18. */
export type Dec = bigint;
export const DEC_ONE: Dec = 10n ** 18n;

/** Bound on the relative error of any Pool.estimateExactIn against the real value its exactIn rounds. */
export const ESTIMATE_RELATIVE_ERROR = 1e-9;

/** A price as an exact rational: `num / den` units of the quote denom per unit of the base denom (base units). */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** A pool as the router sees it: pure quote functions over an immutable state. */
export interface Pool {
  /** Pool id as the venue's entry-point adapter expects it: Osmosis pool id ("1"), Astroport pair contract address. */
  readonly id: string;
  /** Venue name, e.g. "osmosis-poolmanager". */
  readonly venue: string;
  /** Pool model, e.g. "balancer", "stableswap", "concentrated", "transmuter", "astroport-xyk", "astroport-stable". */
  readonly kind: string;
  /** Denoms the pool trades (on the venue chain). */
  readonly denoms: readonly string[];
  /** Swap fee of the pool (Dec fraction, e.g. 0.002 = 2e15). */
  readonly swapFee: Dec;

  /**
   * Output amount for exactly `amountIn` of `denomIn`, after the pool's fee and any venue-level fee (Osmosis taker
   * fee). undefined when the swap is impossible (unknown denom, zero output, not enough liquidity).
   */
  exactIn(denomIn: string, denomOut: string, amountIn: bigint): bigint | undefined;

  /**
   * Optional: exactIn's real-valued result in double precision (relative error far below ESTIMATE_RELATIVE_ERROR),
   * for pools whose exact math is costly. The router uses it only to rule out candidate paths that cannot win
   * (routing/swap.ts); every amount it returns is computed by exactIn.
   */
  estimateExactIn?(denomIn: string, denomOut: string, amountIn: number): number | undefined;

  /**
   * Smallest input of `denomIn` that yields at least `amountOut` of `denomOut`, computed with the inverse pool math
   * (not by searching exactIn). undefined when impossible (amountOut ≥ available reserve, ...).
   */
  exactOut(denomIn: string, denomOut: string, amountOut: bigint): bigint | undefined;

  /** Marginal price before fees: denomOut received per denomIn, as a rational of base units. */
  spotPrice(denomIn: string, denomOut: string): Ratio | undefined;

  /** Reserve of a denom in base units (ranking and price-source liquidity). */
  reserve(denom: string): bigint;

  /**
   * When this pool's state was read, if it differs from its snapshot's `takenAt` (a source that dates pools one by
   * one; the shipped snapshots state every pool at their `as_of`).
   */
  readonly takenAt?: Date;
}

/** All pools of one venue at one moment. Immutable; ingest replaces it as a whole. */
export interface VenueSnapshot {
  venue: string;
  chainId: string;
  pools: readonly Pool[];
  /** When the state was read on chain (or recorded, for a shipped snapshot). */
  takenAt: Date;
  /** Where it came from: "offline:<file>" or the live endpoint URL. */
  source: string;
  /** Records the source listed but that did not become pools ("<id>: <reason>"), for ingest status and logs. */
  skipped?: readonly string[];
  /**
   * Pools whose full state is still being fetched (Osmosis CL pools waiting for their tick model): quoted on what is
   * known meanwhile (the active bucket), and reported by /health.
   */
  waiting?: readonly string[];
}

/** A venue plug-in. */
export interface VenuePlugin {
  name: string;
  chainId: string;
  logoUri: string;
  /** The offline snapshot shipped in data/ (the embedded default). */
  loadOfflineSnapshot(): VenueSnapshot;
}
