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
  type Hex,
} from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anvilAccount, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyContractTo, deployContract, sendTx } from '../../test-helpers/evm/deploy.js';
import { installLayerZeroEndpoint, type LayerZeroEndpoint } from '../../test-helpers/evm/layer-zero.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { recipient, startOftTrackBench, user, type OftTrackBench } from '../oft/test-helpers/track-bench.js';
import { layerZeroConfig } from './config.js';
import { LAYER_ZERO_DEADLINE_MS } from './track.js';

const ZRO = getAddress('0x6985884C4392D348587B19cb9eAAf157F13271cd');
const FEE = 200_000_000_000_000n;
const cfg = layerZeroConfig();
const EID_ETHEREUM = cfg.eid.get('1')!;
const EID_ARBITRUM = cfg.eid.get('42161')!;
const LZ_ABI = parseAbi([
  'event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)',
  'struct Origin { uint32 srcEid; bytes32 sender; uint64 nonce; }',
  'function validatePacket(bytes packetBytes)',
  'function lzReceive(Origin origin, address receiver, bytes32 guid, bytes message, bytes extraData) payable',
]);

let b: OftTrackBench;
let lzArbitrum: LayerZeroEndpoint;
let oft: Compiled;

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
  b = await startOftTrackBench();
  const { ethereum, arbitrum } = b;
  oft = compileSolidity(new URL('./test-contracts/LayerZeroOft.sol', import.meta.url)).LayerZeroOft!;
  const lzEthereum = await installLayerZeroEndpoint(ethereum, EID_ETHEREUM, [EID_ARBITRUM], FEE);
  lzArbitrum = await installLayerZeroEndpoint(arbitrum, EID_ARBITRUM, [EID_ETHEREUM], FEE, { receive: true });
  await installOft(ethereum, lzEthereum, EID_ARBITRUM);
  await installOft(arbitrum, lzArbitrum, EID_ETHEREUM);
  await sendTx(ethereum, 0, {
    to: ZRO,
    data: encodeFunctionData({ abi: oft.abi, functionName: 'mint', args: [user, 10n ** 24n] }),
  });
});
afterAll(async () => {
  await b?.stop();
});
beforeEach(() => {
  b.advance(1000);
});

const event = (s: Status) => transferEvent(s, 'layer_zero_transfer');

/** Junction's transaction for `amount` ZRO from Ethereum to Arbitrum, sent; returns its receipt. */
const send = (amount: bigint) =>
  b.send({
    source_asset_chain_id: '1',
    source_asset_denom: ZRO,
    dest_asset_chain_id: '42161',
    dest_asset_denom: ZRO,
    amount_in: amount.toString(),
    chain_ids_to_addresses: { '1': user, '42161': recipient },
  });

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
  await sendTx(b.arbitrum, 0, {
    to: lzArbitrum.sendLibrary,
    data: encodeFunctionData({ abi: LZ_ABI, functionName: 'validatePacket', args: [packet] }),
  });
  return sendTx(b.arbitrum, 0, {
    to: lzArbitrum.endpoint,
    data: encodeFunctionData({ abi: LZ_ABI, functionName: 'lzReceive', args: [origin, ZRO, guid, message, '0x'] }),
  });
}

describe('LayerZero ZRO Ethereum → Arbitrum', () => {
  it('is sent on OFTSent and a success only once the Arbitrum OFT received the packet (OFTReceived)', async () => {
    const amount = 5n * 10n ** 18n;
    const receipt = await send(amount);
    await b.tx.track('1', receipt.transactionHash, null);
    let s = await b.step(receipt.transactionHash);
    expect(event(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '42161',
      state: 'LAYER_ZERO_TRANSFER_SENT',
      txs: { send_tx: { chain_id: '1', tx_hash: receipt.transactionHash }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    const delivery = await deliver(receipt);
    s = await b.step(receipt.transactionHash);
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
    const credited = (await b.arbitrum.publicClient.readContract({
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
    await b.expectAbandonedUndelivered(receipt.transactionHash, LAYER_ZERO_DEADLINE_MS, ZRO, 10n ** 18n);
  });
});
