/**
 * The shared bridge contract suite, run against OPinit between Initia L1 and its rollups (data/initia-rollups.json).
 * Tracking samples: a deposit's `initiate_token_deposit` on L1 and a withdrawal's `initiate_token_withdrawal` on the
 * rollup, with the attributes initia-labs/OPinit emits (x/ophost and x/opchild keeper/msg_server.go).
 */
import { l2Denom } from '../../denom/l2.js';
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { cosmosSourceTx } from '../test-helpers/source-txs.js';
import { opinitBridge } from './index.js';

const INIT_USER = 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gdzxk49';
const addresses = {
  'interwoven-1': INIT_USER,
  'yominet-1': INIT_USER,
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};
const INIT_ON_OSMOSIS = 'ibc/DD7EA9AF1E58E9FDD7F9810976817E203D5B87BAEF7AEA592FA34DF73310620B';

const event = (type: string, attrs: Record<string, string>) => ({
  type,
  attributes: Object.entries(attrs).map(([key, value]) => ({ key, value })),
});
const tracking: TrackingSample[] = [
  {
    name: 'INIT deposited on Initia L1 for Yominet',
    to: 'yominet-1',
    tx: cosmosSourceTx('interwoven-1', [
      event('initiate_token_deposit', {
        bridge_id: '11',
        l1_sequence: '812',
        from: INIT_USER,
        to: INIT_USER,
        l1_denom: 'uinit',
        l2_denom: l2Denom(11n, 'uinit'),
        amount: '1000000',
        data: '',
      }),
    ]),
  },
  {
    name: 'INIT withdrawn on Yominet',
    to: 'interwoven-1',
    tx: cosmosSourceTx('yominet-1', [
      event('initiate_token_withdrawal', {
        from: INIT_USER,
        to: INIT_USER,
        denom: l2Denom(11n, 'uinit'),
        base_denom: 'uinit',
        amount: '2500000',
        l2_sequence: '77',
      }),
    ]),
  },
];

runBridgeContract(
  opinitBridge,
  [
    {
      name: 'INIT deposited from Initia L1 to Yominet',
      route: {
        source_asset_chain_id: 'interwoven-1',
        source_asset_denom: 'uinit',
        dest_asset_chain_id: 'yominet-1',
        dest_asset_denom: l2Denom(11n, 'uinit'),
        amount_in: '1000000',
      },
      addresses,
      // Rave's bridge, retired with its rollup.
      tamper: { field: 'op_init_bridge_id', value: '17' },
    },
    {
      name: 'INIT withdrawn from Yominet to Initia L1',
      route: {
        source_asset_chain_id: 'yominet-1',
        source_asset_denom: l2Denom(11n, 'uinit'),
        dest_asset_chain_id: 'interwoven-1',
        dest_asset_denom: 'uinit',
        amount_in: '2500000',
      },
      addresses,
      tamper: { field: 'denom_in', value: l2Denom(17n, 'uinit') },
    },
    {
      name: 'INIT from Osmosis to Yominet: an IBC transfer to Initia, then the deposit (two transactions)',
      route: {
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: INIT_ON_OSMOSIS,
        dest_asset_chain_id: 'yominet-1',
        dest_asset_denom: l2Denom(11n, 'uinit'),
        amount_in: '3000000',
        allow_multi_tx: true,
      },
      addresses,
      tamper: { field: 'to_chain_id', value: 'osmosis-1' },
    },
  ],
  tracking,
);
