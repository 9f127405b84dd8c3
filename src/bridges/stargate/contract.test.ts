/** The shared bridge contract suite, run against Stargate V2 lanes of the real registry (USDC, USDT, native ETH). */
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { oftSentTx } from '../oft/test-helpers/oft-sent.js';
import { stargateConfig } from './config.js';
import { stargateBridge } from './index.js';

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

// Tracking: the OFTSent of the Ethereum USDT pool for Arbitrum, as the pool's send emits it.
const tracking: TrackingSample[] = [
  {
    name: 'USDT sent from Ethereum to Arbitrum (OFTSent of the pool)',
    to: '42161',
    tx: oftSentTx({
      chainId: '1',
      oft: stargateConfig().pools.get('USDT')!.get('1')!.pool,
      dstEid: stargateConfig().eid.get('42161')!,
      from: EVM_USER,
      amount: 250_000_000n,
    }),
  },
];

runBridgeContract(
  stargateBridge,
  [
    {
      name: 'USDT from Ethereum to Arbitrum',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        dest_asset_chain_id: '42161',
        dest_asset_denom: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
        amount_in: '250000000',
      },
      addresses,
      tamper: { field: 'pool_address', value: '0xc026395860Db2d07ee33e05fE50ed7bD583189C7' },
    },
    {
      name: 'ETH from Arbitrum to Base (native pool, amount in the value)',
      route: {
        source_asset_chain_id: '42161',
        source_asset_denom: 'arbitrum-native',
        dest_asset_chain_id: '8453',
        dest_asset_denom: 'base-native',
        amount_in: '1500000000000000000',
      },
      addresses,
      tamper: { field: 'destination_endpoint_id', value: '30110' },
    },
    {
      name: 'USDC from BNB Chain (18 decimals) to Polygon (6 decimals), exact out',
      route: {
        source_asset_chain_id: '56',
        source_asset_denom: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d',
        dest_asset_chain_id: '137',
        dest_asset_denom: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
        amount_out: '75000000',
      },
      addresses,
      tamper: { field: 'denom_out', value: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
    },
  ],
  tracking,
);
