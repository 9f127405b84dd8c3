/**
 * Tracking IBC Eureka transfers end to end. Ethereum is a local EVM (anvil) running the test stand-ins of
 * TestEureka.sol at the mainnet addresses of data/contracts.json: the ICS26 router stand-in emits the published
 * router's events (SendPacket, WriteAcknowledgement, AckPacket, TimeoutPacket with their indexed client id and
 * sequence). The Cosmos Hub (and Osmosis) are local chains answering the CometBFT RPC shapes, whose transactions carry
 * ibc-go v10's core channel v2 events (modules/core/04-channel/v2/keeper/events.go: packet_source_client,
 * packet_dest_client, packet_sequence, packet_timeout_timestamp, encoded_packet_hex, encoded_acknowledgement_hex;
 * the packet and acknowledgement as protobuf ibc.core.channel.v2 messages).
 *
 * Ethereum → Hub: Junction's own transaction (POST /msgs_direct) sends the packet; the Hub's receipt with a result
 * acknowledgement is the success, an error acknowledgement is a failure refunded once AckPacket is seen on Ethereum.
 * Hub → Ethereum: the Hub's v2 send_packet; success on the router's WriteAcknowledgement, a timeout refunded by the
 * Hub's timeout_packet. No answer is ever COMPLETED_SUCCESS before the destination event.
 */
import { Acknowledgement, Packet as PacketV2 } from 'cosmjs-types/ibc/core/channel/v2/packet';
import {
  decodeAbiParameters,
  decodeEventLog,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  parseAbi,
  parseEventLogs,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { FakeCosmosNetwork, type AbciEvent } from '../../tx/test-helpers/cosmos-network.js';
import { RESULT_ACK, sendPacket as sendPacketV1, TestRelayer } from '../../tx/test-helpers/ibc-relayer.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import type { EurekaLeg } from '../../tx/record.js';
import { findTracked } from '../../tx/tracked-store.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { ICS20_PACKET_DATA, SEND_PACKET_EVENT } from './abi.js';
import { eurekaConfig } from './config.js';

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const ATOM = getAddress('0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3');
const WBTC = getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599');
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const HUB_USER = 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978';
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const HUB_CLIENT = '08-wasm-1369';
const ETH_CLIENT = 'cosmoshub-0';
/** IBC v2's universal error acknowledgement: sha256("UNIVERSAL_ERROR_ACKNOWLEDGEMENT") (ICS24Host.UNIVERSAL_ERROR_ACK). */
const ERROR_ACK = Buffer.from('4774d4a575993f963b1c06573736617a457abef8589178db8d10c94b4ab511ab', 'hex');
const RESULT = Buffer.from(RESULT_ACK);

const cfg = eurekaConfig();
const router = cfg.ics26Router.get('1')! as Address;
const ics20 = cfg.ics20Transfer.get('1')! as Address;
const handler = cfg.handler.get('1')! as Address;
const user = anvilAccount(1).address;
const net = new FakeCosmosNetwork();
let node: Anvil;
let routerAbi: Abi;
let ics20Abi: Abi;
let app: TestApp;
let t: TestStore;
let tx: TxService;
let relayer: TestRelayer;
let hubSequence = 7_000;

beforeAll(async () => {
  node = await startAnvil(1);
  const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url));
  const own = compileSolidity(new URL('./TestEureka.sol', import.meta.url));
  routerAbi = own.TestICS26Router!.abi;
  ics20Abi = own.TestICS20Transfer!.abi;
  const deploy = async (c: Compiled, args: readonly unknown[] = []) => {
    const hash = await node
      .wallet(0)
      .deployContract({ abi: c.abi, bytecode: c.bytecode, args, account: anvilAccount(0), chain: node.chain });
    return (await node.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
  };
  const placeAt = async (from: Address, to: Address) =>
    node.testClient.setCode({ address: to, bytecode: (await node.publicClient.getCode({ address: from }))! });
  const token = await deploy(tokens.TestUSDC!);
  await placeAt(token, ATOM);
  await placeAt(token, WBTC);
  await placeAt(await deploy(own.TestICS26Router!), router);
  await placeAt(await deploy(own.TestICS20Transfer!, [router]), ics20);
  await placeAt(await deploy(own.TestEurekaHandler!, [ics20]), handler);
  for (const tk of [ATOM, WBTC])
    await send(tk, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 15n] }));

  net.chain('cosmoshub-4');
  net.chain('osmosis-1');
  await net.start();
  app = await buildTestApp();
  relayer = new TestRelayer(net, app.ctx.registry);
  t = await sqliteTestStore();
  tx = testTxService({
    store: t.store,
    registry: app.ctx.registry,
    rpc: `${net.settings().rpc},1=${node.url}`,
    rest: net.settings().rest,
    now: () => net.now,
  });
});
afterAll(async () => {
  await app?.app.close();
  await node?.stop();
  await net.stop();
  await t?.cleanup();
});
beforeEach(() => {
  net.now += 1000;
});

