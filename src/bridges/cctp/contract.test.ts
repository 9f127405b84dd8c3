/** The shared bridge contract suite, run against CCTP on real chains, USDC contracts and Circle domains. */
import { runBridgeContract } from '../test-helpers/contract-suite.js';
import { cctpBridge } from './index.js';

const addresses = {
  'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf',
  '1': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  '8453': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  '42161': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

runBridgeContract(cctpBridge, [
  {
    name: 'USDC from Noble to Ethereum (smart relay: burn with caller and fee bank send)',
    route: {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: USDC_ETHEREUM,
      amount_in: '2999995433',
    },
    addresses,
    tamper: { field: 'burn_token', value: USDC_ETHEREUM },
  },
  {
    name: 'USDC from Ethereum to Noble, unrelayed (smart_relay false)',
    route: {
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '12000000',
      smart_relay: false,
    },
    addresses,
    tamper: { field: 'denom_in', value: 'uusdc' },
  },
  {
    name: 'USDC from Ethereum to Noble (smart relay through the relayer contract)',
    route: {
      source_asset_chain_id: '1',
      source_asset_denom: USDC_ETHEREUM,
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '12000000',
    },
    addresses,
    tamper: { field: 'denom_out', value: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4' },
  },
]);
