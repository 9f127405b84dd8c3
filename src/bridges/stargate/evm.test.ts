/**
 * The Stargate V2 transactions Junction builds, executed on a local EVM (anvil) against the tests' own pool and
 * endpoint contracts written from IStargate / IOFT (src/bridges/oft/test-contracts/Oft.sol says why not the real
 * bytecode), placed at the mainnet pool addresses of data/stargate.json; USDC and USDT are the tests' own ERC-20
 * (src/test-helpers/evm/TestTokens.sol) at the mainnet token addresses. For the USDC, USDT and native ETH pools of
 * Ethereum, the test takes the transaction from /v2/fungible/msgs_direct, decodes its calldata with the IOFT ABI, sends
 * the approvals it lists and the transaction, and reads the OFTSent and PacketSent events. With CHAIN_RPC_URLS the fee
 * refresher reads the pool's protocol fee (quoteOFT) and the messaging fee (quoteSend) over JSON-RPC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionData, hexToBigInt, pad, parseAbi, slice, zeroAddress, type Address, type Hex } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { IOFT_ABI } from '../oft/oft.js';
import { stargateConfig } from './config.js';

const ERC20 = parseAbi(['function approve(address spender, uint256 amount) returns (bool)', 'function balanceOf(address) view returns (uint256)', 'function mint(address to, uint256 amount) returns (bool)']);
const ENDPOINT_ABI = parseAbi(['event PacketSent(bytes encodedPayload, bytes options, address sendLibrary)']);
const POOL_ABI = parseAbi(['function setPeer(uint32 eid, bytes32 peer)']);
const ENDPOINT_FEE = 300_000_000_000_000n;
/** The test pools' fee: not the table's 600 ppm, so the live quote is visible. */
const POOL_FEE_PPM = 400n;
const peerOf = (eid: number) => pad(`0x${(0x5e0000 + eid).toString(16)}`);

const cfg = stargateConfig();
const user = anvilAccount(1).address;
const recipient = anvilAccount(2).address;
let node: Anvil;
let endpoint: Address;
let offline: TestApp;
let live: TestApp;

beforeAll(async () => {
  node = await startAnvil(1);
  const c = compileSolidity(new URL('../oft/test-contracts/Oft.sol', import.meta.url)) as Record<string, Compiled>;
  const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url)) as Record<string, Compiled>;
  endpoint = await deployContract(node, c.TestEndpointV2!, [cfg.eid.get('1')!, ENDPOINT_FEE]);
  const tokenCode = await deployContract(node, tokens.TestUSDC!);
  for (const [symbol, byChain] of cfg.pools) {
    const p = byChain.get('1')!;
    const token = p.token === 'native' ? zeroAddress : (p.token as Address);
    if (token !== zeroAddress) {
      await copyCodeTo(node, tokenCode, token);
      await sendTx(node, 0, { to: token, data: encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 15n] }) });
    }
    await copyCodeTo(node, await deployContract(node, c.TestStargatePool!, [endpoint, token, symbol === 'ETH' ? 18 : 6, POOL_FEE_PPM]), p.pool as Address);
    for (const eid of cfg.eid.values()) await sendTx(node, 0, { to: p.pool as Address, data: encodeFunctionData({ abi: POOL_ABI, functionName: 'setPeer', args: [eid, peerOf(eid)] }) });
  }
  offline = await buildTestApp();
  live = await buildTestApp({ CHAIN_RPC_URLS: `1=${node.url}`, UPSTREAM_TIMEOUT_MS: '5000' });
}, 60_000);
afterAll(async () => {
  await offline?.app.close();
  await live?.app.close();
  await node?.stop();
});

