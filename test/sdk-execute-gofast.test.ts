/**
 * The official SDK's executeRoute for a route that is neither IBC nor CCTP: USDC from Base to Osmosis over Go Fast
 * (goFast: true), signed by a viem local account. Base is a local node (anvil, chain id 8453) running the tests' Go
 * Fast gateway and a test USDC at the mainnet addresses of data/contracts.json (src/bridges/go-fast/
 * TestGoFastGateway.sol: the published submitOrder and OrderSubmitted event); Osmosis is a local chain answering the
 * CometBFT RPC shapes (src/tx/test-helpers/cosmos-network.ts), on which the solver's fill — the CosmWasm gateway's
 * payout of amountOut to the user, with the events src/bridges/go-fast/track.test.ts describes — is included only
 * once the SDK has reported the order submitted and is still waiting.
 *
 * What this shows: the SDK reports the route completed only after the fill on Osmosis, never on the order's inclusion
 * on Base (the false success issue 23 removes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { executeRoute, route, type TxStatusResponse } from '@skip-go/client';
import { createWalletClient, encodeFunctionData, getAddress, http as viemHttp, parseAbi } from 'viem';
import type { AppContext } from '../src/context.js';
import { startTrackingServer, type TrackingServer } from './sdk-tracking-server.js';
import { anvilAccount, startAnvil, type Anvil } from '../src/test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, sendTx } from '../src/test-helpers/evm/deploy.js';
import { compileSolidity } from '../src/test-helpers/evm/solidity.js';
import { userAddress } from '../src/test-helpers/registry.js';
import { FakeCosmosNetwork } from '../src/tx/test-helpers/cosmos-network.js';
import { goFastConfig } from '../src/bridges/go-fast/config.js';

const ERC20 = parseAbi(['function mint(address to, uint256 amount) returns (bool)']);
const cfg = goFastConfig();
const USDC_BASE = getAddress(cfg.token.get('8453')!);
const GATEWAY_BASE = getAddress(cfg.gateway.get('8453')!);
const GATEWAY_OSMOSIS = cfg.gateway.get('osmosis-1')!;
const NOBLE_USDC_ON_OSMOSIS = cfg.token.get('osmosis-1')!;
const SOLVER = 'osmo1solver';
const AMOUNT = 150_000_000n;

const net = new FakeCosmosNetwork();
let base: Anvil;
let ctx: AppContext;
let server: TrackingServer;
const user = anvilAccount(3);

beforeAll(async () => {
  base = await startAnvil(8453);
  const tokens = compileSolidity(new URL('../src/test-helpers/evm/TestTokens.sol', import.meta.url));
  const gateway = compileSolidity(
    new URL('../src/bridges/go-fast/TestGoFastGateway.sol', import.meta.url),
  ).TestGoFastGateway!;
  await copyCodeTo(base, await deployContract(base, tokens.TestUSDC!), USDC_BASE);
  await copyCodeTo(base, await deployContract(base, gateway, [USDC_BASE, cfg.domain.get('8453')!]), GATEWAY_BASE);
  await sendTx(base, 0, {
    to: USDC_BASE,
    data: encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user.address, 10n ** 12n] }),
  });
  net.chain('osmosis-1');
  await net.start();

  server = await startTrackingServer({ rpc: `8453=${base.url},${net.settings().rpc}`, rest: net.settings().rest });
  ctx = server.ctx;
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([base?.stop(), net.stop()]);
});

/** The CosmWasm gateway's fill_order paying `coin` to `recipient` (bank events of cosmos-sdk, wasmd's execute). */
function fillEvents(recipient: string, coin: string) {
  const a = (attributes: Record<string, string>) => Object.entries(attributes).map(([key, value]) => ({ key, value }));
  const send = (from: string, to: string) => [
    { type: 'coin_spent', attributes: a({ spender: from, amount: coin }) },
    { type: 'coin_received', attributes: a({ receiver: to, amount: coin }) },
    { type: 'transfer', attributes: a({ recipient: to, sender: from, amount: coin }) },
  ];
  return [
    {
      type: 'message',
      attributes: a({ action: '/cosmwasm.wasm.v1.MsgExecuteContract', sender: SOLVER, module: 'wasm', msg_index: '0' }),
    },
    ...send(SOLVER, GATEWAY_OSMOSIS),
    { type: 'execute', attributes: a({ _contract_address: GATEWAY_OSMOSIS, msg_index: '0' }) },
    ...send(GATEWAY_OSMOSIS, recipient),
  ];
}

it('executeRoute over Go Fast: still waiting after the order is submitted, completed only after the fill on Osmosis', async () => {
  const osmoUser = userAddress(ctx.registry, 'osmosis-1');
  const r = await route({
    amountIn: AMOUNT.toString(),
    sourceAssetDenom: USDC_BASE,
    sourceAssetChainId: '8453',
    destAssetDenom: NOBLE_USDC_ON_OSMOSIS,
    destAssetChainId: 'osmosis-1',
    goFast: true,
  });
  expect(r?.operations.map((o) => Object.keys(o).find((k) => k.includes('Transfer')))).toEqual(['goFastTransfer']);
  const amountOut = (r!.operations[0] as { amountOut: string }).amountOut;

  // What happened, in order: the SDK's reports and the fill on Osmosis.
  const timeline: string[] = [];
  const completed: TxStatusResponse[] = [];
  let fillHash: string | undefined;
  await executeRoute({
    route: r!,
    userAddresses: r!.requiredChainAddresses.map((chainId) => ({
      chainId,
      address: chainId === '8453' ? user.address : osmoUser,
    })),
    getEvmSigner: async () => createWalletClient({ account: user, chain: base.chain, transport: viemHttp(base.url) }),
    onTransactionBroadcast: async () => void timeline.push('broadcast'),
    onRouteStatusUpdated: (details) => {
      const sent = details.transferEvents.some((e) => e.state === 'GO_FAST_TRANSFER_SENT');
      if (!sent || fillHash || details.status === 'completed') return;
      // The SDK has seen the order on Base and is still waiting: only now does a solver fill it on Osmosis.
      timeline.push(`waiting:${details.status}`);
      fillHash = net.chain('osmosis-1').include(fillEvents(osmoUser, `${amountOut}${NOBLE_USDC_ON_OSMOSIS}`));
      timeline.push('filled');
    },
    onTransactionCompleted: async ({ status }) => {
      timeline.push('completed');
      completed.push(status as TxStatusResponse);
    },
  });

  expect(timeline).toEqual(['broadcast', 'waiting:pending', 'filled', 'completed']);
  expect(completed[0]).toMatchObject({
    state: 'STATE_COMPLETED_SUCCESS',
    transferAssetRelease: { chainId: 'osmosis-1', denom: NOBLE_USDC_ON_OSMOSIS, amount: amountOut, released: true },
  });
  const event = completed[0]!.transferSequence[0]!;
  expect('goFastTransfer' in event && event.goFastTransfer).toMatchObject({
    state: 'GO_FAST_TRANSFER_FILLED',
    txs: { orderFilledTx: { chainId: 'osmosis-1', txHash: fillHash } },
  });
});
