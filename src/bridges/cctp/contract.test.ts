/** The shared bridge contract suite, run against CCTP on real chains, USDC contracts and Circle domains. */
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { keccak256, pad, toHex } from 'viem';
import { burnMessageV1, messageSentTx, nobleMessageSentTx } from './test-helpers/message.js';
import { cctpBridge } from './index.js';

const addresses = {
  'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf',
  '1': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  '8453': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  '42161': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

// Tracking: a burn on each side in CCTP V1's message layout. Ethereum: the MessageTransmitter's MessageSent through
// the TokenMessenger (data/contracts.json); Noble: the cctp module's typed event, which names uusdc by its keccak256.
const NOBLE_RECIPIENT = pad('0x9dc5ce8a5722795f5723d32b921c53d3bb449348');
const tracking: TrackingSample[] = [
  {
    name: 'USDC burnt on Ethereum for Noble (MessageSent)',
    to: 'noble-1',
    tx: messageSentTx(
      '1',
      '0xBd3fa81B58Ba92a82136038B25aDec7066af3155',
      '0x0a992d191DEeC32aFe36203Ad87D7d289a738F81',
      burnMessageV1({
        sourceDomain: 0,
        destinationDomain: 4,
        nonce: 7000n,
        burnToken: USDC_ETHEREUM,
        mintRecipient: NOBLE_RECIPIENT,
        amount: 12_000_000n,
      }),
    ),
  },
  {
    name: 'USDC burnt on Noble for Ethereum (circle.cctp.v1.MessageSent)',
    to: '1',
    tx: nobleMessageSentTx(
      burnMessageV1({
        sourceDomain: 4,
        destinationDomain: 0,
        nonce: 31000n,
        burnToken: keccak256(toHex('uusdc')),
        mintRecipient: pad('0x0f7833777bfC9ef72D8B76AE954D3849DD71F829'),
        amount: 2_999_995_433n,
      }),
    ),
  },
];

runBridgeContract(
  cctpBridge,
  [
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
  ],
  tracking,
);
