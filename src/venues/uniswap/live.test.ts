/** Which chains of CHAIN_RPC_URLS get a live Uniswap poller (the ingest itself runs in evm-destination-swap-anvil). */
import { describe, expect, it } from 'vitest';
import { offlineMarket } from '../index.js';
import { firstUrlPerChain, uniswapPollers } from './live.js';

describe('uniswapPollers', () => {
  it('one poller per EVM chain with a Uniswap deployment, none for Cosmos or Solana nodes', () => {
    const urls = firstUrlPerChain('osmosis-1=http://a,1=http://b,1=http://c,solana=http://d,8453=http://e');
    expect([...urls]).toEqual([
      ['osmosis-1', 'http://a'],
      ['1', 'http://b'],
      ['solana', 'http://d'],
      ['8453', 'http://e'],
    ]);
    const pollers = uniswapPollers(offlineMarket(), { rpcUrls: urls, intervalMs: 60_000 }, () => {});
    expect(pollers.map((p) => p.status().venue)).toEqual(['ethereum-uniswap', 'base-uniswap']);
  });

  it('none without CHAIN_RPC_URLS', () => {
    expect(uniswapPollers(offlineMarket(), { rpcUrls: firstUrlPerChain(undefined), intervalMs: 1 }, () => {})).toEqual(
      [],
    );
  });
});
