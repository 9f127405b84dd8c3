/** The shared bridge contract suite, run against IBC on real chains and channels. */
import { sendPacket, type Packet } from '../../tx/test-helpers/ibc-relayer.js';
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { cosmosSourceTx } from '../test-helpers/source-txs.js';
import { ibcBridge } from './bridge.js';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NEUTRON = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
const addresses = {
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'neutron-1': 'neutron1nhzuazjhyfu474er6v4ey8zn6wa5fy6g8t08yq',
  'noble-1': 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf',
};

// Tracking: ICS-20 send_packet events (ibc-go's attribute keys, as the local test chains' relayer writes them) over
// the registry's Hub channel-141 <-> Osmosis channel-0, each way.
const packet = (from: 'cosmoshub-4' | 'osmosis-1', denom: string): Packet => {
  const hub = from === 'cosmoshub-4';
  const [src, dst] = hub ? ['channel-141', 'channel-0'] : ['channel-0', 'channel-141'];
  return {
    sourceChain: from,
    destChain: hub ? 'osmosis-1' : 'cosmoshub-4',
    sequence: '41001',
    src_port: 'transfer',
    src_channel: src,
    dst_port: 'transfer',
    dst_channel: dst,
    timeout_timestamp: String(BigInt(Date.UTC(2026, 10, 24, 13)) * 1_000_000n),
    data: {
      denom,
      amount: '1000000',
      sender: addresses[from],
      receiver: addresses[hub ? 'osmosis-1' : 'cosmoshub-4'],
      memo: '',
    },
  };
};
const tracking: TrackingSample[] = [
  {
    name: 'ATOM sent from the Hub to Osmosis (send_packet)',
    to: 'osmosis-1',
    tx: cosmosSourceTx('cosmoshub-4', [sendPacket(packet('cosmoshub-4', 'uatom'))]),
  },
  {
    name: 'ATOM on Osmosis sent back to the Hub (send_packet, unwinding)',
    to: 'cosmoshub-4',
    tx: cosmosSourceTx('osmosis-1', [sendPacket(packet('osmosis-1', 'transfer/channel-0/uatom'))]),
  },
];

runBridgeContract(
  ibcBridge,
  [
    {
      name: 'ATOM from the Hub to Osmosis (one packet)',
      route: {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: ATOM_ON_OSMOSIS,
        amount_in: '1000000',
      },
      addresses,
      tamper: { field: 'to_chain_id', value: 'neutron-1' },
    },
    {
      name: 'ATOM on Osmosis to Neutron (unwind to the Hub, forward to Neutron)',
      route: {
        source_asset_chain_id: 'osmosis-1',
        source_asset_denom: ATOM_ON_OSMOSIS,
        dest_asset_chain_id: 'neutron-1',
        dest_asset_denom: ATOM_ON_NEUTRON,
        amount_in: '2500000',
      },
      addresses,
      tamper: { field: 'channel', value: 'channel-999999' },
    },
  ],
  tracking,
);
