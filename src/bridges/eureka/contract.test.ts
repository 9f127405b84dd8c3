/**
 * The shared bridge contract suite, run against IBC Eureka on the real clients, ERC-20s and Hub vouchers. Its tracking
 * samples are a send on each side in the real event shapes: the ICS26 router's SendPacket log on Ethereum
 * (IICS26Router.sol), ibc-go v10's channel v2 send_packet event on the Hub (04-channel/v2/keeper/events.go).
 */
import { Packet as PacketV2 } from 'cosmjs-types/ibc/core/channel/v2/packet';
import { encodeAbiParameters } from 'viem';
import { vi } from 'vitest';
import { runBridgeContract, type TrackingSample } from '../test-helpers/contract-suite.js';
import { cosmosSourceTx, evmLog, evmSourceTx } from '../test-helpers/source-txs.js';
import { ICS20_PACKET_DATA, SEND_PACKET_EVENT } from './abi.js';
import { eurekaConfig } from './config.js';
import { eurekaBridge } from './index.js';

// A route that goes on from the Hub carries the entry point's timeout inside hex calldata, out of reach of the
// suite's clock masking: freeze the clock (Date only) so that /msgs and /msgs_direct agree.
vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 24, 12) });

const addresses = {
  '1': '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829',
  'cosmoshub-4': 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978',
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
};
const ATOM_ON_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';

const ics20Value = (denom: string, sender: string, receiver: string) =>
  encodeAbiParameters(ICS20_PACKET_DATA, [{ denom, sender, receiver, amount: 150_000n, memo: '' }]);
const payload = (value: `0x${string}`) => ({
  sourcePort: 'transfer',
  destPort: 'transfer',
  version: 'ics20-1',
  encoding: 'application/x-solidity-abi',
  value,
});
const timeout = BigInt(Date.UTC(2026, 10, 24, 13) / 1000);
const ethereumPacket = {
  sequence: 12n,
  sourceClient: 'cosmoshub-0',
  destClient: '08-wasm-1369',
  timeoutTimestamp: timeout,
  payloads: [payload(ics20Value(WBTC.toLowerCase(), addresses['1'].toLowerCase(), addresses['cosmoshub-4']))],
};
const hubPacket = PacketV2.fromPartial({
  sequence: 9n,
  sourceClient: '08-wasm-1369',
  destinationClient: 'cosmoshub-0',
  timeoutTimestamp: timeout,
  payloads: [
    {
      sourcePort: 'transfer',
      destinationPort: 'transfer',
      version: 'ics20-1',
      encoding: 'application/x-solidity-abi',
      value: Buffer.from(ics20Value(WBTC_ON_HUB, addresses['cosmoshub-4'], addresses['1']).slice(2), 'hex'),
    },
  ],
});
const tracking: TrackingSample[] = [
  {
    name: 'WBTC sent from Ethereum (SendPacket of the ICS26 router)',
    to: 'cosmoshub-4',
    tx: evmSourceTx('1', eurekaConfig().ics20Transfer.get('1')!, [
      evmLog(eurekaConfig().ics26Router.get('1')!, SEND_PACKET_EVENT, {
        clientId: 'cosmoshub-0',
        sequence: 12n,
        packet: ethereumPacket,
      }),
    ]),
  },
  {
    name: 'WBTC sent from the Hub (channel v2 send_packet)',
    to: '1',
    tx: cosmosSourceTx('cosmoshub-4', [
      {
        type: 'send_packet',
        attributes: [
          { key: 'packet_source_client', value: '08-wasm-1369' },
          { key: 'packet_dest_client', value: 'cosmoshub-0' },
          { key: 'packet_sequence', value: '9' },
          { key: 'packet_timeout_timestamp', value: timeout.toString() },
          { key: 'encoded_packet_hex', value: Buffer.from(PacketV2.encode(hubPacket).finish()).toString('hex') },
        ],
      },
    ]),
  },
];

runBridgeContract(
  eurekaBridge,
  [
    {
      name: 'ATOM from Ethereum to the Hub',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: ATOM_ON_ETHEREUM,
        dest_asset_chain_id: 'cosmoshub-4',
        dest_asset_denom: 'uatom',
        amount_in: '25000000',
      },
      addresses,
      tamper: { field: 'denom_out', value: WBTC_ON_HUB },
    },
    {
      name: 'ATOM from Ethereum to Osmosis (Hub callback forwards it, one signature)',
      route: {
        source_asset_chain_id: '1',
        source_asset_denom: ATOM_ON_ETHEREUM,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: ATOM_ON_OSMOSIS,
        amount_in: '25000000',
      },
      addresses,
      tamper: { field: 'source_client', value: '08-wasm-1369' },
    },
    {
      name: 'WBTC from the Hub to Ethereum (exact out)',
      route: {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: WBTC_ON_HUB,
        dest_asset_chain_id: '1',
        dest_asset_denom: WBTC,
        amount_out: '150000',
      },
      addresses,
      tamper: { field: 'to_chain_id', value: 'osmosis-1' },
    },
  ],
  tracking,
);
