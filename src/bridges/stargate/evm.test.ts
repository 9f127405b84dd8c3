/**
 * The Stargate V2 transactions Junction builds, executed on a local EVM (anvil) against Stargate's own contracts from
 * the npm package @stargatefinance/stg-evm-v2 (pools, TokenMessaging, CreditMessaging, FeeLibV1, Treasurer, created at
 * their mainnet addresses from the package's mainnet deployment records) and LayerZero's EndpointV2 with
 * SimpleMessageLib (a fixed messaging fee); src/test-helpers/evm/stargate.ts says how. USDC and USDT are the tests'
 * own ERC-20 (src/test-helpers/evm/TestTokens.sol) at the mainnet token addresses. For the USDC, USDT and native ETH
 * pools of Ethereum, the test takes the transaction from /v2/fungible/msgs_direct, decodes its calldata with the IOFT
 * ABI, sends the approvals it lists and the transaction, and reads the OFTSent and PacketSent events with the real
 * contracts' ABIs. With CHAIN_RPC_URLS the fee refresher reads the pool's protocol fee (quoteOFT) and the messaging
 * fee (quoteSend) over JSON-RPC.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  hexToBigInt,
  pad,
  parseAbi,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { copyCodeTo, deployContract, eventsOf, sendTx } from '../../test-helpers/evm/deploy.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import {
  deployStargateV2,
  taxiEnforcedOptions,
  tokenMessagingPeer,
  type StargateSymbol,
  type StargateV2,
} from '../../test-helpers/evm/stargate.js';
import { IOFT_ABI, type SendParam } from '../oft/oft.js';
import { stargateConfig } from './config.js';

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const POOL_STATE = parseAbi([
  'function paths(uint32 eid) view returns (uint64 credit)',
  'function treasuryFee() view returns (uint64)',
]);
const ENDPOINT_FEE = 300_000_000_000_000n;
/** FeeLibV1's rate on the test pools: not the table's 600 ppm, so the live quote is visible. */
const POOL_FEE_PPM = 400n;
const CREDIT_SD = 10n ** 12n;
const PPM = 1_000_000n;
/** FeeLibV1's fee on a shared amount: the rate rounded down, plus one unit. */
const feeLibFee = (sd: bigint, ppm: bigint) => (sd * ppm) / PPM + 1n;

const cfg = stargateConfig();
const user = anvilAccount(1).address;
const recipient = anvilAccount(2).address;
let node: Anvil;
let stg: StargateV2;
let offline: TestApp;
let live: TestApp;

beforeAll(async () => {
  node = await startAnvil(1);
  const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url)) as Record<
    string,
    Compiled
  >;
  const tokenCode = await deployContract(node, tokens.TestUSDC!);
  for (const symbol of ['USDC', 'USDT']) {
    const token = cfg.pools.get(symbol)!.get('1')!.token as Address;
    await copyCodeTo(node, tokenCode, token);
    await sendTx(node, 0, {
      to: token,
      data: encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 15n] }),
    });
  }
  const localEid = cfg.eid.get('1')!;
  stg = await deployStargateV2(node, {
    localEid,
    remoteEids: [...new Set(cfg.eid.values())].filter((e) => e !== localEid),
    endpointFee: ENDPOINT_FEE,
    feeMillionth: Number(POOL_FEE_PPM),
    credit: CREDIT_SD,
  });
  offline = await buildTestApp();
  // Generous: the node is local and these tests are not about timeouts (a loaded machine can take seconds).
  live = await buildTestApp({ CHAIN_RPC_URLS: `1=${node.url}`, UPSTREAM_TIMEOUT_MS: '30000' });
});
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
    // A few dollars per case: the messaging fee and gas paid on top may exceed the loss threshold; this test runs the
    // send itself, price safety is tested elsewhere.
    allow_unsafe: true,
    chain_ids_to_addresses: { '1': user, [dest]: recipient },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const read = <T>(
  address: Address,
  abi: typeof IOFT_ABI | typeof POOL_STATE | typeof ERC20,
  functionName: string,
  args: readonly unknown[],
) =>
  node.publicClient.readContract({ address, abi, functionName, args } as Parameters<
    typeof node.publicClient.readContract
  >[0]) as Promise<T>;

const cases: [StargateSymbol, string, bigint][] = [
  ['USDC', '42161', 123_456_789n],
  ['USDC', '56', 5_000_000n],
  ['USDT', '43114', 250_000_000n],
  ['ETH', '8453', 1_500_000_000_000_123_456n],
];