async function send(to: Address, data: Hex, account = 1) {
  const hash = await node
    .wallet(account)
    .sendTransaction({ to, data, account: anvilAccount(account), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

async function step(chainId: string, hash: string): Promise<Status> {
  net.now += 1000;
  return tickedStatus(tx, chainId, hash, () => net.now++);
}
const eureka = (s: Status, i = 0) => transferEvent(s, 'eureka_transfer', i);

type RouterPacket = {
  sequence: bigint;
  sourceClient: string;
  destClient: string;
  timeoutTimestamp: bigint;
  payloads: readonly { sourcePort: string; destPort: string; version: string; encoding: string; value: Hex }[];
};

/** The packet the router's SendPacket carries in a receipt. */
function sentPacket(receipt: {
  logs: readonly { address: string; data: Hex; topics: readonly Hex[] }[];
}): RouterPacket {
  for (const l of receipt.logs) {
    if (getAddress(l.address) !== router) continue;
    const e = decodeEventLog({ abi: [SEND_PACKET_EVENT], data: l.data, topics: l.topics as [Hex, ...Hex[]] });
    return e.args.packet as RouterPacket;
  }
  throw new Error('no SendPacket');
}

const toV2 = (p: RouterPacket): PacketV2 =>
  PacketV2.fromPartial({
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

/** ibc-go v10 channel v2 event attributes of a packet (emitSendPacketEvents and its siblings). */
function v2Event(type: string, p: PacketV2, ack?: Buffer): AbciEvent {
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
const message = (action: string): AbciEvent => ({
  type: 'message',
  attributes: [
    { key: 'action', value: action },
    { key: 'module', value: 'ibc_channelv2' },
  ],
});

/** The Hub receiving a packet: recv_packet and the acknowledgement written in the same transaction. */
const hubReceives = (p: PacketV2, ack: Buffer, extra: AbciEvent[] = []) =>
  net
    .chain('cosmoshub-4')
    .include([
      message('/ibc.core.channel.v2.MsgRecvPacket'),
      v2Event('recv_packet', p),
      ...extra,
      v2Event('write_acknowledgement', p, ack),
    ]);

/** WBTC from Ethereum to the Hub: Junction's own unrelayed transaction, signed and mined. */
async function wbtcToHub(amount: bigint) {
  const res = await post(app.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: '1',
    source_asset_denom: WBTC,
    dest_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: WBTC_ON_HUB,
    amount_in: amount.toString(),
    smart_relay: false,
    chain_ids_to_addresses: { '1': user, 'cosmoshub-4': HUB_USER },
  });
  expect(res.statusCode, res.body).toBe(200);
  const evmTx = res.json().txs[0].evm_tx as {
    to: Address;
    data: string;
    required_erc20_approvals: { token_contract: Address; spender: Address; amount: string }[];
  };
  for (const a of evmTx.required_erc20_approvals)
    await send(
      a.token_contract,
      encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
    );
  const receipt = await send(evmTx.to, `0x${evmTx.data}`);
  await tx.track('1', receipt.transactionHash, null);
  return { hash: receipt.transactionHash, packet: sentPacket(receipt) };
}

/** The Hub sending uatom to Ethereum: MsgTransfer over the v2 client, as ibc-go v10 emits it. */
function atomFromHub(amount: bigint, client = HUB_CLIENT): { hash: string; packet: PacketV2 } {
  const value = encodeAbiParameters(ICS20_PACKET_DATA, [
    { denom: 'uatom', sender: HUB_USER, receiver: user.toLowerCase(), amount, memo: '' },
  ]);
  const packet = PacketV2.fromPartial({
    sequence: BigInt(++hubSequence),
    sourceClient: client,
    destinationClient: ETH_CLIENT,
    timeoutTimestamp: BigInt(Math.floor(net.now / 1000) + 600),
    payloads: [
      {
        sourcePort: 'transfer',
        destinationPort: 'transfer',
        version: 'ics20-1',
        encoding: 'application/x-solidity-abi',
        value: Buffer.from(value.slice(2), 'hex'),
      },
    ],
  });
  const hash = net
    .chain('cosmoshub-4')
    .include([message('/ibc.applications.transfer.v1.MsgTransfer'), v2Event('send_packet', packet)]);
  return { hash, packet };
}

/** The packet as the Ethereum router takes it from a relayer. */
const routerPacket = (p: PacketV2) => ({
  sequence: p.sequence,
  sourceClient: p.sourceClient,
  destClient: p.destinationClient,
  timeoutTimestamp: p.timeoutTimestamp,
  payloads: p.payloads.map((x) => ({
    sourcePort: x.sourcePort,
    destPort: x.destinationPort,
    version: x.version,
    encoding: x.encoding,
    value: toHex(x.value),
  })),
});
const relay = (functionName: string, args: readonly unknown[]) =>
  send(router, encodeFunctionData({ abi: routerAbi, functionName, args }), 0);

describe('IBC Eureka Ethereum → Cosmos Hub', () => {
  it('pending while only sent; a success once the Hub received it with a result acknowledgement', async () => {
    const { hash, packet } = await wbtcToHub(150_000n);
    let s = await step('1', hash);
    expect(eureka(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: 'cosmoshub-4',
      state: 'TRANSFER_PENDING',
      packet_txs: { send_tx: { chain_id: '1', tx_hash: hash }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });
    // Another packet's receipt on the Hub is not this one's.
    const other = toV2(packet);
    other.sequence += 1000n;
    hubReceives(other, RESULT);
    s = await step('1', hash);
    expect(s.state).toBe('STATE_PENDING');

    const recv = hubReceives(toV2(packet), RESULT);
    s = await step('1', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_SUCCESS',
      packet_txs: {
        receive_tx: {
          chain_id: 'cosmoshub-4',
          tx_hash: recv,
          explorer_link: `https://www.mintscan.io/cosmos/transactions/${recv}`,
        },
        error: null,
      },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: WBTC_ON_HUB, amount: '150000', released: true },
      next_step: { action: 'none' },
    });
  });

  it('an error acknowledgement: pending error until AckPacket refunds on Ethereum, then completed error', async () => {
    const { hash, packet } = await wbtcToHub(90_000n);
    await step('1', hash);
    hubReceives(toV2(packet), ERROR_ACK);
    let s = await step('1', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_FAILURE',
      packet_txs: { error: { type: 'PACKET_ERROR_ACKNOWLEDGEMENT' }, acknowledge_tx: null },
    });
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: '1', denom: WBTC, amount: '90000', released: false },
      next_step: { action: 'wait' },
    });
    const acked = await relay('ackPacket', [packet, toHex(ERROR_ACK)]);
    s = await step('1', hash);
    expect(eureka(s).packet_txs.acknowledge_tx).toMatchObject({ chain_id: '1', tx_hash: acked.transactionHash });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: '1', denom: WBTC, released: true },
      error: { type: 'STATUS_ERROR_TRANSFER' },
      next_step: { action: 'retry', chain_id: '1' },
    });
  });

  it('a Hub callback that sends the funds on to Osmosis: a success only once Osmosis received that packet', async () => {
    const memo = JSON.stringify({ dest_callback: { address: 'cosmos1adapter' }, wasm: { contract: 'x', msg: {} } });
    await send(WBTC, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [ics20, 10n ** 18n] }));
    const receipt = await send(
      ics20,
      encodeFunctionData({
        abi: ics20Abi,
        functionName: 'sendTransfer',
        args: [
          {
            denom: WBTC,
            amount: 50_000n,
            receiver: 'cosmos1adapter',
            sourceClient: ETH_CLIENT,
            destPort: 'transfer',
            timeoutTimestamp: BigInt(Math.floor(Date.now() / 1000) + 3600),
            memo,
          },
        ],
      }),
    );
    const hash = receipt.transactionHash;
    await tx.track('1', hash, null);
    await step('1', hash);
    // The entry point swaps nothing here: it sends what arrived on over the Hub's channel to Osmosis.
    const onward = relayer.packet('cosmoshub-4', 'channel-141', {
      denom: `transfer/${HUB_CLIENT}/${WBTC.toLowerCase()}`,
      amount: '50000',
      sender: 'cosmos1entrypoint',
      receiver: OSMO_USER,
      memo: '',
    });
    const recv = hubReceives(toV2(sentPacket(receipt)), RESULT, [sendPacketV1(onward)]);
    let s = await step('1', hash);
    expect(eureka(s, 0)).toMatchObject({ state: 'TRANSFER_SUCCESS', packet_txs: { receive_tx: { tx_hash: recv } } });
    const second = s.transfers[0]!.transfer_sequence[1]!;
    expect(second).toMatchObject({
      ibc_transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', state: 'TRANSFER_PENDING' },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 1 } });
    relayer.recv(onward, RESULT_ACK);
    s = await step('1', hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
    expect(s.transfer_asset_release).toMatchObject({ chain_id: 'osmosis-1', released: true });
  });

  it('a Hub callback that swaps and pays the user on the Hub: the release is the swap output received there', async () => {
    // The entry point's swap_and_action as Junction's memo carries it (dest_callback + wasm), paying uatom on the Hub.
    const memo = JSON.stringify({
      dest_callback: { address: 'cosmos1adapter' },
      wasm: {
        contract: 'cosmos1entrypoint',
        msg: {
          swap_and_action: {
            user_swap: { swap_exact_asset_in: { swap_venue_name: 'cosmoshub-osmosis', operations: [] } },
            min_asset: { native: { denom: 'uatom', amount: '120000' } },
            timeout_timestamp: 1,
            post_swap_action: { transfer: { to_address: HUB_USER } },
            affiliates: [],
          },
        },
      },
    });
    await send(WBTC, encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [ics20, 10n ** 18n] }));
    const receipt = await send(
      ics20,
      encodeFunctionData({
        abi: ics20Abi,
        functionName: 'sendTransfer',
        args: [
          {
            denom: WBTC,
            amount: 60_000n,
            receiver: 'cosmos1adapter',
            sourceClient: ETH_CLIENT,
            destPort: 'transfer',
            timeoutTimestamp: BigInt(Math.floor(Date.now() / 1000) + 3600),
            memo,
          },
        ],
      }),
    );
    const hash = receipt.transactionHash;
    await tx.track('1', hash, null);
    let s = await step('1', hash);
    expect(s.state).toBe('STATE_PENDING');
    // The receiving transaction: the voucher to the adapter, a fee to someone else, the swap output to the user.
    const bank = (recipient: string, amount: string): AbciEvent => ({
      type: 'transfer',
      attributes: [
        { key: 'recipient', value: recipient },
        { key: 'sender', value: 'cosmos1entrypoint' },
        { key: 'amount', value: amount },
        { key: 'msg_index', value: '0' },
      ],
    });
    hubReceives(toV2(sentPacket(receipt)), RESULT, [
      bank('cosmos1adapter', `60000${WBTC_ON_HUB}`),
      bank('cosmos1affiliate', '300uatom'),
      bank(HUB_USER, '123456uatom'),
    ]);
    s = await step('1', hash);
    expect(eureka(s)).toMatchObject({ state: 'TRANSFER_SUCCESS' });
    expect(s.transfers[0]!.transfer_sequence).toHaveLength(1);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '123456', released: true },
    });
  });
});