async function msgsDirect(t: TestApp, denomIn: string, dest: string, denomOut: string, amount: bigint) {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: '1',
    source_asset_denom: denomIn,
    dest_asset_chain_id: dest,
    dest_asset_denom: denomOut,
    amount_in: amount.toString(),
    slippage_tolerance_percent: '1',
    bridges: ['STARGATE'],
    chain_ids_to_addresses: { '1': user, [dest]: recipient },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const PPM = 1_000_000n;
const cases: [string, string, bigint][] = [
  ['USDC', '42161', 123_456_789n],
  ['USDC', '56', 5_000_000n],
  ['USDT', '43114', 250_000_000n],
  ['ETH', '8453', 1_500_000_000_000_123_456n],
];

describe('Stargate V2 taxi send from Ethereum pools on anvil', () => {
  it.each(cases)('%s to %s: approvals, IOFT send decoded, OFTSent and PacketSent with the amounts after the pool fee', async (symbol, dest, amount) => {
    const src = cfg.pools.get(symbol)!.get('1')!;
    const dst = cfg.pools.get(symbol)!.get(dest)!;
    const native = src.token === 'native';
    const denomIn = native ? 'ethereum-native' : src.token;
    const denomOut = dst.token === 'native' ? `${dest === '8453' ? 'base' : 'arbitrum'}-native` : dst.token;
    const body = await msgsDirect(offline, denomIn, dest, denomOut, amount);
    expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['stargate_transfer']);
    const tx = body.txs[0].evm_tx;
    const tableFee = cfg.messagingFeeTable.get('1')!;
    const rate = native ? 10n ** 12n : 1n;
    expect(tx).toMatchObject({ chain_id: '1', to: src.pool, value: (tableFee + (native ? amount : 0n)).toString(), signer_address: user });
    expect(tx.required_erc20_approvals).toEqual(native ? [] : [{ token_contract: src.token, spender: src.pool, amount: amount.toString() }]);

    // What the route promised, with the table's 600 ppm; the test pool takes 400 ppm, so more arrives than minAmountLD.
    const sd = amount / rate;
    const tableOutSd = sd - (sd * cfg.protocolFeePpm + PPM - 1n) / PPM;
    const [param, fee, refund] = decodeFunctionData({ abi: IOFT_ABI, data: `0x${tx.data}` }).args as readonly [Record<string, unknown>, { nativeFee: bigint }, Address];
    expect(param).toEqual({
      dstEid: cfg.eid.get(dest),
      to: pad(recipient.toLowerCase() as Hex),
      amountLD: amount,
      minAmountLD: (tableOutSd - (tableOutSd * 10_000n + PPM - 1n) / PPM) * rate,
      extraOptions: '0x',
      composeMsg: '0x',
      oftCmd: '0x',
    });
    expect(fee.nativeFee).toBe(tableFee);
    expect(refund).toBe(user);

    for (const a of tx.required_erc20_approvals) {
      await sendTx(node, 1, { to: a.token_contract, data: encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }) });
    }
    const ethBefore = await node.publicClient.getBalance({ address: user });
    const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
    const sent = sd * rate;
    const received = (sd - (sd * POOL_FEE_PPM + PPM - 1n) / PPM) * rate;
    // The endpoint keeps its fee and refunds the rest of the estimate (and, from the native pool, the dust).
    expect(ethBefore - (await node.publicClient.getBalance({ address: user }))).toBe(receipt.gasUsed * receipt.effectiveGasPrice + ENDPOINT_FEE + (native ? sent : 0n));
    if (!native) expect(await node.publicClient.readContract({ address: src.token as Address, abi: ERC20, functionName: 'balanceOf', args: [src.pool as Address] })).toBeGreaterThanOrEqual(sent);

    const [oftSent] = eventsOf(receipt.logs, src.pool as Address, IOFT_ABI);
    expect(oftSent).toMatchObject({ eventName: 'OFTSent', args: { dstEid: cfg.eid.get(dest), fromAddress: user, amountSentLD: sent, amountReceivedLD: received } });
    const p = (eventsOf(receipt.logs, endpoint, ENDPOINT_ABI)[0]!.args as unknown as { encodedPayload: Hex }).encodedPayload;
    expect(Number(hexToBigInt(slice(p, 45, 49)))).toBe(cfg.eid.get(dest));
    expect(slice(p, 49, 81)).toBe(peerOf(cfg.eid.get(dest)!));
    expect(slice(p, 113, 145)).toBe(pad(recipient.toLowerCase() as Hex));
    expect(hexToBigInt(slice(p, 145, 153))).toBe(received / rate);
  });

  it('with CHAIN_RPC_URLS, routes carry the pool fee from quoteOFT and the messaging fee from quoteSend', async () => {
    await live.ctx.liveFees.refresh();
    const usdc = cfg.pools.get('USDC')!;
    const amount = 1_000_000_000n;
    const res = await post(live.app, '/v2/fungible/route', {
      source_asset_chain_id: '1', source_asset_denom: usdc.get('1')!.token, dest_asset_chain_id: '10', dest_asset_denom: usdc.get('10')!.token, amount_in: amount.toString(), bridges: ['STARGATE'],
    });
    const route = res.json();
    const fee = (amount * POOL_FEE_PPM) / PPM;
    expect(route.estimated_amount_out).toBe((amount - fee).toString());
    expect(route.operations[0].stargate_transfer).toMatchObject({ pool_address: usdc.get('1')!.pool, destination_endpoint_id: 30111, oft_fee_amount: fee.toString(), messaging_fee_amount: ENDPOINT_FEE.toString(), bridge_id: 'STARGATE' });
    expect(route.estimated_fees.map((f: { fee_behavior: string; amount: string }) => [f.fee_behavior, f.amount])).toEqual([
      ['FEE_BEHAVIOR_DEDUCTED', fee.toString()],
      ['FEE_BEHAVIOR_ADDITIONAL', ENDPOINT_FEE.toString()],
    ]);
    const offlineRoute = (await post(offline.app, '/v2/fungible/route', {
      source_asset_chain_id: '1', source_asset_denom: usdc.get('1')!.token, dest_asset_chain_id: '10', dest_asset_denom: usdc.get('10')!.token, amount_in: amount.toString(), bridges: ['STARGATE'],
    })).json();
    expect(offlineRoute.operations[0].stargate_transfer.oft_fee_amount).toBe(((amount * cfg.protocolFeePpm) / PPM).toString());
  });
});