describe('Stargate V2 taxi send from the real Ethereum pools on anvil', () => {
  it('the pools sit at the mainnet addresses of data/stargate.json, with the credit the remote planners sent', async () => {
    for (const [symbol, { pool }] of Object.entries(stg.pools)) {
      expect(pool).toBe(getAddress(cfg.pools.get(symbol)!.get('1')!.pool));
      const rate = symbol === 'ETH' ? 10n ** 12n : 1n;
      const limit = async (dstEid: number) => {
        const param = {
          dstEid,
          to: pad(recipient),
          amountLD: rate,
          minAmountLD: 0n,
          extraOptions: '0x',
          composeMsg: '0x',
          oftCmd: '0x',
        } as const;
        return (await read<readonly [{ maxAmountLD: bigint }]>(pool, IOFT_ABI, 'quoteOFT', [param]))[0].maxAmountLD;
      };
      expect(await limit(cfg.eid.get('10')!)).toBe(CREDIT_SD * rate);
      // A destination no planner credited: the pool would carry nothing there.
      expect(await limit(30999)).toBe(0n);
    }
  });

  it.each(cases)(
    '%s to %s: approvals, IOFT send decoded, OFTSent and PacketSent with the amounts after the pool fee',
    async (symbol, dest, amount) => {
      const src = cfg.pools.get(symbol)!.get('1')!;
      const dst = cfg.pools.get(symbol)!.get(dest)!;
      const pool = src.pool as Address;
      const dstEid = cfg.eid.get(dest)!;
      const native = src.token === 'native';
      const denomIn = native ? 'ethereum-native' : src.token;
      const denomOut = dst.token === 'native' ? `${dest === '8453' ? 'base' : 'arbitrum'}-native` : dst.token;
      const body = await msgsDirect(offline, denomIn, dest, denomOut, amount);
      expect(body.route.operations.map((o: object) => Object.keys(o)[0])).toEqual(['stargate_transfer']);
      const tx = body.txs[0].evm_tx;
      const tableFee = cfg.messagingFeeTable.get('1')!;
      const rate = native ? 10n ** 12n : 1n;
      expect(tx).toMatchObject({
        chain_id: '1',
        to: src.pool,
        value: (tableFee + (native ? amount : 0n)).toString(),
        signer_address: user,
      });
      expect(tx.required_erc20_approvals).toEqual(
        native ? [] : [{ token_contract: src.token, spender: src.pool, amount: amount.toString() }],
      );

      // What the route promised, with the table's 600 ppm; the pool's FeeLibV1 takes 400 ppm, so more arrives than minAmountLD.
      const sd = amount / rate;
      const tableOutSd = sd - feeLibFee(sd, cfg.protocolFeePpm);
      const [param, fee, refund] = decodeFunctionData({ abi: IOFT_ABI, data: `0x${tx.data}` }).args as readonly [
        SendParam,
        { nativeFee: bigint },
        Address,
      ];
      expect(param).toEqual({
        dstEid,
        to: pad(recipient.toLowerCase() as Hex),
        amountLD: amount,
        minAmountLD: (tableOutSd - (tableOutSd * 10_000n + PPM - 1n) / PPM) * rate,
        extraOptions: '0x',
        composeMsg: '0x',
        oftCmd: '0x',
      });
      expect(fee.nativeFee).toBe(tableFee);
      expect(refund).toBe(user);

      // The pool's own quotes for this very SendParam.
      const sent = sd * rate;
      const received = (sd - feeLibFee(sd, POOL_FEE_PPM)) * rate;
      const [, , quoted] = await read<readonly [unknown, unknown, { amountSentLD: bigint; amountReceivedLD: bigint }]>(
        pool,
        IOFT_ABI,
        'quoteOFT',
        [param],
      );
      expect(quoted).toEqual({ amountSentLD: sent, amountReceivedLD: received });
      expect((await read<{ nativeFee: bigint }>(pool, IOFT_ABI, 'quoteSend', [param, false])).nativeFee).toBe(
        ENDPOINT_FEE,
      );

      for (const a of tx.required_erc20_approvals) {
        await sendTx(node, 1, {
          to: a.token_contract,
          data: encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
        });
      }
      const creditBefore = await read<bigint>(pool, POOL_STATE, 'paths', [dstEid]);
      const treasuryBefore = await read<bigint>(pool, POOL_STATE, 'treasuryFee', []);
      const poolBefore = native ? 0n : await read<bigint>(src.token as Address, ERC20, 'balanceOf', [pool]);
      const ethBefore = await node.publicClient.getBalance({ address: user });
      const receipt = await sendTx(node, 1, { to: tx.to, data: `0x${tx.data}`, value: BigInt(tx.value) });
      // The endpoint keeps its fee and refunds the rest of the estimate (and, from the native pool, the dust).
      expect(ethBefore - (await node.publicClient.getBalance({ address: user }))).toBe(
        receipt.gasUsed * receipt.effectiveGasPrice + ENDPOINT_FEE + (native ? sent : 0n),
      );
      if (!native)
        expect((await read<bigint>(src.token as Address, ERC20, 'balanceOf', [pool])) - poolBefore).toBe(sent);
      // The path's credit pays for what arrives; the fee goes to the treasury.
      expect(creditBefore - (await read<bigint>(pool, POOL_STATE, 'paths', [dstEid]))).toBe(received / rate);
      expect((await read<bigint>(pool, POOL_STATE, 'treasuryFee', [])) - treasuryBefore).toBe(sd - received / rate);

      const [oftSent] = eventsOf(receipt.logs, pool, stg.pools[symbol].abi);
      expect(oftSent).toMatchObject({
        eventName: 'OFTSent',
        args: { dstEid, fromAddress: user, amountSentLD: sent, amountReceivedLD: received },
      });
      const packetSent = eventsOf(receipt.logs, stg.endpoint, stg.endpointAbi).find(
        (e) => e.eventName === 'PacketSent',
      )!;
      const { encodedPayload: p, options } = packetSent.args as unknown as { encodedPayload: Hex; options: Hex };
      expect(options).toBe(taxiEnforcedOptions);
      // Packet v1: version, nonce, srcEid, sender, dstEid, receiver, guid; then TokenMessaging's taxi message.
      expect(Number(hexToBigInt(slice(p, 9, 13)))).toBe(cfg.eid.get('1'));
      expect(slice(p, 13, 45)).toBe(pad(stg.tokenMessaging.toLowerCase() as Hex));
      expect(Number(hexToBigInt(slice(p, 45, 49)))).toBe(dstEid);
      expect(slice(p, 49, 81)).toBe(tokenMessagingPeer(dstEid));
      expect(Number(hexToBigInt(slice(p, 113, 114)))).toBe(1);
      expect(Number(hexToBigInt(slice(p, 114, 116)))).toBe(stg.pools[symbol].assetId);
      expect(slice(p, 116, 148)).toBe(pad(recipient.toLowerCase() as Hex));
      expect(hexToBigInt(slice(p, 148, 156))).toBe(received / rate);
      expect(p.length).toBe(2 + 156 * 2);
    },
  );

  it('with CHAIN_RPC_URLS, routes carry the pool fee from quoteOFT and the messaging fee from quoteSend', async () => {
    await live.ctx.liveFees.refresh();
    const usdc = cfg.pools.get('USDC')!;
    const amount = 1_000_000_000n;
    const route = (t: TestApp) =>
      post(t.app, '/v2/fungible/route', {
        source_asset_chain_id: '1',
        source_asset_denom: usdc.get('1')!.token,
        dest_asset_chain_id: '10',
        dest_asset_denom: usdc.get('10')!.token,
        amount_in: amount.toString(),
        bridges: ['STARGATE'],
      }).then((r) => r.json());
    const param = {
      dstEid: cfg.eid.get('10')!,
      to: pad(recipient),
      amountLD: amount,
      minAmountLD: 0n,
      extraOptions: '0x',
      composeMsg: '0x',
      oftCmd: '0x',
    } as const;
    const [, , quoted] = await read<readonly [unknown, unknown, { amountSentLD: bigint; amountReceivedLD: bigint }]>(
      usdc.get('1')!.pool as Address,
      IOFT_ABI,
      'quoteOFT',
      [param],
    );
    const fee = feeLibFee(amount, POOL_FEE_PPM);
    expect(quoted.amountSentLD - quoted.amountReceivedLD).toBe(fee);

    const r = await route(live);
    expect(r.estimated_amount_out).toBe(quoted.amountReceivedLD.toString());
    expect(r.operations[0].stargate_transfer).toMatchObject({
      pool_address: usdc.get('1')!.pool,
      destination_endpoint_id: 30111,
      oft_fee_amount: fee.toString(),
      messaging_fee_amount: ENDPOINT_FEE.toString(),
      bridge_id: 'STARGATE',
    });
    expect(r.estimated_fees.map((f: { fee_behavior: string; amount: string }) => [f.fee_behavior, f.amount])).toEqual([
      ['FEE_BEHAVIOR_DEDUCTED', fee.toString()],
      ['FEE_BEHAVIOR_ADDITIONAL', ENDPOINT_FEE.toString()],
    ]);
    expect((await route(offline)).operations[0].stargate_transfer.oft_fee_amount).toBe(
      feeLibFee(amount, cfg.protocolFeePpm).toString(),
    );
  });
});
