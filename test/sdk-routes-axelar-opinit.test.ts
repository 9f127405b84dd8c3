/**
 * The official @skip-go/client SDK (1.6.1) against Junction for the Axelar and OPinit bridges: route, then messages
 * with the operations the SDK echoes back (camelCase on its side, snake_case on the wire).
 */
import { describe, expect, it } from 'vitest';
import { EVM_USER, messagesFor, useSdkServer } from './sdk-server.js';
import { BridgeType, route } from '@skip-go/client';
import { bytesToHex } from 'viem';
import { l2Denom } from '../src/denom/l2.js';

useSdkServer();

const ADDRESSES: Record<string, string> = {
  'osmosis-1': 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4',
  'interwoven-1': 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gdzxk49',
  'yominet-1': 'init1nhzuazjhyfu474er6v4ey8zn6wa5fy6gdzxk49',
  '1': EVM_USER,
};

const roundTrip = (r: NonNullable<Awaited<ReturnType<typeof route>>>) => messagesFor(r, (c) => ADDRESSES[c]!);

describe('@skip-go/client against Junction: Axelar and OPinit', () => {
  it('Axelar: axlWETH from Osmosis to Ethereum, an axelarTransfer operation and a MsgTransfer to the GMP account', async () => {
    const r = await route({
      sourceAssetDenom: 'ibc/EA1D43981D5C9A1C4AAEA9C23BB1D4FA126BA9BC7020A25E0AE4AA841EA25DC5',
      sourceAssetChainId: 'osmosis-1',
      destAssetDenom: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      destAssetChainId: '1',
      amountIn: '10000000000000000000',
    });
    expect(r!.operations).toHaveLength(1);
    expect(r!.operations[0]).toMatchObject({
      axelarTransfer: {
        fromChainId: 'osmosis-1',
        toChainId: '1',
        asset: 'weth-wei',
        shouldUnwrap: false,
        bridgeId: 'AXELAR',
        ibcTransferToAxelar: { channel: 'channel-208' },
      },
      txIndex: 0,
    });
    expect(r!.txsRequired).toBe(1);
    const m = await roundTrip(r!);
    const tx = m!.txs![0]!;
    const msg = 'cosmosTx' in tx ? JSON.parse(tx.cosmosTx.msgs![0]!.msg!) : undefined;
    expect(msg.receiver).toBe('axelar1dv4u5k73pzqrxlzujxg3qp8kvc3pje7jtdvu72npnt5zhq05ejcsn5qme5');
    // A general message with token (type 2) to Skip's AxelarHandler, which sends the WETH on to the user.
    const memo = JSON.parse(msg.memo);
    expect(memo).toMatchObject({
      destination_chain: 'Ethereum',
      destination_address: '0xB773bCc5B325ad9AC6B36e1A046AD4466833A16E',
      type: 2,
      fee: { recipient: 'axelar1aythygn6z5thymj6tmzfwekzh05ewg3l7d6y89' },
    });
    expect(bytesToHex(Uint8Array.from(memo.payload as number[]))).toContain(EVM_USER.slice(2).toLowerCase());
  });

  it('Axelar GMP: USDT from Ethereum to alloyed USDT on Osmosis in one transaction, the gas payment as the native fee', async () => {
    const r = await route({
      sourceAssetDenom: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      sourceAssetChainId: '1',
      destAssetDenom: 'factory/osmo1em6xs47hd82806f5cxgyufguxrrc7l0aqx7nzzptjuqgswczk8csavdxek/alloyed/allUSDT',
      destAssetChainId: 'osmosis-1',
      amountIn: '1000000000',
      bridges: [BridgeType.AXELAR],
    });
    expect(r!.txsRequired).toBe(1);
    expect(r!.operations.map((o) => o.txIndex)).toEqual([0, 0]);
    expect(r!.operations[0]).toMatchObject({
      axelarTransfer: {
        fromChain: 'Ethereum',
        fromChainId: '1',
        toChain: 'osmosis',
        toChainId: 'osmosis-1',
        asset: 'uusdt',
        shouldUnwrap: false,
        feeAmount: '600000000000000',
        feeAsset: { denom: 'ethereum-native', chainId: '1' },
        isTestnet: false,
        bridgeId: 'AXELAR',
      },
    });
    expect('swap' in r!.operations[1]!).toBe(true);
    // No transfer fee on a general message: only the gas the handler pays Axelar's gas service, on top.
    expect(r!.estimatedFees!.map((f) => [f.bridgeId, f.amount, f.feeBehavior])).toEqual([
      ['AXELAR', '600000000000000', 'FEE_BEHAVIOR_ADDITIONAL'],
    ]);
    const m = await roundTrip(r!);
    expect(m!.txs).toHaveLength(1);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    expect(tx.evmTx).toMatchObject({
      chainId: '1',
      to: '0xB773bCc5B325ad9AC6B36e1A046AD4466833A16E',
      value: '600000000000000',
      signerAddress: EVM_USER,
    });
    expect(tx.evmTx.data).toMatch(/^(0x)?d421c105/);
    expect(tx.evmTx.requiredErc20Approvals).toEqual([
      {
        tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        spender: '0xB773bCc5B325ad9AC6B36e1A046AD4466833A16E',
        amount: '1000000000',
      },
    ]);
  });

  it('OPinit: INIT from Initia to Yominet, an opInitTransfer operation and a MsgInitiateTokenDeposit', async () => {
    const r = await route({
      sourceAssetDenom: 'uinit',
      sourceAssetChainId: 'interwoven-1',
      destAssetDenom: l2Denom(11n, 'uinit'),
      destAssetChainId: 'yominet-1',
      amountIn: '1000000',
    });
    expect(r!.operations[0]).toMatchObject({
      opInitTransfer: { fromChainId: 'interwoven-1', toChainId: 'yominet-1', opInitBridgeId: '11', bridgeId: 'OPINIT' },
      txIndex: 0,
    });
    const m = await roundTrip(r!);
    const tx = m!.txs![0]!;
    expect('cosmosTx' in tx && tx.cosmosTx.msgs![0]!.msgTypeUrl).toBe('/opinit.ophost.v1.MsgInitiateTokenDeposit');
    const msg = 'cosmosTx' in tx ? JSON.parse(tx.cosmosTx.msgs![0]!.msg!) : undefined;
    expect(msg).toEqual({
      sender: ADDRESSES['interwoven-1'],
      bridge_id: '11',
      to: ADDRESSES['yominet-1'],
      amount: { denom: 'uinit', amount: '1000000' },
    });
  });
});