it('a call to the Eureka contracts that sent no packet is an error, never a success', async () => {
  const receipt = await send(ics20, encodeFunctionData({ abi: ics20Abi, functionName: 'router' }));
  await tx.track('1', receipt.transactionHash, null);
  const s = await step('1', receipt.transactionHash);
  expect(s).toMatchObject({ state: 'STATE_COMPLETED_ERROR', error: { type: 'STATUS_ERROR_TRANSFER' } });
  expect(s.error!.message).toContain('eureka');
});

describe('IBC Eureka Cosmos Hub → Ethereum', () => {
  it('a success once the Ethereum router wrote its acknowledgement', async () => {
    const { hash, packet } = atomFromHub(2_000_000n);
    await tx.track('cosmoshub-4', hash, null);
    let s = await step('cosmoshub-4', hash);
    expect(eureka(s)).toMatchObject({ from_chain_id: 'cosmoshub-4', to_chain_id: '1', state: 'TRANSFER_PENDING' });
    expect(s.state).toBe('STATE_PENDING');
    const recv = await relay('recvPacket', [routerPacket(packet), toHex(RESULT)]);
    s = await step('cosmoshub-4', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_SUCCESS',
      packet_txs: { receive_tx: { chain_id: '1', tx_hash: recv.transactionHash } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '1', denom: ATOM, amount: '2000000', released: true },
    });
  });

  it('a packet never received: pending past its timeout until the Hub relays the timeout, then refunded there', async () => {
    const { hash, packet } = atomFromHub(3_000_000n);
    await tx.track('cosmoshub-4', hash, null);
    await step('cosmoshub-4', hash);
    net.now += 700_000;
    let s = await step('cosmoshub-4', hash);
    expect(s.state).toBe('STATE_PENDING');
    const timeout = net
      .chain('cosmoshub-4')
      .include([message('/ibc.core.channel.v2.MsgTimeout'), v2Event('timeout_packet', packet)]);
    s = await step('cosmoshub-4', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_FAILURE',
      packet_txs: { timeout_tx: { tx_hash: timeout }, error: { type: 'PACKET_ERROR_TIMEOUT' }, receive_tx: null },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '3000000', released: true },
    });
  });

  it('a packet neither received nor timed out is abandoned after 26 hours, the funds shown on the Hub', async () => {
    const { hash } = atomFromHub(5_000n);
    await tx.track('cosmoshub-4', hash, null);
    await step('cosmoshub-4', hash);
    net.now += 25 * 60 * 60 * 1000;
    expect((await step('cosmoshub-4', hash)).state).toBe('STATE_PENDING');
    net.now += 2 * 60 * 60 * 1000;
    expect(await step('cosmoshub-4', hash)).toMatchObject({
      state: 'STATE_ABANDONED',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '5000', released: false },
      next_step: { action: 'track_again' },
    });
  });

  it('a packet over a client Junction does not know is never a success', async () => {
    const { hash } = atomFromHub(1_000n, '08-wasm-9999');
    await tx.track('cosmoshub-4', hash, null);
    const s = await step('cosmoshub-4', hash);
    expect(s).toMatchObject({
      state: 'STATE_ABANDONED',
      error: { type: 'STATUS_ERROR_UNKNOWN' },
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', released: false },
    });
  });
});

