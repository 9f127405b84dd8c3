/** The shared bridge contract suite, run against Go Fast on the real gateways, USDC contracts and Osmosis pools. */
import { vi } from 'vitest';
import { pad } from 'viem';
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { bech32Bytes32 } from '../test-helpers/source-txs.js';
import { goFastConfig } from './config.js';
import { goFastBridge } from './index.js';
import { orderSubmittedTx } from './test-helpers/order.js';

// The order's data embeds the entry point's timeout inside hex calldata, out of reach of the suite's clock masking:
// freeze the clock (Date only; timers stay real) so that /msgs and /msgs_direct agree to the millisecond.
vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses = {
  '1': EVM_USER,
  '8453': EVM_USER,
  '42161': EVM_USER,
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
};
const NOBLE_USDC_ON_OSMOSIS = 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4';

// Tracking: an order for 250 USDC Base → Osmosis, as the Base gateway's OrderSubmitted carries it.
const cfg = goFastConfig();
const tracking: TrackingSample[] = [
  {
    name: 'USDC order submitted on Base for Osmosis (OrderSubmitted)',
    to: 'osmosis-1',
    tx: orderSubmittedTx('8453', cfg.gateway.get('8453')!, {
      sender: pad(EVM_USER),
      recipient: bech32Bytes32(addresses['osmosis-1']),
      amountIn: 250_000_000n,
      amountOut: 249_500_000n,
      nonce: 7,
      sourceDomain: cfg.domain.get('8453')!,
      destinationDomain: cfg.domain.get('osmosis-1')!,
      timeoutTimestamp: BigInt(Date.UTC(2026, 10, 24, 13) / 1000),
      data: '0x',
    }),
  },
  {
    // After a swap on Ethereum: the user's transaction calls Skip's GoFastHandler, whose call submits the order on
    // the gateway (the event comes from the gateway all the same).
    name: 'USDC order submitted on Ethereum for Osmosis by the Go Fast handler after a swap',
    to: 'osmosis-1',
    tx: orderSubmittedTx(
      '1',
      cfg.gateway.get('1')!,
      {
        sender: pad(EVM_USER),
        recipient: bech32Bytes32(addresses['osmosis-1']),
        amountIn: 3_245_221_098n,
        amountOut: 3_240_454_877n,
        nonce: 8,
        sourceDomain: cfg.domain.get('1')!,
        destinationDomain: cfg.domain.get('osmosis-1')!,
        timeoutTimestamp: BigInt(Date.UTC(2026, 10, 24, 13) / 1000),
        data: '0x',
      },
      cfg.handler.get('1')!,
    ),
  },
];

runBridgeContract(
  goFastBridge,
  [
    {
      name: 'USDC from Base to Osmosis',
      route: {
        source_asset_chain_id: '8453',
        source_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: NOBLE_USDC_ON_OSMOSIS,
        amount_in: '250000000',
        go_fast: true,
      },
      addresses,
      tamper: { field: 'denom_out', value: 'uosmo' },
    },
    {
      name: 'USDC from Ethereum to OSMO on Osmosis (order data calls the entry point)',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        amount_in: '100000000',
        go_fast: true,
      },
      addresses,
      tamper: { field: 'to_chain_id', value: 'noble-1' },
    },
    {
      name: 'USDC from Arbitrum to Osmosis (exact out)',
      route: {
        source_asset_chain_id: '42161',
        source_asset_denom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: NOBLE_USDC_ON_OSMOSIS,
        amount_out: '50000000',
        go_fast: true,
      },
      addresses,
      tamper: { field: 'source_domain', value: '1' },
    },
  ],
  tracking,
);
