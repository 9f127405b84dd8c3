/** The shared bridge contract suite, run against the Hyperlane warp routes of the real registry (TIA.n). */
import { buildRegistry } from '../../registry/build.js';
import { userAddress } from '../../test-helpers/registry.js';
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { cosmosSourceTx } from '../test-helpers/source-txs.js';
import { hyperlaneBridge } from './index.js';
import { neutronDispatchEvents, neutronWarpMessage } from './test-helpers/neutron.js';
import { servingRetiredHyperlaneChains } from './test-helpers/retired.js';
import {
  CELESTIA_TOKEN,
  celestiaDispatchEvents,
  celestiaWarpMessage,
  TIA_BASE,
  TIA_ETHEREUM,
} from './test-helpers/celestia.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane to Neutron ships; these tests run the machinery as if it did.
// Celestia's own warp module is served: its lanes ship.
servingRetiredHyperlaneChains();

const registry = buildRegistry();
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses = {
  '42161': EVM_USER,
  'neutron-1': userAddress(registry, 'neutron-1'),
  celestia: userAddress(registry, 'celestia'),
};
const TIA_ON_NEUTRON = 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7';
const TIA_N_ARBITRUM = '0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C';

// Tracking: TIA dispatched by Neutron's mailbox for Arbitrum, in the CosmWasm mailbox's events.
const tracking: TrackingSample[] = [
  {
    name: 'TIA dispatched from Neutron to Arbitrum (wasm-mailbox_dispatch)',
    to: '42161',
    tx: cosmosSourceTx(
      'neutron-1',
      neutronDispatchEvents(neutronWarpMessage({ version: 3, nonce: 41, to: EVM_USER, amount: 15_000_000n })),
    ),
  },
  {
    name: "TIA dispatched from Celestia to Arbitrum (Celestia's hyperlane.core.v1.EventDispatch)",
    to: '42161',
    tx: cosmosSourceTx(
      'celestia',
      celestiaDispatchEvents(
        celestiaWarpMessage({
          version: 3,
          nonce: 7,
          token: CELESTIA_TOKEN['42161'],
          toDomain: 42161,
          router: TIA_N_ARBITRUM,
          to: EVM_USER,
          amount: 8_000_000n,
        }),
        addresses.celestia,
      ),
    ),
  },
];

runBridgeContract(
  hyperlaneBridge,
  [
    {
      name: 'TIA from Neutron to Arbitrum (CosmWasm warp router, gas as extra funds)',
      route: {
        source_asset_chain_id: 'neutron-1',
        source_asset_denom: TIA_ON_NEUTRON,
        dest_asset_chain_id: '42161',
        dest_asset_denom: TIA_N_ARBITRUM,
        amount_in: '15000000',
      },
      addresses,
      tamper: {
        field: 'hyperlane_contract_address',
        value: 'neutron1ch7x3xgpnj62weyes8vfada35zff6z59kt2psqhnx9gjnt2ttqdqtva3pa',
      },
    },
    {
      name: 'TIA.n from Arbitrum to Neutron (EVM synthetic router, gas as value)',
      route: {
        source_asset_chain_id: '42161',
        source_asset_denom: TIA_N_ARBITRUM,
        dest_asset_chain_id: 'neutron-1',
        dest_asset_denom: TIA_ON_NEUTRON,
        amount_in: '4200000',
      },
      addresses,
      tamper: { field: 'denom_out', value: 'untrn' },
    },
    {
      name: "TIA from Celestia to Ethereum (Celestia's warp module, MsgRemoteTransfer with max_fee)",
      route: {
        source_asset_chain_id: 'celestia',
        source_asset_denom: 'utia',
        dest_asset_chain_id: '1',
        dest_asset_denom: TIA_ETHEREUM,
        amount_in: '80000000',
      },
      addresses: { ...addresses, '1': EVM_USER },
      tamper: { field: 'hyperlane_contract_address', value: CELESTIA_TOKEN['8453'] },
    },
    {
      name: 'TIA from Base to Celestia (EVM synthetic router, gas as value)',
      route: {
        source_asset_chain_id: '8453',
        source_asset_denom: TIA_BASE,
        dest_asset_chain_id: 'celestia',
        dest_asset_denom: 'utia',
        amount_in: '8000000',
      },
      addresses: { ...addresses, '8453': EVM_USER },
      tamper: { field: 'denom_out', value: 'uatom' },
    },
  ],
  tracking,
);
