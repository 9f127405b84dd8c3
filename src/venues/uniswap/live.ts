/**
 * Live Uniswap state over CHAIN_RPC_URLS: one poller per EVM chain that has both a Uniswap deployment
 * (data/evm-uniswap.json) and a node configured. Each poll reads, through Multicall3, the pools of the offline snapshot
 * and every pool the factories would hold among the chain's main tokens (ingest.ts), and replaces that venue's
 * snapshot in the market. This is what gives OP Mainnet and Polygon pools at all: no recorded state of their pools was
 * found in public sources (docs/venues.md), so their offline snapshots are empty (Base's holds one Aerodrome Slipstream
 * pool, Avalanche's one Pangolin pair, Arbitrum's one thin Uniswap V2 pair).
 */
import type { MarketStore } from '../market-store.js';
import { VenuePoller } from '../ingest/poller.js';
import { uniswapChain, type UniswapChain } from './chains.js';
import { uniswapFetcher, type PoolSpec } from './ingest.js';
import { UniswapV3Pool } from './v3-pool.js';
import { ConstantProductPool } from './v2-pool.js';
import type { Address } from 'viem';
import { parseChainUrls } from '../../config.js';

export interface UniswapLiveConfig {
  /** JSON-RPC endpoint per chain id (the first of CHAIN_RPC_URLS for the chain). */
  rpcUrls: ReadonlyMap<string, string>;
  intervalMs: number;
  timeoutMs?: number;
}

/** The offline snapshot's pools as pools to follow, so that live state never loses a recorded pool. */
function specsOf(store: MarketStore, chain: UniswapChain): PoolSpec[] {
  const out: PoolSpec[] = [];
  for (const p of store.get(chain.venue)?.pools ?? []) {
    if (p instanceof UniswapV3Pool) {
      const s = p.state;
      out.push({
        kind: 'v3',
        address: p.id as Address,
        protocol: p.protocol,
        token0: s.token0 as Address,
        token1: s.token1 as Address,
        fee: s.fee,
        tickSpacing: s.tickSpacing,
        // A deployment keyed by tick spacing (Slipstream) sets each pool's fee by module: read it live.
        ...(chain.v3.some((d) => d.protocol === p.protocol && d.tickSpacings) ? { readsFee: true } : {}),
      });
    } else if (p instanceof ConstantProductPool) {
      const s = p.state;
      out.push({
        kind: 'v2',
        address: p.id as Address,
        protocol: p.protocol,
        token0: s.token0 as Address,
        token1: s.token1 as Address,
        feeNumerator: s.feeNumerator,
        feeDenominator: s.feeDenominator,
      });
    }
  }
  return out;
}

/** One poller per chain with a Uniswap deployment and a node; `onError` names the venue. */
export function uniswapPollers(
  store: MarketStore,
  config: UniswapLiveConfig,
  onError: (venue: string, err: unknown) => void,
): VenuePoller[] {
  const pollers: VenuePoller[] = [];
  for (const [chainId, url] of config.rpcUrls) {
    const chain = uniswapChain(chainId);
    if (!chain) continue;
    pollers.push(
      new VenuePoller({
        venue: chain.venue,
        fetcher: uniswapFetcher({
          chain,
          url,
          pools: specsOf(store, chain),
          ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
        }),
        store,
        intervalMs: config.intervalMs,
        onError: (e) => onError(chain.venue, e),
      }),
    );
  }
  return pollers;
}

/** CHAIN_RPC_URLS reduced to the first endpoint of each chain (the ingest reads one node per chain). */
export function firstUrlPerChain(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [chain, urls] of parseChainUrls('CHAIN_RPC_URLS', text)) if (urls[0]) out.set(chain, urls[0]);
  return out;
}
