/** The shared bridge contract suite, run against LayerZero OFT lanes of the real registry (ZRO between EVM chains). */
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { oftSentTx } from '../oft/test-helpers/oft-sent.js';
import { layerZeroConfig } from './config.js';
import { layerZeroBridge } from './index.js';

const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses = {
  '1': EVM_USER,
  '10': EVM_USER,
  '56': EVM_USER,
  '137': EVM_USER,
  '8453': EVM_USER,
  '42161': EVM_USER,
  '43114': EVM_USER,
};
const ZRO = '0x6985884C4392D348587B19cb9eAAf157F13271cd';

// Tracking: the OFTSent of ZRO's OFT on Ethereum for Arbitrum, as the OFT's send emits it.
const tracking: TrackingSample[] = [
  {
    name: 'ZRO sent from Ethereum to Arbitrum (OFTSent)',
    to: '42161',
    tx: oftSentTx({
      chainId: '1',
      oft: ZRO,
      dstEid: layerZeroConfig().eid.get('42161')!,
      from: EVM_USER,
      amount: 25n * 10n ** 18n,
    }),
  },
];

runBridgeContract(
  layerZeroBridge,
  [
    {
      name: 'ZRO from Ethereum to Arbitrum',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: ZRO,
        dest_asset_chain_id: '42161',
        dest_asset_denom: ZRO,
        amount_in: '25000000000000000000',
      },
      addresses,
      tamper: { field: 'source_oft_contract_address', value: '0x0000000000000000000000000000000000000001' },
    },
    {
      name: 'ZRO from Base to BNB Chain, with dust below the shared decimals',
      route: {
        source_asset_chain_id: '8453',
        source_asset_denom: ZRO,
        dest_asset_chain_id: '56',
        dest_asset_denom: ZRO,
        amount_in: '1234567890123456789',
      },
      addresses,
      tamper: { field: 'destination_endpoint_id', value: '30101' },
    },
    {
      name: 'ZRO from Avalanche to Optimism (exact out)',
      route: {
        source_asset_chain_id: '43114',
        source_asset_denom: ZRO,
        dest_asset_chain_id: '10',
        dest_asset_denom: ZRO,
        amount_out: '3000000000000000000',
      },
      addresses,
      tamper: { field: 'to_chain_id', value: '137' },
    },
  ],
  tracking,
);
