/**
 * Contract test: the official @skip-go/client SDK (1.6.1) drives the running server for route, messages and
 * messagesDirect — only the API URL changes.
 */
import { describe, expect, it } from 'vitest';
import { EVM_USER, messagesFor, USDC_ETHEREUM, useSdkServer } from './sdk-server.js';
import { BridgeType, messagesDirect, route } from '@skip-go/client';
import {
  ATOM_ON_OSMOSIS,
  USDC_ON_NOLUS_VIA_OSMOSIS,
  USDC_ON_QUICKSILVER_VIA_DYDX,
  userAddress,
} from '../src/test-helpers/registry.js';

const server = useSdkServer();
const { addressOf } = server;

describe('@skip-go/client against Junction', () => {
  it('route → messages: the SDK echoes the operations and gets a signable MsgTransfer', async () => {
    const r = await route({
      sourceAssetDenom: 'uatom',
      sourceAssetChainId: 'cosmoshub-4',
      destAssetDenom: ATOM_ON_OSMOSIS,
      destAssetChainId: 'osmosis-1',
      amountIn: '2500000',
    });
    expect(r).toBeDefined();
    expect(r!.operations[0]).toMatchObject({
      transfer: { channel: 'channel-141', fromChainId: 'cosmoshub-4', toChainId: 'osmosis-1' },
      txIndex: 0,
    });
    expect(r!.requiredChainAddresses).toEqual(['cosmoshub-4', 'osmosis-1']);

    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    expect('cosmosTx' in tx && tx.cosmosTx.chainId).toBe('cosmoshub-4');
    const msg = 'cosmosTx' in tx ? JSON.parse(tx.cosmosTx.msgs![0]!.msg!) : undefined;
    expect(msg).toMatchObject({ source_channel: 'channel-141', token: { denom: 'uatom', amount: '2500000' } });
  });

  it('messagesDirect builds a forwarded transfer through Osmosis', async () => {
    const d = await messagesDirect({
      sourceAssetDenom: 'uusdc',
      sourceAssetChainId: 'noble-1',
      destAssetDenom: USDC_ON_NOLUS_VIA_OSMOSIS,
      destAssetChainId: 'pirin-1',
      amountIn: '1000000',
      chainIdsToAddresses: Object.fromEntries(
        ['noble-1', 'osmosis-1', 'pirin-1'].map((c) => [c, userAddress(server.ctx.registry, c)]),
      ),
      slippageTolerancePercent: '1',
    });
    expect(d!.route!.chainIds).toEqual(['noble-1', 'osmosis-1', 'pirin-1']);
    const tx = d!.txs![0]!;
    const msg = 'cosmosTx' in tx ? JSON.parse(tx.cosmosTx.msgs![0]!.msg!) : undefined;
    expect(JSON.parse(msg.memo).forward.receiver).toBe(userAddress(server.ctx.registry, 'pirin-1'));
  });

  it('a swap route round-trips through the SDK: route, then messages with the echoed swap operation', async () => {
    const r = await route({
      sourceAssetDenom: 'uatom',
      sourceAssetChainId: 'cosmoshub-4',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '10000000',
    });
    expect(r!.doesSwap).toBe(true);
    // The SDK's own types for the swap record are a union; read the converted keys as plain JSON.
    const swapOp = r!.operations.find((o) => 'swap' in o) as {
      swap: { swapIn: { swapVenue: { name: string } } };
    };
    expect(swapOp.swap.swapIn.swapVenue.name).toBe('osmosis-poolmanager');
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    const msg = 'cosmosTx' in tx ? JSON.parse(tx.cosmosTx.msgs![0]!.msg!) : undefined;
    const sa = JSON.parse(msg.memo).wasm.msg.swap_and_action;
    expect(sa.user_swap.swap_exact_asset_in.swap_venue_name).toBe('osmosis-poolmanager');
    expect(BigInt(m!.minAmountOut!)).toBeLessThanOrEqual(BigInt(r!.estimatedAmountOut));
  });

  it('CCTP from Ethereum to Noble: route with a cctpTransfer operation, messages with an EVM transaction and its approval', async () => {
    const r = await route({
      sourceAssetDenom: USDC_ETHEREUM,
      sourceAssetChainId: '1',
      destAssetDenom: 'uusdc',
      destAssetChainId: 'noble-1',
      amountIn: '12000000',
      bridges: [BridgeType.CCTP],
      smartRelay: false,
    });
    expect(r!.operations[0]).toMatchObject({
      cctpTransfer: { fromChainId: '1', toChainId: 'noble-1', burnToken: USDC_ETHEREUM, bridgeId: 'CCTP' },
      txIndex: 0,
    });
    expect(r!.requiredChainAddresses).toEqual(['1', 'noble-1']);
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    expect(tx.evmTx).toMatchObject({
      chainId: '1',
      to: '0xBd3fa81B58Ba92a82136038B25aDec7066af3155',
      value: '0',
      signerAddress: EVM_USER,
    });
    expect(tx.evmTx.data?.startsWith('6fd3504e')).toBe(true); // depositForBurn(uint256,uint32,bytes32,address)
    expect(tx.evmTx.requiredErc20Approvals).toEqual([
      { tokenContract: USDC_ETHEREUM, spender: '0xBd3fa81B58Ba92a82136038B25aDec7066af3155', amount: '12000000' },
    ]);
  });

  it('CCTP into a swap: messagesDirect from USDC on Ethereum to OSMO gives the burn (forwarded to Osmosis), then the swap', async () => {
    const d = await messagesDirect({
      sourceAssetDenom: USDC_ETHEREUM,
      sourceAssetChainId: '1',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '100000000',
      allowMultiTx: true,
      allowUnsafe: true,
      // CCTP and IBC only: an Axelar GMP call reaches OSMO in one transaction (src/bridges/axelar/gmp.test.ts).
      bridges: [BridgeType.CCTP, BridgeType.IBC],
      chainIdsToAddresses: Object.fromEntries(['1', 'noble-1', 'osmosis-1'].map((c) => [c, addressOf(c)])),
      slippageTolerancePercent: '1',
    });
    expect(d!.route!.txsRequired).toBe(2);
    expect(d!.txs!.map((t) => Object.keys(t).find((k) => k.endsWith('Tx')))).toEqual(['evmTx', 'cosmosTx']);
  });

  it('CCTP V2 from Base to Arbitrum with goFast: a cctpTransferV2 operation (the Fast Transfer, forwarded by Circle) and its burn', async () => {
    const r = await route({
      sourceAssetDenom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      sourceAssetChainId: '8453',
      destAssetDenom: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
      destAssetChainId: '42161',
      amountIn: '100000000',
      bridges: [BridgeType.CCTP_V2],
      goFast: true,
    });
    expect(r!.operations[0]).toMatchObject({
      cctpTransferV2: {
        fromChainId: '8453',
        toChainId: '42161',
        bridgeId: 'CCTP_V2',
        smartRelay: true,
        destinationDomain: 3,
        finalityThreshold: 1000,
      },
      txIndex: 0,
    });
    expect(r!.estimatedFees?.[0]).toMatchObject({ feeType: 'SMART_RELAY', bridgeId: 'CCTP_V2', usdAmount: '0.21' });
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    expect(tx.evmTx.to).toBe('0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d');
    expect(tx.evmTx.data?.startsWith('779b432d')).toBe(true); // depositForBurnWithHook
  });

  it('USDC Ethereum → USDC on Osmosis in one transaction: the CCTP hop and the IBC hop from Noble share tx_index 0', async () => {
    const r = await route({
      sourceAssetDenom: USDC_ETHEREUM,
      sourceAssetChainId: '1',
      destAssetDenom: 'ibc/498A0751C798A0D9A389AA3691123DADA57DAA4FE165D5C75894505B876BA6E4',
      destAssetChainId: 'osmosis-1',
      amountIn: '100000000',
      bridges: [BridgeType.CCTP, BridgeType.IBC],
    });
    expect(r!.txsRequired).toBe(1);
    expect(r!.operations.map((o) => [Object.keys(o).find((k) => k.endsWith('ransfer')), o.txIndex])).toEqual([
      ['cctpTransfer', 0],
      ['transfer', 0],
    ]);
    const m = await messagesFor(r!, addressOf);
    expect(m!.txs).toHaveLength(1);
    expect('evmTx' in m!.txs![0]!).toBe(true);
  });

  it('surfaces the wire error message and code through the SDK', async () => {
    await expect(
      route({
        sourceAssetDenom: 'uatom',
        sourceAssetChainId: 'cosmoshub-4',
        destAssetDenom: 'uosmo',
        destAssetChainId: 'osmosis-1',
        amountIn: '0',
      }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/amount_in: must be greater than zero/), code: 3 });
  });

  it('a route that needs two transactions fails with the words the Skip widget matches to offer allow_multi_tx', async () => {
    const err = await route({
      sourceAssetDenom: 'uusdc',
      sourceAssetChainId: 'noble-1',
      destAssetDenom: USDC_ON_QUICKSILVER_VIA_DYDX,
      destAssetChainId: 'quicksilver-2',
      amountIn: '1000000',
    }).catch((e: unknown) => e as { message: string; code: number });
    expect(err).toMatchObject({ code: 5 });
    expect((err as { message: string }).message.startsWith('no single-tx routes found')).toBe(true);
  });
});
