/**
 * The Axelar GMP transaction Junction builds from an EVM chain, executed on a local EVM (anvil): Axelar's own gateway
 * and gas service (src/test-helpers/evm/axelar.ts, from the npm package @axelar-network/axelar-cgp-solidity) at the
 * data file's addresses, and the tests' own stand-in for Skip's AxelarHandler (AxelarHandlerStandIn.sol, the published
 * gmpTransferERC20Token and its behaviour) at the chain's handler address. For a route that swaps on Osmosis after
 * the hop, from each source chain, the test sends the approval and the transaction /v2/fungible/msgs_direct returns,
 * then reads the gateway's ContractCallWithToken and the gas service's NativeGasPaidForContractCallWithToken, and
 * decodes the payload: version 0x00000002 and the entry point's swap_and_action that continues the route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeFunctionData,
  getAddress,
  hexToString,
  keccak256,
  parseAbi,
  slice,
  toFunctionSelector,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { ERC20_ABI, installAxelarGasService, installAxelarGateway } from '../../test-helpers/evm/axelar.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { axelarConfig } from './config.js';
import { GATEWAY_ABI, HANDLER_ABI } from './evm.js';

const GAS_SERVICE_EVENTS = parseAbi([
  'event NativeGasPaidForContractCallWithToken(address indexed sourceAddress, string destinationChain, string destinationAddress, bytes32 indexed payloadHash, string symbol, uint256 amount, uint256 gasFeeAmount, address refundAddress)',
]);
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const OSMOSIS_ENTRY_POINT = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
const ALL_USDT = 'factory/osmo1em6xs47hd82806f5cxgyufguxrrc7l0aqx7nzzptjuqgswczk8csavdxek/alloyed/allUSDT';
/** USDT's Axelar token per source chain (data/axelar.json uusdt), swapped into Osmosis' alloyed USDT on arrival. */
const USDT: Record<string, { token: string; amount: bigint }> = {
  '1': { token: '0xdAC17F958D2ee523a2206206994597C13D831ec7', amount: 1_000_000_000n },
  '137': { token: '0xCeED2671d8634e3ee65000EDbbEe66139b132fBf', amount: 250_000_000n },
  '43114': { token: '0xF976ba91b6bb3468C91E4f02E68B37bc64a57e66', amount: 100_000_000n },
};

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
}, 120_000);
afterAll(() => app.app.close());

it('the handler entry point is the selector the reference gives', () => {
  expect(toFunctionSelector(HANDLER_ABI[0])).toBe('0xd421c105');
});

