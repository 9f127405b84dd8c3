/**
 * The official SDK's executeRoute over IBC Eureka: WBTC from Ethereum to the Cosmos Hub (unrelayed), signed by a viem
 * local account. Ethereum is a local node (anvil, chain id 1) running the tests' Eureka stand-ins and a test token at
 * the mainnet addresses of data/contracts.json (src/bridges/eureka/TestEureka.sol: the published sendTransfer and
 * the ICS26 router's SendPacket event); the Hub is a local chain answering the CometBFT RPC shapes
 * (src/tx/test-helpers/cosmos-network.ts), on which the packet's receipt — ibc-go v10's channel v2 `recv_packet` and
 * `write_acknowledgement` with a result acknowledgement, as src/bridges/eureka/track.test.ts describes — is included
 * only once the SDK has reported the packet sent and is still waiting.
 *
 * What this shows: the SDK reports the route completed only after the Hub received the packet and acknowledged it,
 * never on the send's inclusion on Ethereum.
 */
import { Acknowledgement, Packet as PacketV2 } from 'cosmjs-types/ibc/core/channel/v2/packet';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { executeRoute, route, type TxStatusResponse } from '@skip-go/client';
import {
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  http as viemHttp,
  parseAbi,
  type Hex,
} from 'viem';
import type { AppContext } from '../src/context.js';
import { startTrackingServer, type TrackingServer } from './sdk-tracking-server.js';
import { anvilAccount, startAnvil, type Anvil } from '../src/test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, sendTx } from '../src/test-helpers/evm/deploy.js';
import { compileSolidity } from '../src/test-helpers/evm/solidity.js';
import { userAddress } from '../src/test-helpers/registry.js';
import { FakeCosmosNetwork, type AbciEvent } from '../src/tx/test-helpers/cosmos-network.js';
import { RESULT_ACK } from '../src/tx/test-helpers/ibc-relayer.js';
import { SEND_PACKET_EVENT } from '../src/bridges/eureka/abi.js';
import { eurekaConfig } from '../src/bridges/eureka/config.js';

const ERC20 = parseAbi(['function mint(address to, uint256 amount) returns (bool)']);
const WBTC = getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599');
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const AMOUNT = 250_000n;
const cfg = eurekaConfig();
const ROUTER = getAddress(cfg.ics26Router.get('1')!);
const ICS20 = getAddress(cfg.ics20Transfer.get('1')!);

const net = new FakeCosmosNetwork();
let eth: Anvil;
let ctx: AppContext;
let server: TrackingServer;
const user = anvilAccount(3);

beforeAll(async () => {
  eth = await startAnvil(1);
  const tokens = compileSolidity(new URL('../src/test-helpers/evm/TestTokens.sol', import.meta.url));
  const eureka = compileSolidity(new URL('../src/bridges/eureka/TestEureka.sol', import.meta.url));
  await copyCodeTo(eth, await deployContract(eth, tokens.TestUSDC!), WBTC);
  await copyCodeTo(eth, await deployContract(eth, eureka.TestICS26Router!), ROUTER);
  await copyCodeTo(eth, await deployContract(eth, eureka.TestICS20Transfer!, [ROUTER]), ICS20);
  await sendTx(eth, 0, {
    to: WBTC,
    data: encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user.address, 10n ** 12n] }),
  });
  net.chain('cosmoshub-4');
  await net.start();

  server = await startTrackingServer({ rpc: `1=${eth.url},${net.settings().rpc}`, rest: net.settings().rest });
  ctx = server.ctx;
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([eth?.stop(), net.stop()]);
});

/** The packet the router's SendPacket carries in the send transaction, as the Hub's channel v2 keeper decodes it. */
async function sentPacket(hash: Hex): Promise<PacketV2> {
  const receipt = await eth.publicClient.waitForTransactionReceipt({ hash });
  for (const l of receipt.logs) {
    if (getAddress(l.address) !== ROUTER) continue;
    const { args } = decodeEventLog({ abi: [SEND_PACKET_EVENT], data: l.data, topics: l.topics });
    const p = args.packet;
    return PacketV2.fromPartial({
      sequence: p.sequence,
      sourceClient: p.sourceClient,
      destinationClient: p.destClient,
      timeoutTimestamp: p.timeoutTimestamp,
      payloads: p.payloads.map((x) => ({
        sourcePort: x.sourcePort,
        destinationPort: x.destPort,
        version: x.version,
        encoding: x.encoding,
        value: Buffer.from(x.value.slice(2), 'hex'),
      })),
    });
  }
  throw new Error('no SendPacket in the send transaction');
}

