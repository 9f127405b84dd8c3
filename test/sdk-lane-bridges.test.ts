/**
 * Contract test: the official @skip-go/client SDK (1.6.1) drives the running server over one route per lane bridge of
 * issue 14b — Hyperlane, Stargate V2, LayerZero OFT: route() converts the operation record to the SDK's camelCase
 * types, messages() echoes it back, and the transaction the SDK receives is the one the bridge builds.
 */
import { describe, expect, it } from 'vitest';
import { EVM_USER, messagesFor, useSdkServer } from './sdk-server.js';
import { BridgeType, ClientState, route, setClientOptions } from '@skip-go/client';
import { servingRetiredHyperlaneChains } from '../src/bridges/hyperlane/test-helpers/retired.js';

// Hyperlane no longer serves Neutron, so no TIA.n lane ships; these tests run the machinery as if it did.
servingRetiredHyperlaneChains();

const server = useSdkServer();
const { addressOf } = server;

/** The SDK's operation and fee types are unions; read the converted keys as plain JSON. */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v)) as Record<string, Record<string, unknown>>;

describe('@skip-go/client over Junction: Hyperlane, Stargate, LayerZero', () => {
  it('Hyperlane: TIA from Neutron to Arbitrum gives a hyperlaneTransfer and a CosmWasm transfer_remote', async () => {
    const r = await route({
      sourceAssetDenom: 'ibc/773B4D0A3CD667B2275D5A4A7A2F0909C0BA0F4059C0B9181E680DDF4965DCC7',
      sourceAssetChainId: 'neutron-1',
      destAssetDenom: '0xD56734d7f9979dD94FAE3d67C7e928234e71cD4C',
      destAssetChainId: '42161',
      amountIn: '15000000',
      bridges: [BridgeType.HYPERLANE],
    });
    expect(plain(r!.operations[0])).toMatchObject({
      hyperlaneTransfer: {
        fromChainId: 'neutron-1',
        toChainId: '42161',
        hyperlaneContractAddress: 'neutron1jyyjd3x0jhgswgm6nnctxvzla8ypx50tew3ayxxwkrjfxhvje6kqzvzudq',
        feeAmount: '270000',
        bridgeId: 'HYPERLANE',
      },
      txIndex: 0,
    });
    expect(plain(r!.estimatedFees![0])).toMatchObject({
      bridgeId: 'HYPERLANE',
      amount: '270000',
      feeBehavior: 'FEE_BEHAVIOR_ADDITIONAL',
    });
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('cosmosTx' in tx)) throw new Error('expected a Cosmos transaction');
    expect(tx.cosmosTx.msgs![0]!.msgTypeUrl).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    expect(JSON.parse(tx.cosmosTx.msgs![0]!.msg!)).toMatchObject({
      msg: { transfer_remote: { dest_domain: 42161, amount: '15000000' } },
      funds: [{ amount: '15270000' }],
    });
  });

  it("Hyperlane: TIA from Base to Celestia's warp module gives a hyperlaneTransfer and the synthetic's transferRemote", async () => {
    const r = await route({
      sourceAssetDenom: '0x5d27225a5D8A756e5655617b22cC03616C3B26c3',
      sourceAssetChainId: '8453',
      destAssetDenom: 'utia',
      destAssetChainId: 'celestia',
      amountIn: '25000000',
      bridges: [BridgeType.HYPERLANE],
    });
    expect(plain(r!.operations[0])).toMatchObject({
      hyperlaneTransfer: {
        fromChainId: '8453',
        toChainId: 'celestia',
        hyperlaneContractAddress: '0x5d27225a5D8A756e5655617b22cC03616C3B26c3',
        bridgeId: 'HYPERLANE',
      },
    });
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    expect(tx.evmTx).toMatchObject({ chainId: '8453', to: '0x5d27225a5D8A756e5655617b22cC03616C3B26c3' });
    expect(tx.evmTx.data?.startsWith('81b4e8b4')).toBe(true); // transferRemote(uint32,bytes32,uint256)
  });

  it('Hyperlane: TIA from Celestia reaches the SDK as MsgRemoteTransfer, a type its signing registry does not know', async () => {
    const r = await route({
      sourceAssetDenom: 'utia',
      sourceAssetChainId: 'celestia',
      destAssetDenom: '0xB8fB4E8512c8272e8986058D0318C8cEFcB21aa7',
      destAssetChainId: '1',
      amountIn: '250000000',
      bridges: [BridgeType.HYPERLANE],
    });
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('cosmosTx' in tx)) throw new Error('expected a Cosmos transaction');
    expect(tx.cosmosTx.msgs![0]!.msgTypeUrl).toBe('/hyperlane.warp.v1.MsgRemoteTransfer');
    expect(JSON.parse(tx.cosmosTx.msgs![0]!.msg!)).toMatchObject({ destination_domain: 1, amount: '250000000' });
  });

  it('Stargate: USDT from Ethereum to Arbitrum gives a stargateTransfer and the pool send with its approval', async () => {
    const r = await route({
      sourceAssetDenom: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      sourceAssetChainId: '1',
      destAssetDenom: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9',
      destAssetChainId: '42161',
      amountIn: '250000000',
      bridges: [BridgeType.STARGATE],
    });
    expect(plain(r!.operations[0])).toMatchObject({
      stargateTransfer: {
        fromChainId: '1',
        toChainId: '42161',
        poolAddress: '0x933597a323Eb81cAe705C5bC29985172fd5A3973',
        destinationEndpointId: 30110,
        oftFeeAmount: '150001',
        bridgeId: 'STARGATE',
      },
    });
    // 600 ppm of 250 000 000 is 150 000; Stargate's FeeLibV1 adds one unit.
    expect(r!.estimatedAmountOut).toBe('249849999');
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    expect(tx.evmTx).toMatchObject({
      chainId: '1',
      to: '0x933597a323Eb81cAe705C5bC29985172fd5A3973',
      value: '800000000000000',
      signerAddress: EVM_USER,
    });
    expect(tx.evmTx.data?.startsWith('c7c7f5b3')).toBe(true); // send((uint32,bytes32,uint256,uint256,bytes,bytes,bytes),(uint256,uint256),address)
    expect(tx.evmTx.requiredErc20Approvals).toEqual([
      {
        tokenContract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        spender: '0x933597a323Eb81cAe705C5bC29985172fd5A3973',
        amount: '250000000',
      },
    ]);
  });

  it('LayerZero: ZRO from Ethereum to Base gives a layerZeroTransfer and the OFT send, no approval', async () => {
    const r = await route({
      sourceAssetDenom: '0x6985884C4392D348587B19cb9eAAf157F13271cd',
      sourceAssetChainId: '1',
      destAssetDenom: '0x6985884C4392D348587B19cb9eAAf157F13271cd',
      destAssetChainId: '8453',
      amountIn: '25000000000000000000',
      bridges: [BridgeType.LAYER_ZERO],
    });
    expect(plain(r!.operations[0])).toMatchObject({
      layerZeroTransfer: {
        fromChainId: '1',
        toChainId: '8453',
        sourceOftContractAddress: '0x6985884C4392D348587B19cb9eAAf157F13271cd',
        destinationEndpointId: 30184,
        messagingFeeAmount: '600000000000000',
        bridgeId: 'LAYER_ZERO',
      },
    });
    const m = await messagesFor(r!, addressOf);
    const tx = m!.txs![0]!;
    if (!('evmTx' in tx)) throw new Error('expected an EVM transaction');
    expect(tx.evmTx).toMatchObject({
      chainId: '1',
      to: '0x6985884C4392D348587B19cb9eAAf157F13271cd',
      value: '600000000000000',
      requiredErc20Approvals: [],
    });
    expect(tx.evmTx.data?.startsWith('c7c7f5b3')).toBe(true);
  });
});

// Last in the file: setClientOptions also resets the API options the server set.
describe("@skip-go/client's signing registry", () => {
  it("has Circle's burn but not Hyperlane's warp transfer (Celestia → EVM needs a client that registers it)", () => {
    setClientOptions({ allowOptionsUpdateAfterApiCall: true });
    expect(ClientState.registry.lookupType('/circle.cctp.v1.MsgDepositForBurn')).toBeDefined();
    expect(ClientState.registry.lookupType('/hyperlane.warp.v1.MsgRemoteTransfer')).toBeUndefined();
  });
});