describe.each(Object.keys(USDT))('Axelar GMP from EVM chain %s on anvil', (chainId) => {
  const cfg = axelarConfig();
  const gateway = getAddress(cfg.gateway.get(chainId)!);
  const gasService = getAddress(cfg.gasService);
  const handler = getAddress(cfg.handler.get(chainId)!);
  const user = anvilAccount(1).address;
  const { token, amount } = USDT[chainId]!;
  let node: Anvil;

  beforeAll(async () => {
    node = await startAnvil(Number(chainId));
    const symbol = cfg.assets.find((a) => a.denom === 'uusdt')!.tokens.get(chainId)!.symbol;
    await installAxelarGateway(node, Number(chainId), gateway, [{ address: getAddress(token), symbol }], user);
    await installAxelarGasService(node, gasService);
    const standIn = compileSolidity(
      new URL('../../test-helpers/evm/AxelarHandlerStandIn.sol', import.meta.url),
    ).AxelarHandlerStandIn!;
    await copyCodeTo(node, await deployContract(node, standIn, [gateway, gasService]), handler);
  }, 120_000);
  afterAll(() => node?.stop());

  it('USDT → alloyed USDT on Osmosis: one transaction, the swap rides in the GMP payload, gas paid as value', async () => {
    const before = Date.now();
    const res = await post(app.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: chainId,
      source_asset_denom: token,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: ALL_USDT,
      amount_in: amount.toString(),
      bridges: ['AXELAR'],
      chain_ids_to_addresses: { [chainId]: user, 'osmosis-1': OSMO_USER },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const ops = body.route.operations;
    expect(ops.map((o: object) => Object.keys(o).find((k) => k === 'axelar_transfer' || k === 'swap'))).toEqual([
      'axelar_transfer',
      'swap',
    ]);
    expect(body.txs).toHaveLength(1);
    const gas = cfg.gmpGasPayment.get(chainId)!;
    const tx = body.txs[0].evm_tx;
    expect(tx).toMatchObject({ chain_id: chainId, to: handler, value: gas.toString(), signer_address: user });
    expect(tx.required_erc20_approvals).toEqual([
      { token_contract: token, spender: handler, amount: amount.toString() },
    ]);
    expect(ops[0].axelar_transfer.fee_amount).toBe(gas.toString());

    for (const a of tx.required_erc20_approvals) {
      await sendTx(node, 1, {
        to: a.token_contract,
        data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
      });
    }
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });

    const calls = eventsOf(receipt.logs, gateway, GATEWAY_ABI).filter((e) => e.eventName === 'ContractCallWithToken');
    expect(calls).toHaveLength(1);
    const call = calls[0]!.args as unknown as {
      sender: Address;
      destinationChain: string;
      destinationContractAddress: string;
      payloadHash: Hex;
      payload: Hex;
      symbol: string;
      amount: bigint;
    };
    expect(call).toMatchObject({
      sender: handler,
      destinationChain: 'osmosis',
      destinationContractAddress: OSMOSIS_ENTRY_POINT,
      symbol: cfg.assets.find((a) => a.denom === 'uusdt')!.tokens.get(chainId)!.symbol,
      amount,
    });
    expect(call.payloadHash).toBe(keccak256(call.payload));

    const paid = eventsOf(receipt.logs, gasService, GAS_SERVICE_EVENTS);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.args).toEqual({
      sourceAddress: handler,
      destinationChain: 'osmosis',
      destinationAddress: OSMOSIS_ENTRY_POINT,
      payloadHash: call.payloadHash,
      symbol: call.symbol,
      amount,
      gasFeeAmount: gas,
      refundAddress: user,
    });
    expect(await node.publicClient.getBalance({ address: gasService })).toBe(gas);
    // An external token is locked in the gateway; the handler keeps nothing.
    expect(
      await node.publicClient.readContract({
        address: token as Address,
        abi: ERC20_ABI,
        functionName: 'balanceOf',
        args: [gateway],
      }),
    ).toBe(amount);
    expect(
      await node.publicClient.readContract({
        address: token as Address,
        abi: ERC20_ABI,
        functionName: 'balanceOf',
        args: [handler],
      }),
    ).toBe(0n);

    // The payload: CosmWasm JSON version, then the entry point's message that runs the route's swap on arrival.
    expect(slice(call.payload, 0, 4)).toBe('0x00000002');
    const text = hexToString(slice(call.payload, 4));
    const msg = JSON.parse(text);
    const swap = ops[1].swap;
    expect(Object.keys(msg)).toEqual(['swap_and_action']);
    expect(msg.swap_and_action).toMatchObject({
      user_swap: {
        swap_exact_asset_in: {
          swap_venue_name: 'osmosis-poolmanager',
          operations: swap.swap_in.swap_operations.map((o: { pool: string; denom_in: string; denom_out: string }) => ({
            pool: o.pool,
            denom_in: o.denom_in,
            denom_out: o.denom_out,
          })),
        },
      },
      min_asset: { native: { denom: ALL_USDT, amount: body.min_amount_out } },
      post_swap_action: { transfer: { to_address: OSMO_USER } },
      affiliates: [],
    });
    expect(swap.denom_in).toBe(ops[0].axelar_transfer.denom_out);
    // The entry point runs after Axelar delivers: its timeout leaves room for the hop's expected duration.
    const timeoutNs = BigInt(/"timeout_timestamp":(\d+)/.exec(text)![1]!);
    expect(timeoutNs).toBeGreaterThan(
      BigInt(before) * 1_000_000n + BigInt(300 + body.route.estimated_route_duration_seconds) * 1_000_000_000n,
    );
  }, 120_000);
});
