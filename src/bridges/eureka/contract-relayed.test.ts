/**
 * The shared bridge contract suite on IBC Eureka's relayed form: with a relay fee recipient configured (as an operator
 * who runs a relayer would, data/smart-relay-fees.json), smart_relay routes use the EurekaHandler on Ethereum and the
 * entry point's eureka_fee on the Hub, and echoed records (smart_relay: true) re-validate to the same transactions.
 */
import { vi } from 'vitest';
import { runBridgeContract } from '../test-helpers/contract-suite.js';
import { overrideEurekaRelay } from './config.js';
import { eurekaBridge } from './index.js';

vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ATOM_ON_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
// Set before the suite builds its app (lanes are computed per registry).
overrideEurekaRelay({
  relay_fee_recipient: {
    '1': '0x000000000000000000000000000000000000fEe5',
    'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  },
  fee: { '1': { [WBTC]: '1000' }, 'cosmoshub-4': { uatom: '250000' } },
});

const addresses = {
  '1': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};

runBridgeContract(eurekaBridge, [
  {
    name: 'WBTC from Ethereum to the Hub, relayed (EurekaHandler)',
    route: {
      source_asset_chain_id: '1',
      source_asset_denom: WBTC,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: WBTC_ON_HUB,
      amount_in: '5000000',
    },
    addresses,
    tamper: { field: 'smart_relay', value: 'yes' },
  },
  {
    name: 'ATOM from the Hub to Ethereum, relayed (entry point with eureka_fee, exact out)',
    route: {
      source_asset_chain_id: 'cosmoshub-4',
      source_asset_denom: 'uatom',
      dest_asset_chain_id: '1',
      dest_asset_denom: ATOM_ON_ETHEREUM,
      amount_out: '10000000',
    },
    addresses,
    tamper: { field: 'denom_out', value: WBTC },
  },
]);
