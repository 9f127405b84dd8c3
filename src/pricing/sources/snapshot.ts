/**
 * The offline price snapshot shipped in data/prices/: USD prices of one moment, with their source and date, used
 * when the service runs without network access. Figures are keyed by (chain, denom) and by CoinGecko id; an asset
 * held elsewhere as an IBC voucher finds the price of its origin asset.
 */
import { readDataFile } from '../../registry/data-files.js';
import { Decimal } from '../decimal.js';
import { candidateKeys, coingeckoIdOf, decimalsOf, originKey } from './resolve.js';
import { assetKey, type AssetLookup, type PriceQuote, type PriceSource } from './types.js';

export const DEFAULT_SNAPSHOT_FILE = 'prices/osmosis-sqs-2024-07.json';
/** CoinGecko ids whose price is another id's (data/prices/coingecko-id-aliases.json). */
const DEFAULT_ALIASES_FILE = 'prices/coingecko-id-aliases.json';

/** Shape of data/prices/coingecko-id-aliases.json: each id that shares another id's price, and why. */
interface IdAliasesFile {
  _source: string;
  aliases: Record<string, { price_of: string; why: string }>;
}

/** Shape of data/prices/*.json. Prices are decimal strings in USD per display unit. */
export interface PriceSnapshotFile {
  _source: string;
  as_of: string;
  chain_id: string;
  denoms: Record<string, { symbol?: string; decimals: number; price: string; liquidity_usd?: string }>;
  coingecko: Record<string, { denom?: string; price: string; liquidity_usd?: string }>;
}

export interface SnapshotOptions {
  /**
   * Figures whose market had less USD liquidity than this are ignored: a price read from a thin pool is too easy to
   * move to judge a route by. Default 10 000 USD, see DEFAULT_MIN_LIQUIDITY_USD.
   */
  minLiquidityUsd?: Decimal;
  /**
   * CoinGecko ids priced as another id (WETH as ETH: one wraps the other one for one). Used only when the snapshot
   * has no figure of its own for the id.
   */
  aliases?: ReadonlyMap<string, string>;
}

/** Below this, moving a pool price by 10 % costs a few hundred dollars: too cheap to trust for a safety verdict. */
export const DEFAULT_MIN_LIQUIDITY_USD = Decimal.fromInt(10_000);

interface Entry {
  price: Decimal;
  /** Decimals the price's "whole token" refers to, when the file says; rescaled to the asset's own decimals. */
  decimals: number | undefined;
  liquidity: Decimal | undefined;
}

export class SnapshotPriceSource implements PriceSource {
  readonly name: string;
  readonly asOf: Date;
  private readonly byKey = new Map<string, Entry>();
  private readonly byCoingecko = new Map<string, Entry>();
  private readonly aliases: ReadonlyMap<string, string>;

  constructor(
    file: PriceSnapshotFile,
    private readonly lookup: AssetLookup,
    name: string,
    options: SnapshotOptions = {},
  ) {
    this.name = name;
    this.asOf = new Date(file.as_of);
    if (Number.isNaN(this.asOf.getTime())) throw new Error(`price snapshot ${name}: bad as_of "${file.as_of}"`);
    const min = options.minLiquidityUsd ?? DEFAULT_MIN_LIQUIDITY_USD;
    this.aliases = options.aliases ?? new Map();
    const keep = (price: string, liquidity: string | undefined, decimals: number | undefined): Entry | undefined => {
      const p = Decimal.tryParse(price);
      if (!p || p.sign() <= 0) return undefined;
      const l = liquidity === undefined ? undefined : Decimal.tryParse(liquidity);
      if (l && l.lt(min)) return undefined;
      return { price: p, decimals, liquidity: l };
    };
    for (const [denom, e] of Object.entries(file.denoms)) {
      const entry = keep(e.price, e.liquidity_usd, e.decimals);
      if (!entry) continue;
      this.put(this.byKey, assetKey(file.chain_id, denom), entry);
      // The same token elsewhere (its origin, other vouchers of it) is found through its origin asset.
      const origin = originKey(lookup, file.chain_id, denom);
      if (origin) this.put(this.byKey, origin, entry);
    }
    for (const [id, e] of Object.entries(file.coingecko)) {
      const entry = keep(e.price, e.liquidity_usd, undefined);
      if (entry) this.put(this.byCoingecko, id, entry);
    }
  }

  /** The snapshot shipped in data/ (DEFAULT_SNAPSHOT_FILE), with the shipped id aliases unless options give others. */
  static shipped(
    lookup: AssetLookup,
    options: SnapshotOptions = {},
    file = DEFAULT_SNAPSHOT_FILE,
  ): SnapshotPriceSource {
    const name = `snapshot:${file.replace(/^.*\//, '').replace(/\.json$/, '')}`;
    const aliases = options.aliases ?? shippedAliases();
    return new SnapshotPriceSource(readDataFile<PriceSnapshotFile>(file), lookup, name, { ...options, aliases });
  }

  get size(): number {
    return this.byKey.size + this.byCoingecko.size;
  }

  usdPrice(chainId: string, denom: string, _now?: number): PriceQuote | undefined {
    let entry: Entry | undefined;
    for (const key of candidateKeys(this.lookup, chainId, denom)) if ((entry = this.byKey.get(key))) break;
    if (!entry) {
      const id = coingeckoIdOf(this.lookup, chainId, denom);
      if (id) entry = this.byCoingecko.get(id) ?? this.byCoingecko.get(this.aliases.get(id) ?? '');
    }
    if (!entry) return undefined;
    let price = entry.price;
    // A per-display-unit price assumes the file's decimals; re-express it per whole token of the asset asked about.
    const own = decimalsOf(this.lookup, chainId, denom);
    if (entry.decimals !== undefined && own !== undefined && own !== entry.decimals)
      price = price.shift(own - entry.decimals);
    return { price, asOf: this.asOf, source: this.name };
  }

  /** Keeps the figure backed by more liquidity when two entries land on the same key. */
  private put(map: Map<string, Entry>, key: string, entry: Entry): void {
    const old = map.get(key);
    if (!old || (entry.liquidity && (!old.liquidity || entry.liquidity.gt(old.liquidity)))) map.set(key, entry);
  }
}

/** The shipped aliases as a map (id → the id whose price it takes). */
function shippedAliases(): Map<string, string> {
  const file = readDataFile<IdAliasesFile>(DEFAULT_ALIASES_FILE);
  return new Map(Object.entries(file.aliases).map(([id, a]) => [id, a.price_of]));
}
