/**
 * The LayerZero OFT transactions Junction builds, executed on a local EVM (anvil) against LayerZero's own contracts
 * from npm: EndpointV2 and its SimpleMessageLib as @layerzerolabs/lz-evm-protocol-v2 ships them compiled
 * (src/test-helpers/evm/layer-zero.ts), and the OFT of @layerzerolabs/lz-evm-oapp-v2 compiled from node_modules
 * (test-contracts/LayerZeroOft.sol only makes it concrete), its code placed at ZRO's mainnet address from
 * data/layer-zero.json. For each destination the test takes the transaction from /v2/fungible/msgs_direct, decodes its
 * calldata with the IOFT ABI, sends it from a funded account, and reads what the contracts did: the OFTSent and
 * PacketSent events (amounts, recipient, destination endpoint id), the messaging fee the send library kept and the
 * table's over-payment refunded; quoteOFT agrees with Junction's amounts. With CHAIN_RPC_URLS pointing at the node,
 * the fee refresher quotes quoteSend over JSON-RPC and routes carry it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  pad,
  slice,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyContractTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { endpointV2, installLayerZeroEndpoint, type LayerZeroEndpoint } from '../../test-helpers/evm/layer-zero.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { IOFT_ABI, type SendParam } from '../oft/oft.js';
import { layerZeroConfig } from './config.js';
import { layerZeroBridge } from './index.js';

const ZRO = getAddress('0x6985884C4392D348587B19cb9eAAf157F13271cd');
/** What the send library charges: below the fee table's figure for Ethereum, so the difference comes back. */
const ENDPOINT_FEE = 200_000_000_000_000n;
const peerOf = (eid: number) => pad(`0x${(0xabc000 + eid).toString(16)}`);

const cfg = layerZeroConfig();
const user = anvilAccount(1).address;
const recipient = anvilAccount(2).address;
let node: Anvil;
let lz: LayerZeroEndpoint;
let oft: Compiled;
let offline: TestApp;
let live: TestApp;

const zroBalance = (address: Address) =>
  node.publicClient.readContract({
    address: ZRO,
    abi: oft.abi,
    functionName: 'balanceOf',
    args: [address],
  }) as Promise<bigint>;

beforeAll(async () => {
  node = await startAnvil(1);
  lz = await installLayerZeroEndpoint(node, cfg.eid.get('1')!, [...cfg.eid.values()], ENDPOINT_FEE);
  oft = compileSolidity(new URL('./test-contracts/LayerZeroOft.sol', import.meta.url)).LayerZeroOft!;
  // The OFT's constructor runs at a fresh address; its code (immutables: the endpoint, the decimal conversion rate)
  // and the slots the constructor wrote in place (owner, name, symbol) move to ZRO's address. What lives in mappings
  // is set there through the OFT's own owner functions. (The constructor also named the owner as the OApp's delegate
  // at the endpoint, for the first address only: a send does not consult the delegate.)
  const deployed = await deployContract(node, oft, ['LayerZero', 'ZRO', lz.endpoint, anvilAccount(0).address]);
  await copyContractTo(node, deployed, ZRO, oft);
  const asOwner = (functionName: string, args: readonly unknown[]) =>
    sendTx(node, 0, { to: ZRO, data: encodeFunctionData({ abi: oft.abi, functionName, args }) });
  for (const eid of cfg.eid.values()) await asOwner('setPeer', [eid, peerOf(eid)]);
  await asOwner('mint', [user, 10n ** 24n]);
  offline = await buildTestApp();
  // A local node answers at once when the machine is idle; the generous bound keeps a busy one from failing a quote.
  live = await buildTestApp({ CHAIN_RPC_URLS: `1=${node.url}`, UPSTREAM_TIMEOUT_MS: '120000' });
});
afterAll(async () => {
  await offline?.app.close();
  await live?.app.close();
  await node?.stop();
});

