/**
 * Contract test: the official @skip-go/client SDK (1.6.1) against Junction on the fast and relayed rails — Go Fast
 * with goFast: true, CCTP with smartRelay: true (the SMART_RELAY fee entry), and IBC Eureka — for route, messages and
 * messagesDirect; only the API URL changes.
 */
import { describe, expect, it } from 'vitest';
import { EVM_USER, messagesFor, USDC_ETHEREUM, useSdkServer } from './sdk-server.js';
import { getAddress, toFunctionSelector } from 'viem';
import { EUREKA_HANDLER_ABI } from '../src/bridges/eureka/abi.js';
import { messagesDirect, route } from '@skip-go/client';

const server = useSdkServer();
const { addressOf } = server;

const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const ATOM_ON_ETHEREUM = '0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3';
const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
/** The Go Fast gateway on Base (data/contracts.json), EIP-55 as Junction emits it. */
const BASE_GATEWAY = getAddress('0x43d090025aaa6c8693b71952b910ac55ccb56bbb');

/** The one EVM transaction of a messages answer. */
function evmTxOf(m: Awaited<ReturnType<typeof messagesFor>>) {
  const tx = m!.txs![0]!;
  if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
  return tx.evmTx;
}

describe('@skip-go/client on the fast and relayed rails', () => {
  it('goFast: true — USDC on Base to OSMO is one Go Fast order whose data runs the swap on Osmosis', async () => {
    const r = await route({
      sourceAssetDenom: USDC_BASE,
      sourceAssetChainId: '8453',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '100000000',
      goFast: true,
      smartRelay: true,
    });
    expect(r!.txsRequired).toBe(1);
    const op = r!.operations[0] as {
      goFastTransfer: {
        fromChainId: string;
        toChainId: string;
        bridgeId: string;
        destinationDomain: string;
        fee: { bpsFee: string; feeAsset: { denom: string } };
      };
    };
    expect(op.goFastTransfer).toMatchObject({
      fromChainId: '8453',
      toChainId: 'osmosis-1',
      bridgeId: 'GO_FAST',
      destinationDomain: '875',
      fee: { bpsFee: '10', feeAsset: { denom: USDC_BASE } },
    });
    expect(r!.estimatedRouteDurationSeconds).toBeLessThan(60);
    const tx = evmTxOf(await messagesFor(r!, addressOf));
    expect(tx).toMatchObject({ chainId: '8453', to: BASE_GATEWAY, value: '0', signerAddress: EVM_USER });
    expect(tx.data?.startsWith('6ad1b6ac')).toBe(true); // submitOrder(bytes32,bytes32,uint256,uint256,uint32,uint64,bytes)
    expect(tx.requiredErc20Approvals).toEqual([
      { tokenContract: USDC_BASE, spender: BASE_GATEWAY, amount: '100000000' },
    ]);
  });

  it('without goFast the same request needs CCTP and a second transaction', async () => {
    const r = await route({
      sourceAssetDenom: USDC_BASE,
      sourceAssetChainId: '8453',
      destAssetDenom: 'uosmo',
      destAssetChainId: 'osmosis-1',
      amountIn: '100000000',
      allowMultiTx: true,
      allowUnsafe: true,
    });
    expect(r!.operations.some((o) => 'goFastTransfer' in o)).toBe(false);
    expect(r!.txsRequired).toBe(2);
  });

  it("smartRelay: true — CCTP from Ethereum to Noble is the free burn Noble's relayers mint, not Skip's relayer for a fee", async () => {
    const r = await route({
      sourceAssetDenom: USDC_ETHEREUM,
      sourceAssetChainId: '1',
      destAssetDenom: 'uusdc',
      destAssetChainId: 'noble-1',
      amountIn: '12000000',
      smartRelay: true,
    });
    expect(r!.estimatedFees).toEqual([]);
    expect(r!.estimatedAmountOut).toBe('12000000');
    const tx = evmTxOf(await messagesFor(r!, addressOf));
    // Circle's TokenMessenger (data/contracts.json cctp.token_messenger_v1), depositForBurn without a caller.
    expect(tx.to).toBe('0xBd3fa81B58Ba92a82136038B25aDec7066af3155');
    expect(tx.data?.startsWith('6fd3504e')).toBe(true);
    expect(tx.requiredErc20Approvals).toEqual([
      { tokenContract: USDC_ETHEREUM, spender: '0xBd3fa81B58Ba92a82136038B25aDec7066af3155', amount: '12000000' },
    ]);
  });

  it('smartRelay: true — messagesDirect from Noble to Ethereum: burn with caller plus the fee bank send', async () => {
    const d = await messagesDirect({
      sourceAssetDenom: 'uusdc',
      sourceAssetChainId: 'noble-1',
      destAssetDenom: USDC_ETHEREUM,
      destAssetChainId: '1',
      amountIn: '2500000000',
      smartRelay: true,
      chainIdsToAddresses: { 'noble-1': addressOf('noble-1'), '1': EVM_USER },
      slippageTolerancePercent: '1',
    });
    const tx = d!.txs![0]!;
    if (!('cosmosTx' in tx)) throw new Error('expected a Cosmos transaction');
    expect(tx.cosmosTx.msgs!.map((m) => m.msgTypeUrl)).toEqual([
      '/circle.cctp.v1.MsgDepositForBurnWithCaller',
      '/cosmos.bank.v1beta1.MsgSend',
    ]);
    expect(d!.route!.estimatedFees![0]).toMatchObject({
      feeType: 'SMART_RELAY',
      chainId: 'noble-1',
      amount: '1000000',
    });
  });

  it('IBC Eureka — ATOM on Ethereum to ATOM on Osmosis in one transaction (Skip’s EurekaHandler, callback on the Hub)', async () => {
    const r = await route({
      sourceAssetDenom: ATOM_ON_ETHEREUM,
      sourceAssetChainId: '1',
      destAssetDenom: ATOM_ON_OSMOSIS,
      destAssetChainId: 'osmosis-1',
      amountIn: '25000000',
      smartRelay: true,
    });
    expect(r!.txsRequired).toBe(1);
    expect(r!.operations.map((o) => Object.keys(o).find((k) => k.endsWith('Transfer') || k === 'transfer'))).toEqual([
      'eurekaTransfer',
      'transfer',
    ]);
    const tx = evmTxOf(await messagesFor(r!, addressOf));
    // Relayed by Skip: its EurekaHandler takes the amount and the fee, pays the fee to Skip's relayer and sends.
    expect(tx.to).toBe('0x47a4b9F949E98a49Be500753c19a8f9c9d6b7689');
    expect(tx.data?.startsWith(toFunctionSelector(EUREKA_HANDLER_ABI[0]).slice(2))).toBe(true);
  });
});