/**
 * The relayed form Junction offers by default (data/smart-relay-fees.json eureka.relay_fee_recipient: Skip's fee
 * addresses). From Ethereum the user's transaction calls the EurekaHandler, which pays the relay fee (an ERC-20
 * Transfer to the fee recipient) before ICS20Transfer.sendTransfer makes the router emit SendPacket inside it; from the
 * Hub it is a MsgExecuteContract to the entry point, which bank-sends the eureka_fee and sends the IBC v2 packet. The
 * tracker must follow the packet (never the fee) exactly as it follows the unrelayed form: the amount it carries is
 * what the user asked to arrive, and the transfer succeeds only on the destination's receipt with a result
 * acknowledgement.
 */
describe('IBC Eureka relayed by Skip (the default), followed as the unrelayed form', () => {
  const TRANSFER_EVENT = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
  const HANDLER_EVENT = parseAbi(['event Transfer(address indexed token, uint256 amount, uint256 relayFee)']);
  const ETH_FEE_RECIPIENT = getAddress('0x33C4DaD158F1E2cCF97bF17d1574d5b7b9f43002');
  const HUB_FEE_RECIPIENT = 'cosmos1066ea436np9m6gf4q95q0nte2ctq84wuzahttk';
  const HUB_ENTRY_POINT = 'cosmos1clswlqlfm8gpn7n5wu0ypu0ugaj36urlhj7yz30hn7v7mkcm2tuqy9f8s5';
  const HUB_CALLBACK_ADAPTER = 'cosmos1lqu9662kd4my6dww4gzp3730vew0gkwe0nl9ztjh0n5da0a8zc4swsvd22';
  /** The WBTC relay fee of data/smart-relay-fees.json (sats), paid on Ethereum on top of what the packet carries. */
  const WBTC_FEE = 400n;

  /** The record the worker keeps: the leg's packet is not part of the wire answer. */
  async function legOf(chainId: string, hash: string) {
    const row = await findTracked(t.store, chainId, hash);
    const record = JSON.parse(row!.record) as { transfers: { legs: EurekaLeg[] }[] };
    expect(record.transfers).toHaveLength(1);
    expect(record.transfers[0]!.legs).toHaveLength(1);
    return record.transfers[0]!.legs[0]!;
  }

  /** WBTC from Ethereum to the Hub as Junction builds it by default: the EurekaHandler's transfer, signed and mined. */
  async function relayedWbtcToHub(amountIn: bigint) {
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: WBTC,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: WBTC_ON_HUB,
      amount_in: amountIn.toString(),
      chain_ids_to_addresses: { '1': user, 'cosmoshub-4': HUB_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.route.operations[0].eureka_transfer).toMatchObject({
      smart_relay: true,
      entry_contract_address: handler,
    });
    expect(body.route.estimated_fees).toMatchObject([
      { fee_type: 'SMART_RELAY', amount: WBTC_FEE.toString(), chain_id: '1' },
    ]);
    expect(body.route.estimated_amount_out).toBe((amountIn - WBTC_FEE).toString());
    const evmTx = body.txs[0].evm_tx as {
      to: Address;
      data: string;
      required_erc20_approvals: { token_contract: Address; spender: Address; amount: string }[];
    };
    expect(evmTx.to).toBe(handler);
    for (const a of evmTx.required_erc20_approvals)
      await send(
        a.token_contract,
        encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
      );
    const receipt = await send(evmTx.to, `0x${evmTx.data}`);
    // The mined transaction: to the handler, the fee's ERC-20 Transfer to Skip's recipient, then the router's SendPacket.
    expect(getAddress(receipt.to!)).toBe(handler);
    const feePaid = parseEventLogs({ abi: TRANSFER_EVENT, logs: receipt.logs, eventName: 'Transfer' })
      .filter((l) => getAddress(l.address) === WBTC && l.args.to === ETH_FEE_RECIPIENT)
      .map((l) => l.args);
    expect(feePaid).toEqual([{ from: user, to: ETH_FEE_RECIPIENT, value: WBTC_FEE }]);
    // The handler's own event of the same name (token, amount, relayFee): not the ERC-20 Transfer, not a packet.
    const handlerEvents = parseEventLogs({ abi: HANDLER_EVENT, logs: receipt.logs, eventName: 'Transfer' }).filter(
      (l) => getAddress(l.address) === handler,
    );
    expect(handlerEvents.map((l) => l.args)).toEqual([
      { token: WBTC, amount: amountIn - WBTC_FEE, relayFee: WBTC_FEE },
    ]);
    const packet = sentPacket(receipt);
    // sendTransferWithSender: the user, not the handler, is the packet's sender (a refund returns to the user).
    expect(decodeAbiParameters(ICS20_PACKET_DATA, packet.payloads[0]!.value)[0].sender).toBe(user.toLowerCase());
    await tx.track('1', receipt.transactionHash, null);
    return { hash: receipt.transactionHash, packet };
  }

  it('Ethereum → Hub: the packet, not the fee; pending until the Hub received and acknowledged it, then a success', async () => {
    const amountIn = 200_000n;
    const delivered = amountIn - WBTC_FEE;
    const { hash, packet } = await relayedWbtcToHub(amountIn);
    const [data] = decodeAbiParameters(ICS20_PACKET_DATA, packet.payloads[0]!.value);
    expect(data.amount).toBe(delivered);

    let s = await step('1', hash);
    expect(s.transfers).toHaveLength(1);
    expect(s.transfers[0]!.transfer_sequence).toHaveLength(1);
    expect(eureka(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: 'cosmoshub-4',
      state: 'TRANSFER_PENDING',
      packet_txs: { send_tx: { chain_id: '1', tx_hash: hash }, receive_tx: null, acknowledge_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });
    const leg = await legOf('1', hash);
    expect(leg.packet).toEqual({
      sequence: packet.sequence.toString(),
      source_client: ETH_CLIENT,
      dest_client: HUB_CLIENT,
      timeout_timestamp: packet.timeoutTimestamp.toString(),
      memo: '',
    });
    expect(leg.sent).toEqual({ chain_id: '1', denom: WBTC, amount: delivered.toString() });
    expect(leg.delivered).toEqual({ chain_id: 'cosmoshub-4', denom: WBTC_ON_HUB, amount: delivered.toString() });

    // Received on the Hub with the acknowledgement written later (asynchronously): received, not yet a success.
    const v2 = toV2(packet);
    const recv = net
      .chain('cosmoshub-4')
      .include([message('/ibc.core.channel.v2.MsgRecvPacket'), v2Event('recv_packet', v2)]);
    s = await step('1', hash);
    expect(eureka(s)).toMatchObject({ state: 'TRANSFER_RECEIVED', packet_txs: { receive_tx: { tx_hash: recv } } });
    expect(s.state).toBe('STATE_PENDING');

    net.chain('cosmoshub-4').include([v2Event('write_acknowledgement', v2, RESULT)]);
    s = await step('1', hash);
    expect(eureka(s)).toMatchObject({ state: 'TRANSFER_SUCCESS', packet_txs: { receive_tx: { tx_hash: recv } } });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: 'cosmoshub-4',
        denom: WBTC_ON_HUB,
        amount: delivered.toString(),
        released: true,
      },
    });
  });

  it('Ethereum → Hub: an error acknowledgement is a failure refunded on Ethereum (the packet amount), never a success', async () => {
    const amountIn = 80_000n;
    const { hash, packet } = await relayedWbtcToHub(amountIn);
    expect((await step('1', hash)).state).toBe('STATE_PENDING');
    hubReceives(toV2(packet), ERROR_ACK);
    let s = await step('1', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_FAILURE',
      packet_txs: { error: { type: 'PACKET_ERROR_ACKNOWLEDGEMENT' }, acknowledge_tx: null },
    });
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: '1', denom: WBTC, amount: (amountIn - WBTC_FEE).toString(), released: false },
    });
    await relay('ackPacket', [packet, toHex(ERROR_ACK)]);
    s = await step('1', hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: '1', denom: WBTC, amount: (amountIn - WBTC_FEE).toString(), released: true },
    });
  });

  it('Hub → Ethereum: the entry point transaction’s packet, not its fee transfer; a success on the router’s WriteAcknowledgement', async () => {
    const { hash, packet } = relayedAtomFromHub(2_000_000n, 250_000n);
    await tx.track('cosmoshub-4', hash, null);
    let s = await step('cosmoshub-4', hash);
    expect(s.transfers).toHaveLength(1);
    expect(s.transfers[0]!.transfer_sequence).toHaveLength(1);
    expect(eureka(s)).toMatchObject({
      from_chain_id: 'cosmoshub-4',
      to_chain_id: '1',
      state: 'TRANSFER_PENDING',
      packet_txs: { send_tx: { chain_id: 'cosmoshub-4', tx_hash: hash }, receive_tx: null },
    });
    expect(s.state).toBe('STATE_PENDING');
    const leg = await legOf('cosmoshub-4', hash);
    expect(leg.packet).toMatchObject({
      sequence: packet.sequence.toString(),
      source_client: HUB_CLIENT,
      dest_client: ETH_CLIENT,
    });
    expect(leg.sent).toEqual({ chain_id: 'cosmoshub-4', denom: 'uatom', amount: '2000000' });
    expect(leg.delivered).toEqual({ chain_id: '1', denom: ATOM, amount: '2000000' });

    // Another packet's receipt on Ethereum is not this one's.
    const other = PacketV2.fromPartial({ ...packet, sequence: packet.sequence + 1000n });
    await relay('recvPacket', [routerPacket(other), toHex(RESULT)]);
    s = await step('cosmoshub-4', hash);
    expect(s.state).toBe('STATE_PENDING');

    const recv = await relay('recvPacket', [routerPacket(packet), toHex(RESULT)]);
    s = await step('cosmoshub-4', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_SUCCESS',
      packet_txs: { receive_tx: { chain_id: '1', tx_hash: recv.transactionHash } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '1', denom: ATOM, amount: '2000000', released: true },
    });
  });

  it('Hub → Ethereum: an error acknowledgement refunds the packet amount on the Hub once acknowledged there', async () => {
    const { hash, packet } = relayedAtomFromHub(1_500_000n, 250_000n);
    await tx.track('cosmoshub-4', hash, null);
    expect((await step('cosmoshub-4', hash)).state).toBe('STATE_PENDING');
    await relay('recvPacket', [routerPacket(packet), toHex(ERROR_ACK)]);
    let s = await step('cosmoshub-4', hash);
    expect(eureka(s)).toMatchObject({ state: 'TRANSFER_FAILURE', packet_txs: { acknowledge_tx: null } });
    expect(s).toMatchObject({
      state: 'STATE_PENDING_ERROR',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '1500000', released: false },
    });
    // The escrow refunds the adapter, whose source callback bank-sends it on to the recover address (the user).
    const ack = net.chain('cosmoshub-4').include([
      message('/ibc.core.channel.v2.MsgAcknowledgement'),
      v2Event('acknowledge_packet', packet),
      {
        type: 'transfer',
        attributes: [
          { key: 'recipient', value: HUB_USER },
          { key: 'sender', value: HUB_CALLBACK_ADAPTER },
          { key: 'amount', value: '1500000uatom' },
          { key: 'msg_index', value: '0' },
        ],
      },
    ]);
    s = await step('cosmoshub-4', hash);
    expect(eureka(s).packet_txs.acknowledge_tx).toMatchObject({ tx_hash: ack });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: 'cosmoshub-4', denom: 'uatom', amount: '1500000', released: true },
    });
  });

  it('Ethereum → Osmosis through the Hub callback, relayed: a success only once Osmosis received the onward packet', async () => {
    const ATOM_FEE = 250_000n;
    const amountIn = 7_000_000n;
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '1',
      source_asset_denom: ATOM,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      amount_in: amountIn.toString(),
      chain_ids_to_addresses: { '1': user, 'cosmoshub-4': HUB_USER, 'osmosis-1': OSMO_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.route.operations[0].eureka_transfer).toMatchObject({
      smart_relay: true,
      entry_contract_address: handler,
    });
    expect(body.route.estimated_fees).toMatchObject([{ fee_type: 'SMART_RELAY', amount: ATOM_FEE.toString() }]);
    const evmTx = body.txs[0].evm_tx as {
      to: Address;
      data: string;
      required_erc20_approvals: { token_contract: Address; spender: Address; amount: string }[];
    };
    for (const a of evmTx.required_erc20_approvals)
      await send(
        a.token_contract,
        encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
      );
    const receipt = await send(evmTx.to, `0x${evmTx.data}`);
    const hash = receipt.transactionHash;
    const packet = sentPacket(receipt);
    const [data] = decodeAbiParameters(ICS20_PACKET_DATA, packet.payloads[0]!.value);
    expect(data.amount).toBe(amountIn - ATOM_FEE);
    expect(JSON.parse(data.memo)).toHaveProperty('dest_callback');
    await tx.track('1', hash, null);
    let s = await step('1', hash);
    expect(eureka(s)).toMatchObject({ to_chain_id: 'cosmoshub-4', state: 'TRANSFER_PENDING' });
    expect(s.state).toBe('STATE_PENDING');

    // On the Hub the entry point sends what arrived (uatom, the ATOM ERC-20 returning home) on to Osmosis.
    const onward = relayer.packet('cosmoshub-4', 'channel-141', {
      denom: 'uatom',
      amount: (amountIn - ATOM_FEE).toString(),
      sender: HUB_ENTRY_POINT,
      receiver: OSMO_USER,
      memo: '',
    });
    hubReceives(toV2(packet), RESULT, [sendPacketV1(onward)]);
    s = await step('1', hash);
    expect(eureka(s)).toMatchObject({ state: 'TRANSFER_SUCCESS' });
    expect(s.transfers[0]!.transfer_sequence[1]).toMatchObject({
      ibc_transfer: { from_chain_id: 'cosmoshub-4', to_chain_id: 'osmosis-1', state: 'TRANSFER_PENDING' },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 1 } });
    relayer.recv(onward, RESULT_ACK);
    s = await step('1', hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: {
        chain_id: 'osmosis-1',
        denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
        amount: (amountIn - ATOM_FEE).toString(),
        released: true,
      },
    });
  });

  it('Osmosis → Ethereum through the Hub callbacks adapter, relayed: a success only once Ethereum received the packet the entry point sent', async () => {
    const ATOM_FEE = 250_000n;
    const amountIn = 9_000_000n;
    const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: ATOM_ON_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: ATOM,
      amount_in: amountIn.toString(),
      chain_ids_to_addresses: { 'osmosis-1': OSMO_USER, 'cosmoshub-4': HUB_USER, '1': user },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.route.txs_required).toBe(1);
    const transfer = JSON.parse(body.txs[0].cosmos_tx.msgs[0].msg) as {
      source_channel: string;
      receiver: string;
      memo: string;
    };
    expect(transfer.receiver).toBe(HUB_CALLBACK_ADAPTER);
    // The user's MsgTransfer on Osmosis, with Junction's memo.
    const p = relayer.packet('osmosis-1', transfer.source_channel, {
      denom: 'transfer/channel-0/uatom',
      amount: amountIn.toString(),
      sender: OSMO_USER,
      receiver: transfer.receiver,
      memo: transfer.memo,
    });
    const hash = relayer.send(p);
    await tx.track('osmosis-1', hash, null);
    let s = await step('osmosis-1', hash);
    expect(s.state).toBe('STATE_PENDING');
    expect(s.transfers[0]!.transfer_sequence).toHaveLength(1);

    // On the Hub the adapter runs the entry point, which pays the fee and sends the rest to Ethereum over IBC v2.
    const value = encodeAbiParameters(ICS20_PACKET_DATA, [
      { denom: 'uatom', sender: HUB_USER, receiver: user.toLowerCase(), amount: amountIn - ATOM_FEE, memo: '' },
    ]);
    const onward = PacketV2.fromPartial({
      sequence: BigInt(++hubSequence),
      sourceClient: HUB_CLIENT,
      destinationClient: ETH_CLIENT,
      timeoutTimestamp: BigInt(Math.floor(net.now / 1000) + 43_200),
      payloads: [
        {
          sourcePort: 'transfer',
          destinationPort: 'transfer',
          version: 'ics20-1',
          encoding: 'application/x-solidity-abi',
          value: Buffer.from(value.slice(2), 'hex'),
        },
      ],
    });
    relayer.recv(p, RESULT_ACK, [v2Event('send_packet', onward)]);
    s = await step('osmosis-1', hash);
    expect(s.transfers[0]!.transfer_sequence[0]).toMatchObject({
      ibc_transfer: { from_chain_id: 'osmosis-1', to_chain_id: 'cosmoshub-4', state: 'TRANSFER_SUCCESS' },
    });
    expect(eureka(s, 1)).toMatchObject({ from_chain_id: 'cosmoshub-4', to_chain_id: '1', state: 'TRANSFER_PENDING' });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 1 } });

    const recv = await relay('recvPacket', [routerPacket(onward), toHex(RESULT)]);
    s = await step('osmosis-1', hash);
    expect(eureka(s, 1)).toMatchObject({
      state: 'TRANSFER_SUCCESS',
      packet_txs: { receive_tx: { chain_id: '1', tx_hash: recv.transactionHash } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '1', denom: ATOM, amount: (amountIn - ATOM_FEE).toString(), released: true },
    });
  });

  // Last: it moves the shared clock past the packet's timeout.
  it('Ethereum → Hub: never received, pending past the timeout until the router times it out, then refunded', async () => {
    const amountIn = 120_000n;
    const { hash, packet } = await relayedWbtcToHub(amountIn);
    expect((await step('1', hash)).state).toBe('STATE_PENDING');
    // (The shared clock may already be past it: earlier tests moved it on by a day.)
    net.now = Math.max(net.now, Number(packet.timeoutTimestamp) * 1000 + 1000);
    let s = await step('1', hash);
    expect(eureka(s).state).toBe('TRANSFER_PENDING');
    expect(s.state).toBe('STATE_PENDING');
    const timeout = await relay('timeoutPacket', [packet]);
    s = await step('1', hash);
    expect(eureka(s)).toMatchObject({
      state: 'TRANSFER_FAILURE',
      packet_txs: {
        receive_tx: null,
        timeout_tx: { chain_id: '1', tx_hash: timeout.transactionHash },
        error: { type: 'PACKET_ERROR_TIMEOUT' },
      },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfer_asset_release: { chain_id: '1', denom: WBTC, amount: (amountIn - WBTC_FEE).toString(), released: true },
    });
  });

  /**
   * The Hub entry point's relayed send as the chain records it: the user's MsgExecuteContract with amount + fee
   * attached, the entry point's wasm events, the eureka_fee bank send to Skip's recipient, the entry point handing the
   * amount to the IBC callbacks adapter, which sends the MsgTransfer (skip-go-cosmwasm-contracts ibc-callbacks: the
   * sender is the adapter, the memo gains `src_callback` naming it so the refund of an error or timeout reaches the
   * recover address), the transfer module's escrow and ibc_transfer event, and the channel v2 send_packet.
   */
  function relayedAtomFromHub(amount: bigint, fee: bigint): { hash: string; packet: PacketV2 } {
    const memo = JSON.stringify({ src_callback: { address: HUB_CALLBACK_ADAPTER } });
    const value = encodeAbiParameters(ICS20_PACKET_DATA, [
      { denom: 'uatom', sender: HUB_CALLBACK_ADAPTER, receiver: user.toLowerCase(), amount, memo },
    ]);
    const packet = PacketV2.fromPartial({
      sequence: BigInt(++hubSequence),
      sourceClient: HUB_CLIENT,
      destinationClient: ETH_CLIENT,
      timeoutTimestamp: BigInt(Math.floor(net.now / 1000) + 43_200),
      payloads: [
        {
          sourcePort: 'transfer',
          destinationPort: 'transfer',
          version: 'ics20-1',
          encoding: 'application/x-solidity-abi',
          value: Buffer.from(value.slice(2), 'hex'),
        },
      ],
    });
    const ev = (type: string, attrs: Record<string, string>): AbciEvent => ({
      type,
      attributes: [...Object.entries(attrs).map(([key, v]) => ({ key, value: v })), { key: 'msg_index', value: '0' }],
    });
    const bank = (sender: string, recipient: string, coins: string) => [
      ev('coin_spent', { spender: sender, amount: coins }),
      ev('coin_received', { receiver: recipient, amount: coins }),
      ev('transfer', { recipient, sender, amount: coins }),
    ];
    // The transfer module's escrow for transfer/08-wasm-1369: sha256("ics20-1" 0x00 "transfer/08-wasm-1369")[:20].
    const escrow = 'cosmos18459fefellctc42rkvmffxr7n79zw2nsgu0kml';
    const hash = net.chain('cosmoshub-4').include([
      ev('message', { action: '/cosmwasm.wasm.v1.MsgExecuteContract', sender: HUB_USER, module: 'wasm' }),
      ...bank(HUB_USER, HUB_ENTRY_POINT, `${amount + fee}uatom`),
      ev('execute', { _contract_address: HUB_ENTRY_POINT }),
      ev('wasm', { _contract_address: HUB_ENTRY_POINT, action: 'execute_action' }),
      ...bank(HUB_ENTRY_POINT, HUB_FEE_RECIPIENT, `${fee}uatom`),
      ...bank(HUB_ENTRY_POINT, HUB_CALLBACK_ADAPTER, `${amount}uatom`),
      ev('execute', { _contract_address: HUB_CALLBACK_ADAPTER }),
      ev('wasm', { _contract_address: HUB_CALLBACK_ADAPTER, action: 'execute_ibc_transfer' }),
      ...bank(HUB_CALLBACK_ADAPTER, escrow, `${amount}uatom`),
      ev('ibc_transfer', {
        sender: HUB_CALLBACK_ADAPTER,
        receiver: user.toLowerCase(),
        denom: 'uatom',
        amount: amount.toString(),
        memo,
      }),
      v2Event('send_packet', packet),
      ev('message', { module: 'transfer' }),
      ev('wasm', { _contract_address: HUB_CALLBACK_ADAPTER, action: 'sub_msg_reply_success' }),
    ]);
    return { hash, packet };
  }
});