/** ibc-go v10 channel v2 event attributes of a packet (emitRecvPacketEvents, emitWriteAcknowledgementEvents). */
function v2Event(type: string, p: PacketV2, ack?: Uint8Array): AbciEvent {
  const attributes = [
    { key: 'packet_source_client', value: p.sourceClient },
    { key: 'packet_dest_client', value: p.destinationClient },
    { key: 'packet_sequence', value: p.sequence.toString() },
    { key: 'packet_timeout_timestamp', value: p.timeoutTimestamp.toString() },
    { key: 'encoded_packet_hex', value: Buffer.from(PacketV2.encode(p).finish()).toString('hex') },
  ];
  if (ack)
    attributes.push({
      key: 'encoded_acknowledgement_hex',
      value: Buffer.from(Acknowledgement.encode({ appAcknowledgements: [ack] }).finish()).toString('hex'),
    });
  return { type, attributes: [...attributes, { key: 'msg_index', value: '0' }] };
}

it('executeRoute over IBC Eureka: still waiting after the send, completed only after the Hub acknowledged the packet', async () => {
  const hubUser = userAddress(ctx.registry, 'cosmoshub-4');
  const r = await route({
    amountIn: AMOUNT.toString(),
    sourceAssetDenom: WBTC,
    sourceAssetChainId: '1',
    destAssetDenom: WBTC_ON_HUB,
    destAssetChainId: 'cosmoshub-4',
    smartRelay: false,
  });
  expect(r?.operations.map((o) => Object.keys(o).find((k) => k.includes('Transfer')))).toEqual(['eurekaTransfer']);

  // What happened, in order: the SDK's reports and the packet's receipt on the Hub.
  const timeline: string[] = [];
  const completed: TxStatusResponse[] = [];
  let packet: PacketV2 | undefined;
  let recvHash: string | undefined;
  await executeRoute({
    route: r!,
    userAddresses: r!.requiredChainAddresses.map((chainId) => ({
      chainId,
      address: chainId === '1' ? user.address : hubUser,
    })),
    getEvmSigner: async () => createWalletClient({ account: user, chain: eth.chain, transport: viemHttp(eth.url) }),
    onTransactionBroadcast: async ({ txHash, chainId }) => {
      timeline.push('broadcast');
      if (chainId === '1') packet = await sentPacket(txHash as Hex);
    },
    onRouteStatusUpdated: (details) => {
      const sent = details.transferEvents.some((e) => e.state === 'TRANSFER_PENDING');
      if (!sent || !packet || recvHash || details.status === 'completed') return;
      // The SDK has seen the packet sent on Ethereum and is still waiting: only now does the Hub receive it.
      timeline.push(`waiting:${details.status}`);
      recvHash = net
        .chain('cosmoshub-4')
        .include([
          { type: 'message', attributes: [{ key: 'action', value: '/ibc.core.channel.v2.MsgRecvPacket' }] },
          v2Event('recv_packet', packet),
          v2Event('write_acknowledgement', packet, Buffer.from(RESULT_ACK)),
        ]);
      timeline.push('received');
    },
    onTransactionCompleted: async ({ status }) => {
      timeline.push('completed');
      completed.push(status as TxStatusResponse);
    },
  });

  expect(timeline).toEqual(['broadcast', 'waiting:pending', 'received', 'completed']);
  expect(completed[0]).toMatchObject({
    state: 'STATE_COMPLETED_SUCCESS',
    transferAssetRelease: { chainId: 'cosmoshub-4', denom: WBTC_ON_HUB, amount: AMOUNT.toString(), released: true },
  });
  const event = completed[0]!.transferSequence[0]!;
  expect('eurekaTransfer' in event && event.eurekaTransfer).toMatchObject({
    state: 'TRANSFER_SUCCESS',
    packetTxs: { receiveTx: { chainId: 'cosmoshub-4', txHash: recvHash } },
  });
});
