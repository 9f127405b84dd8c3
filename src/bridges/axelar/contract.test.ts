/** The shared bridge contract suite, run against Axelar on real chains, axl assets and Axelar chain names. */
import { vi } from 'vitest';
import { encodeAbiParameters } from 'viem';
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { bech32Bytes32 } from '../test-helpers/source-txs.js';
import { axelarBridge } from './index.js';
import { contractCallWithTokenTx } from './test-helpers/gateway-call.js';

// A call to Osmosis that swaps on arrival embeds the entry point's timeout inside hex calldata, out of reach of the suite's clock masking: freeze
// the clock (Date only; timers stay real) so that /msgs and /msgs_direct agree to the millisecond.
vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const EVM = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const addresses = {
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'neutron-1': 'neutron1nhzuazjhyfu474er6v4ey8zn6wa5fy6g8t08yq',
  '1': EVM,
  '137': EVM,
  '43114': EVM,
};
const WETH_ON_OSMOSIS = 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5';
const AXLUSDC_ON_OSMOSIS = 'ibc/D189335C6E4A68B513C10AB227BF1C1D38C746766278BA3EEB4FB14124F1D858';

// Tracking: axlUSDC called from Polygon's AxelarHandler to Osmosis (gas paid, then ContractCallWithToken). The
// tracker reads the payload only through its hash, which links the two events.
const tracking: TrackingSample[] = [
  {
    name: 'axlUSDC called from Polygon to Osmosis (ContractCallWithToken)',
    to: 'osmosis-1',
    tx: contractCallWithTokenTx({
      chainId: '137',
      destinationChain: 'osmosis',
      destinationContractAddress: addresses['osmosis-1'],
      payload: encodeAbiParameters([{ type: 'bytes32' }], [bech32Bytes32(addresses['osmosis-1'])]),
      symbol: 'axlUSDC',
      amount: 25_000_000n,
      refundAddress: EVM,
    }),
  },
];

runBridgeContract(
  axelarBridge,
  [
    {
      name: 'axlWETH from Osmosis to WETH on Ethereum (type 2 memo to the AxelarHandler)',
      route: {
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: WETH_ON_OSMOSIS,
        dest_asset_chain_id: '1',
        dest_asset_denom: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        amount_in: '10000000000000000000',
      },
      addresses,
      tamper: { field: 'asset', value: 'uusdc' },
    },
    {
      name: 'axlWETH from Osmosis to native ETH (should_unwrap, exact out)',
      route: {
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: WETH_ON_OSMOSIS,
        dest_asset_chain_id: '1',
        dest_asset_denom: 'ethereum-native',
        amount_out: '500000000000000000',
      },
      addresses,
      tamper: { field: 'should_unwrap', value: 'false' },
    },
    {
      name: 'axlUSDC from Polygon to Osmosis (AxelarHandler call with token, to the user)',
      route: {
        source_asset_chain_id: '137',
        source_asset_denom: '0x750e4C4984a9e0f12978eA6742Bc1c5D248f40ed',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: AXLUSDC_ON_OSMOSIS,
        amount_in: '25000000',
      },
      addresses,
      tamper: { field: 'denom_out', value: 'uosmo' },
    },
    {
      name: 'USDT from Ethereum to alloyed USDT on Osmosis (GMP through the AxelarHandler, the swap rides along)',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'factory/osmo1em6xs47hd82806f5cxgyufguxrrc7l0aqx7nzzptjuqgswczk8csavdxek/alloyed/allUSDT',
        amount_in: '1000000000',
        bridges: ['AXELAR'],
      },
      addresses,
      tamper: { field: 'to_chain_id', value: 'cosmoshub-4' },
    },
    {
      name: 'USDC from Ethereum to axlUSDC on Avalanche (EVM to EVM, through both handlers)',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        dest_asset_chain_id: '43114',
        dest_asset_denom: '0xfaB550568C688d5D8A52C7d794cb93Edc26eC0eC',
        amount_in: '100000000',
      },
      addresses,
      tamper: { field: 'from_chain_id', value: '137' },
    },
  ],
  tracking,
);
