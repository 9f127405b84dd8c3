/**
 * Tracking a LayerZero OFT send of ZRO from Ethereum to Arbitrum between two local EVMs (anvil, chain ids 1 and
 * 42161), each with LayerZero's own EndpointV2 and SimpleMessageLib (src/test-helpers/evm/layer-zero.ts) and the OFT of
 * @layerzerolabs/lz-evm-oapp-v2 (test-contracts/LayerZeroOft.sol) at ZRO's address, each the other's peer, as
 * evm.test.ts sets one chain up. The user's transaction is Junction's own (POST /msgs_direct); the packet the source
 * endpoint emitted (PacketSent) is delivered on Arbitrum as an executor does: the message library verifies it, the
 * endpoint's lzReceive hands it to the OFT, which credits the recipient and emits OFTReceived.
 */
import {
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  hexToNumber,
  pad,
  parseAbi,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { buildTestApp, expectSchema, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyContractTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { installLayerZeroEndpoint, type LayerZeroEndpoint } from '../../test-helpers/evm/layer-zero.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import type { TxService } from '../../tx/service.js';
import { testTxService, tickSteps } from '../../tx/test-helpers/service.js';
import { StatusResponse, type StatusResponse as Status } from '../../wire/tx.js';
import { layerZeroConfig } from './config.js';
import { LAYER_ZERO_DEADLINE_MS } from './track.js';

const ZRO = getAddress('0x6985884C4392D348587B19cb9eAAf157F13271cd');
const FEE = 200_000_000_000_000n;
const cfg = layerZeroConfig();
const EID_ETHEREUM = cfg.eid.get('1')!;
const EID_ARBITRUM = cfg.eid.get('42161')!;
const user = anvilAccount(1).address;
const recipient = anvilAccount(2).address;
const LZ_ABI = parseAbi([
  'event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)',
  'struct Origin { uint32 srcEid; bytes32 sender; uint64 nonce; }',
  'function validatePacket(bytes packetBytes)',
  'function lzReceive(Origin origin, address receiver, bytes32 guid, bytes message, bytes extraData) payable',
]);

let ethereum: Anvil;
let arbitrum: Anvil;
let lzArbitrum: LayerZeroEndpoint;
let oft: Compiled;
let app: TestApp;
let t: TestStore;
let tx: TxService;
let clock = Date.now();

async function installOft(node: Anvil, lz: LayerZeroEndpoint, remoteEid: number): Promise<void> {
  const deployed = await deployContract(node, oft, ['LayerZero', 'ZRO', lz.endpoint, anvilAccount(0).address]);
  await copyContractTo(node, deployed, ZRO, oft);
  // The same OFT at the same address on both chains: each is the other's peer.
  await sendTx(node, 0, {
    to: ZRO,
    data: encodeFunctionData({ abi: oft.abi, functionName: 'setPeer', args: [remoteEid, pad(ZRO)] }),
  });
}

beforeAll(async () => {
  [ethereum, arbitrum] = await Promise.all([startAnvil(1), startAnvil(42161)]);
  oft = compileSolidity(new URL('./test-contracts/LayerZeroOft.sol', import.meta.url)).LayerZeroOft!;
  const lzEthereum = await installLayerZeroEndpoint(ethereum, EID_ETHEREUM, [EID_ARBITRUM], FEE);
  lzArbitrum = await installLayerZeroEndpoint(arbitrum, EID_ARBITRUM, [EID_ETHEREUM], FEE, { receive: true });
  await installOft(ethereum, lzEthereum, EID_ARBITRUM);
  await installOft(arbitrum, lzArbitrum, EID_ETHEREUM);
  await sendTx(ethereum, 0, {
    to: ZRO,
    data: encodeFunctionData({ abi: oft.abi, functionName: 'mint', args: [user, 10n ** 24n] }),
  });
  app = await buildTestApp();
  t = await sqliteTestStore();
  tx = testTxService({
    store: t.store,
    registry: app.ctx.registry,
    rpc: `1=${ethereum.url},42161=${arbitrum.url}`,
    now: () => clock,
    worker: { stallAbandonMs: 1_800_000 },
  });
});
afterAll(async () => {
  await app?.app.close();
  await Promise.all([ethereum?.stop(), arbitrum?.stop()]);
  await t?.cleanup();
});
beforeEach(() => {
  clock += 1000;
});

async function step(hash: string): Promise<Status> {
  clock += 1000;
  await tickSteps(tx, () => clock++);
  const body = JSON.parse((await tx.statusText('1', hash)).text) as Status;
  expectSchema(StatusResponse, body);
  return body;
}
const event = (s: Status) => {
  const e = s.transfers[0]!.transfer_sequence[0];
  if (!e || !('layer_zero_transfer' in e)) throw new Error('no LayerZero event');
  return e.layer_zero_transfer;
};

/** Junction's transaction for `amount` ZRO from Ethereum to Arbitrum, sent; returns its receipt. */
async function send(amount: bigint) {
  const res = await post(app.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: '1',
    source_asset_denom: ZRO,
    dest_asset_chain_id: '42161',
    dest_asset_denom: ZRO,
    amount_in: amount.toString(),
    chain_ids_to_addresses: { '1': user, '42161': recipient },
  });
  expect(res.statusCode, res.body).toBe(200);
  const evmTx = res.json().txs[0].evm_tx as { to: Address; data: string; value: string };
  return sendTx(ethereum, 1, { to: evmTx.to, data: `0x${evmTx.data}`, value: BigInt(evmTx.value) });
}

/** What an executor does on Arbitrum with the packet the Ethereum endpoint emitted. */
async function deliver(receipt: Awaited<ReturnType<typeof send>>) {
  const packetSent = receipt.logs
    .map((l) => {
      try {
        return decodeEventLog({ abi: LZ_ABI, data: l.data, topics: l.topics });
      } catch {
        return null;
      }
    })
    .find((e) => e?.eventName === 'PacketSent')!;
  const packet = (packetSent.args as { encodedPayload: Hex }).encodedPayload;
  // PacketV1Codec: version(1) nonce(8) srcEid(4) sender(32) dstEid(4) receiver(32) guid(32) message.
  const origin = {
    srcEid: hexToNumber(slice(packet, 9, 13)),
    sender: slice(packet, 13, 45),
    nonce: hexToBigInt(slice(packet, 1, 9)),
  };
  const guid = slice(packet, 81, 113);
  const message = slice(packet, 113);
  await sendTx(arbitrum, 0, {
    to: lzArbitrum.sendLibrary,
    data: encodeFunctionData({ abi: LZ_ABI, functionName: 'validatePacket', args: [packet] }),
  });
  return sendTx(arbitrum, 0, {
    to: lzArbitrum.endpoint,
    data: encodeFunctionData({ abi: LZ_ABI, functionName: 'lzReceive', args: [origin, ZRO, guid, message, '0x'] }),
  });
}

describe('LayerZero ZRO Ethereum → Arbitrum', () => {
  it('is sent on OFTSent and a success only once the Arbitrum OFT received the packet (OFTReceived)', async () => {
    const amount = 5n * 10n ** 18n;
    const receipt = await send(amount);
    await tx.track('1', receipt.transactionHash, null);
    let s = await step(receipt.transactionHash);
    expect(event(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '42161',
      state: 'LAYER_ZERO_TRANSFER_SENT',
      txs: { send_tx: { chain_id: '1', tx_hash: receipt.transactionHash }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    const delivery = await deliver(receipt);
    s = await step(receipt.transactionHash);
    expect(event(s)).toMatchObject({
      state: 'LAYER_ZERO_TRANSFER_RECEIVED',
      txs: {
        receive_tx: {
          chain_id: '42161',
          tx_hash: delivery.transactionHash,
          explorer_link: `https://arbiscan.io/tx/${delivery.transactionHash}`,
        },
      },
    });
    const credited = (await arbitrum.publicClient.readContract({
      address: ZRO,
      abi: oft.abi,
      functionName: 'balanceOf',
      args: [recipient],
    })) as bigint;
    expect(credited).toBe(amount);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '42161', denom: ZRO, amount: credited.toString(), released: true },
    });
  });

  it('a packet never delivered stays pending past the stall limit, then is abandoned with the funds shown on Ethereum', async () => {
    const receipt = await send(10n ** 18n);
    await tx.track('1', receipt.transactionHash, null);
    await step(receipt.transactionHash);
    clock += 1_800_000 + 1000;
    expect((await step(receipt.transactionHash)).state).toBe('STATE_PENDING');
    clock += LAYER_ZERO_DEADLINE_MS;
    expect(await step(receipt.transactionHash)).toMatchObject({
      state: 'STATE_ABANDONED',
      transfer_asset_release: { chain_id: '1', denom: ZRO, amount: (10n ** 18n).toString(), released: false },
    });
  });
});
