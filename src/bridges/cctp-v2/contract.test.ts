/** The shared bridge contract suite, run against CCTP V2 on real chains, USDC contracts and Circle domains. */
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { pad } from 'viem';
import { burnTxV2 } from '../cctp/test-helpers/message.js';
import type { LaneBridge } from '../types.js';
import { cctpV2Bridge } from './index.js';

const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses = { '1': EVM_USER, '8453': EVM_USER, '42161': EVM_USER, '59144': EVM_USER, '130': EVM_USER };
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';

// Tracking: a V2 burn on Base for Arbitrum, the V2 MessageTransmitter's MessageSent beside the V2 TokenMessenger's
// DepositForBurn (one address each on every EVM chain, data/contracts.json).
const tracking: TrackingSample[] = [
  {
    name: 'USDC burnt on Base for Arbitrum (V2 MessageSent)',
    to: '42161',
    tx: burnTxV2(
      {
        chainId: '8453',
        messenger: '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d',
        transmitter: '0x81D40F21F12A8F0E3252Bccb954D722d4c464B64',
        depositor: EVM_USER,
      },
      {
        sourceDomain: 6,
        destinationDomain: 3,
        nonce: 0x5een,
        burnToken: USDC_BASE,
        mintRecipient: pad(EVM_USER),
        amount: 5_000_000n,
      },
    ),
  },
];

runBridgeContract(
  cctpV2Bridge as unknown as LaneBridge,
  [
    {
      name: 'USDC from Base to Arbitrum (exact out, forwarded standard transfer)',
      route: {
        source_asset_chain_id: '8453',
        source_asset_denom: USDC_BASE,
        dest_asset_chain_id: '42161',
        dest_asset_denom: USDC_ARBITRUM,
        amount_out: '5000000',
        bridges: ['CCTP_V2'],
      },
      addresses,
      tamper: { field: 'to_chain_id', value: 'osmosis-1' },
    },
    {
      name: 'USDC from Linea to Ethereum, Fast Transfer left to the recipient to mint',
      route: {
        source_asset_chain_id: '59144',
        source_asset_denom: '0x176211869cA2b568f2A7D4EE941E073a821EE1ff',
        dest_asset_chain_id: '1',
        dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        amount_in: '20000000',
        go_fast: true,
        smart_relay: false,
      },
      addresses,
      tamper: { field: 'denom_in', value: USDC_BASE },
    },
  ],
  tracking,
);