async function msgsDirect(t: TestApp, dest: string, amount: bigint, slippage = '0.5') {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: '1',
    source_asset_denom: ZRO,
    dest_asset_chain_id: dest,
    dest_asset_denom: ZRO,
    amount_in: amount.toString(),
    slippage_tolerance_percent: slippage,
    chain_ids_to_addresses: { '1': user, [dest]: recipient },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const RATE = 10n ** 12n; // 18 local decimals, 6 shared
const destinations = [...cfg.ofts[0]!.deployments.keys()].filter((c) => c !== '1');

describe('LayerZero OFT send of ZRO from Ethereum on anvil', () => {
  it.each(destinations)(
    'to %s: IOFT send in taxi mode, OFTSent and PacketSent carry the amount, recipient and endpoint id',
    async (dest) => {
      const amount = 1_234_567_890_123_456_789n + BigInt(destinations.indexOf(dest));
      const body = await msgsDirect(offline, dest, amount);
      expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['layer_zero_transfer']);
      const tx = body.txs[0].evm_tx;
      const tableFee = cfg.messagingFeeTable.get('1')!;
      expect(tx).toMatchObject({
        chain_id: '1',
        to: ZRO,
        value: tableFee.toString(),
        signer_address: user,
        required_erc20_approvals: [],
      });

      const sent = (amount / RATE) * RATE;
      const call = decodeFunctionData({ abi: IOFT_ABI, data: `0x${tx.data}` });
      expect(call.functionName).toBe('send');
      const [param, fee, refund] = call.args as readonly [
        SendParam,
        { nativeFee: bigint; lzTokenFee: bigint },
        Address,
      ];
      expect(param).toEqual({
        dstEid: cfg.eid.get(dest),
        to: pad(recipient.toLowerCase() as Hex),
        amountLD: amount,
        // 0.5 % below what arrives, in whole shared units.
        minAmountLD: (sent / RATE - ((sent / RATE) * 5_000n + 999_999n) / 1_000_000n) * RATE,
        extraOptions: '0x',
        composeMsg: '0x',
        oftCmd: '0x',
      });
      expect(fee).toEqual({ nativeFee: tableFee, lzTokenFee: 0n });
      expect(refund).toBe(user);

      // The OFT's own view of the same parameters: what it debits and what the destination credits (the dust stays).
      // (`as never`: viem does not infer the argument types through the anvil helper's client type.)
      const [, , receiptLD] = await node.publicClient.readContract({
        address: ZRO,
        abi: IOFT_ABI,
        functionName: 'quoteOFT',
        args: [param] as never,
      });
      expect(receiptLD).toEqual({ amountSentLD: sent, amountReceivedLD: BigInt(body.route.amount_out) });

      const ethBefore = await node.publicClient.getBalance({ address: user });
      const libBefore = await node.publicClient.getBalance({ address: lz.sendLibrary });
      const zroBefore = await zroBalance(user);
      const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
      // The endpoint pays the send library its fee and refunds the rest of the table's estimate to the refund address.
      expect(ethBefore - (await node.publicClient.getBalance({ address: user }))).toBe(
        receipt.gasUsed * receipt.effectiveGasPrice + ENDPOINT_FEE,
      );
      expect((await node.publicClient.getBalance({ address: lz.sendLibrary })) - libBefore).toBe(ENDPOINT_FEE);
      expect(zroBefore - (await zroBalance(user))).toBe(sent);

      // The OFT burns the debited amount (an ERC-20 Transfer to the zero address) and emits OFTSent.
      const [burn, oftSent] = eventsOf(receipt.logs, ZRO, oft.abi);
      expect(burn).toMatchObject({ eventName: 'Transfer', args: { from: user, to: zeroAddress, value: sent } });
      expect(oftSent).toMatchObject({
        eventName: 'OFTSent',
        args: { dstEid: cfg.eid.get(dest), fromAddress: user, amountSentLD: sent, amountReceivedLD: sent },
      });
      const [packet] = eventsOf(receipt.logs, lz.endpoint, endpointV2().abi).filter(
        (e) => e.eventName === 'PacketSent',
      );
      const {
        encodedPayload: p,
        options,
        sendLibrary,
      } = packet!.args as unknown as { encodedPayload: Hex; options: Hex; sendLibrary: Address };
      expect({ options, sendLibrary }).toEqual({ options: '0x', sendLibrary: getAddress(lz.sendLibrary) });
      // Packet V1: version(1) nonce(8) srcEid(4) sender(32) dstEid(4) receiver(32) | guid(32) message: to(32) amountSD(8).
      expect(Number(hexToBigInt(slice(p, 0, 1)))).toBe(1);
      expect(Number(hexToBigInt(slice(p, 9, 13)))).toBe(cfg.eid.get('1'));
      expect(slice(p, 13, 45)).toBe(pad(ZRO.toLowerCase() as Hex));
      expect(Number(hexToBigInt(slice(p, 45, 49)))).toBe(cfg.eid.get(dest));
      expect(slice(p, 49, 81)).toBe(peerOf(cfg.eid.get(dest)!));
      expect(slice(p, 81, 113)).toBe((oftSent!.args as unknown as { guid: Hex }).guid);
      expect(slice(p, 113, 145)).toBe(pad(recipient.toLowerCase() as Hex));
      expect(hexToBigInt(slice(p, 145))).toBe(sent / RATE);
    },
  );

  it('refuses an amount below one shared unit', async () => {
    const res = await post(offline.app, '/v2/fungible/route', {
      source_asset_chain_id: '1',
      source_asset_denom: ZRO,
      dest_asset_chain_id: '42161',
      dest_asset_denom: ZRO,
      amount_in: '999999999999',
    });
    expect(res.statusCode).toBe(404);
    const lane = layerZeroBridge
      .lanes(offline.ctx.registry)
      .find((l) => l.fromChainId === '1' && l.toChainId === '42161')!;
    expect(layerZeroBridge.quote(lane, 999_999_999_999n, 'in')).toEqual({
      refused: expect.stringContaining('smallest unit'),
    });
  });

  it('with CHAIN_RPC_URLS, the refresher quotes quoteSend over JSON-RPC; routes and transactions carry the live fee', async () => {
    const lanes = live.ctx.liveFees.active.filter((p) => p.chainId === '1' && p.lane.bridge === 'LAYER_ZERO');
    expect(lanes.length).toBe(destinations.length);
    await live.ctx.liveFees.refresh();
    // Only the OFT answers here (the Stargate pools of Ethereum are not on this node and keep their fee tables).
    expect(live.ctx.liveFees.status()).toMatchObject({ live: destinations.length });
    const health = (await live.app.inject({ method: 'GET', url: '/health' })).json();
    expect(health.checks.bridge_fees.detail).toMatch(
      new RegExp(`^${destinations.length} of \\d+ bridge lanes priced from live quotes`),
    );
    expect((await offline.app.inject({ method: 'GET', url: '/health' })).json().checks.bridge_fees.detail).toMatch(
      /^0 of \d+ bridge lanes priced from live quotes \(0 with a configured endpoint/,
    );

    const route = (
      await post(live.app, '/v2/fungible/route', {
        source_asset_chain_id: '1',
        source_asset_denom: ZRO,
        dest_asset_chain_id: '8453',
        dest_asset_denom: ZRO,
        amount_in: '5000000000000000000',
      })
    ).json();
    expect(route.operations[0].layer_zero_transfer).toMatchObject({
      messaging_fee_amount: ENDPOINT_FEE.toString(),
      destination_endpoint_id: 30184,
    });
    expect(route.estimated_fees).toEqual([
      expect.objectContaining({
        bridge_id: 'LAYER_ZERO',
        amount: ENDPOINT_FEE.toString(),
        chain_id: '1',
        fee_behavior: 'FEE_BEHAVIOR_ADDITIONAL',
        tx_index: 0,
        operation_index: 0,
      }),
    ]);
    const body = await msgsDirect(live, '8453', 5n * 10n ** 18n);
    expect(body.txs[0].evm_tx.value).toBe(ENDPOINT_FEE.toString());
    await sendTx(node, 1, { to: ZRO, data: `0x${body.txs[0].evm_tx.data}`, value: ENDPOINT_FEE });

    // The fee moves on chain; the next refresh follows it. The offline instance keeps its table.
    await lz.setNativeFee(ENDPOINT_FEE * 2n);
    await live.ctx.liveFees.refresh();
    expect((await msgsDirect(live, '8453', 10n ** 18n)).txs[0].evm_tx.value).toBe((ENDPOINT_FEE * 2n).toString());
    expect((await msgsDirect(offline, '8453', 10n ** 18n)).txs[0].evm_tx.value).toBe(
      cfg.messagingFeeTable.get('1')!.toString(),
    );
  });
});
