/** The shared bridge contract suite, run against IBC Eureka on the real clients, ERC-20s and Hub vouchers. */
import { vi } from 'vitest';
import { runBridgeContract } from '../test-helpers/contract-suite.js';
import { eurekaBridge } from './index.js';

// A route that goes on from the Hub carries the entry point's timeout inside hex calldata, out of reach of the
// suite's clock masking: freeze the clock (Date only) so that /msgs and /msgs_direct agree.
vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const addresses = {
  '1': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};
const ATOM_ON_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

runBridgeContract(eurekaBridge, [
  {
    name: 'ATOM from Ethereum to the Hub',
    route: {
      source_asset_chain_id: '1',
      source_asset_denom: ATOM_ON_ETHEREUM,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
      amount_in: '25000000',
    },
    addresses,
    tamper: { field: 'denom_out', value: WBTC_ON_HUB },
  },
  {
    name: 'ATOM from Ethereum to Osmosis (Hub callback forwards it, one signature)',
    route: {
      source_asset_chain_id: '1',
      source_asset_denom: ATOM_ON_ETHEREUM,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ATOM_ON_OSMOSIS,
      amount_in: '25000000',
    },
    addresses,
    tamper: { field: 'source_client', value: '08-wasm-1369' },
  },
  {
    name: 'WBTC from the Hub to Ethereum (exact out)',
    route: {
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: WBTC_ON_HUB,
      dest_asset_chain_id: '1',
      dest_asset_denom: WBTC,
      amount_out: '150000',
    },
    addresses,
    tamper: { field: 'to_chain_id', value: 'osmosis-1' },
  },
]);
