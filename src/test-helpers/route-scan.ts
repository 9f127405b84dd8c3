/**
 * A broad sample of the routes Junction answers on the real registry and the shipped offline market (the pool and
 * price snapshots of data/, as the default configuration loads them): USDC of every CCTP chain and of Axelar, WBTC and
 * ATOM of Ethereum (Eureka), Hub ATOM and OSMO, to the Osmosis, Neutron, Stride and Hub tokens and to USDC, WBTC and
 * ATOM on EVM chains and Solana, at small, middling and large amounts, with every bridge and with one family pinned
 * (CCTP, Axelar, Eureka, Go Fast), unrelayed lanes (smart_relay false), Go Fast on and off, several transactions
 * allowed. Unsafe prices are allowed: the
 * point is the routes' structure and messages, not their price.
 */
import { loadConfig } from '../config.js';
import { ApiError } from '../errors.js';
import { BRIDGE_SET } from '../bridges/index.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { thresholdsFromConfig } from '../pricing/thresholds.js';
import type { BridgeType } from '../wire/common.js';
import type { PlannedRoute } from '../routing/types.js';
import { parseRouteQuery, type RouteRequestFields } from '../routing/query.js';
import { quoteRoute, type QuoteContext } from '../routing/quote.js';
import { testRegistry } from './registry.js';

export const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WBTC_ETHEREUM = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const ATOM_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const AXLUSDC_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';
const NOBLE_USDC_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

/** Source holdings and whole-token amounts to try (in the asset's own units). */
const SOURCES: readonly [chainId: string, denom: string, amounts: readonly bigint[]][] = [
  ['1', USDC_ETHEREUM, [5_000_000n, 300_000_000n, 20_000_000_000n]],
  ['8453', USDC_BASE, [5_000_000n, 300_000_000n, 20_000_000_000n]],
  ['42161', USDC_ARBITRUM, [5_000_000n, 300_000_000n, 20_000_000_000n]],
  ['10', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', [5_000_000n, 300_000_000n]],
  ['43114', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', [5_000_000n, 300_000_000n]],
  ['137', '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed', [5_000_000n, 300_000_000n, 20_000_000_000n]],
  ['noble-1', 'uusdc', [5_000_000n, 100_000_000n, 300_000_000n, 20_000_000_000n]],
  ['solana', USDC_SOLANA, [5_000_000n, 300_000_000n]],
  ['osmosis-1', AXLUSDC_OSMOSIS, [5_000_000n, 300_000_000n, 20_000_000_000n]],
  ['1', WBTC_ETHEREUM, [1_000_000n, 10_000_000n]],
  ['1', ATOM_ETHEREUM, [5_000_000n, 300_000_000n]],
  ['cosmoshub-4', 'uatom', [5_000_000n, 300_000_000n, 20_000_000_000n]],
  ['osmosis-1', 'uosmo', [5_000_000n, 300_000_000n]],
];

const DESTINATIONS: readonly [chainId: string, denom: string][] = [
  ['osmosis-1', 'uosmo'],
  ['neutron-1', 'untrn'],
  ['stride-1', 'ustrd'],
  ['cosmoshub-4', 'uatom'],
  ['osmosis-1', NOBLE_USDC_OSMOSIS],
  ['noble-1', 'uusdc'],
  ['1', USDC_ETHEREUM],
  ['8453', USDC_BASE],
  ['42161', USDC_ARBITRUM],
  ['solana', USDC_SOLANA],
  ['1', WBTC_ETHEREUM],
  ['1', ATOM_ETHEREUM],
];

/** Bridges allowed (all, or one family pinned) and relaying (smart_relay false: lanes the recipient completes). */
const CHOICES: readonly { bridges?: BridgeType[]; smart_relay?: boolean }[] = [
  {},
  { bridges: ['CCTP', 'IBC'] },
  { bridges: ['AXELAR', 'IBC'] },
  { bridges: ['EUREKA', 'IBC'] },
  { bridges: ['GO_FAST', 'CCTP', 'IBC'] },
  { smart_relay: false },
];

export interface ScannedRoute {
  request: RouteRequestFields;
  planned: PlannedRoute;
}

export function scanContext(nowMs: number): QuoteContext {
  const registry = testRegistry();
  const config = loadConfig([], {});
  return {
    registry,
    market: createLiveMarket(config, registry, VENUE_PLUGINS).view(),
    bridges: BRIDGE_SET,
    thresholds: thresholdsFromConfig(config),
    nowMs,
  };
}

/** Every route the sample answers (a pair without a route is left out), in a fixed order. */
export function scanRoutes(ctx: QuoteContext): ScannedRoute[] {
  const out: ScannedRoute[] = [];
  for (const [sourceChain, sourceDenom, amounts] of SOURCES)
    for (const [destChain, destDenom] of DESTINATIONS) {
      if (sourceChain === destChain && sourceDenom === destDenom) continue;
      for (const amount of amounts)
        for (const goFast of [false, true])
          for (const choice of CHOICES) {
            const request: RouteRequestFields = {
              source_asset_chain_id: sourceChain,
              source_asset_denom: sourceDenom,
              dest_asset_chain_id: destChain,
              dest_asset_denom: destDenom,
              amount_in: amount.toString(),
              allow_multi_tx: true,
              allow_unsafe: true,
              go_fast: goFast,
              ...choice,
            };
            let planned: PlannedRoute;
            try {
              planned = quoteRoute(ctx, parseRouteQuery(ctx.registry, request)).planned;
            } catch (err) {
              // No route for this pair, amount and choice of bridges (or an amount a bridge refuses): a wire error.
              if (err instanceof ApiError) continue;
              throw err;
            }
            out.push({ request, planned });
          }
    }
  return out;
}
