/**
 * IBC Eureka transfers from Ethereum, executed on a real local EVM (anvil): the tests' own ICS20Transfer and
 * EurekaHandler stand-ins (TestEureka.sol, implementing the published sendTransfer / transfer entries and the ICS26
 * SendPacket event, emitted by the ICS26 router stand-in) and test tokens are placed at the mainnet addresses of the data files; the transaction from
 * /v2/fungible/msgs_direct is sent after the approvals it lists, and the emitted packet is decoded: client, timeout
 * (seconds), and the ICS-20 payload (denom, amount, receiver, memo). Calldata is also decoded with the solc ABIs.
 * The relayed form (smart_relay) runs with a relay fee recipient set for the test, as an operator would. Packet
 * timeouts, for default and extreme timeout_seconds, must outlive the relay (expected delivery from Ethereum plus the
 * margin of timeout.ts) and pass the stand-in's copy of ICS26Router.sendPacket's one-day check, measured against the
 * including block; the entry point's deadline that a Hub callback carries lies after the packet's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeAbiParameters,
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  parseAbi,
  parseAbiParameters,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { compileSolidity, type Compiled } from '../../test-helpers/evm/solidity.js';
import { eurekaConfig, overrideEurekaRelay } from './config.js';
import {
  EUREKA_MAX_PACKET_SECONDS,
  IBC_V2_MAX_TIMEOUT_SECONDS,
  relayMarginSeconds,
  SKIP_GO_EUREKA_WINDOW_SECONDS,
} from './timeout.js';

const ERC20 = parseAbi([
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount) returns (bool)',
]);
const ATOM = getAddress('0xbf6Bc6782f7EB580312CC09B976e9329f3e027B3');
const WBTC = getAddress('0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599');
const HUB_USER = 'cosmos1nhzuazjhyfu474er6v4ey8zn6wa5fy6gr5x978';
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const HUB_CALLBACK_ADAPTER = 'cosmos1lqu9662kd4my6dww4gzp3730vew0gkwe0nl9ztjh0n5da0a8zc4swsvd22';
const HUB_ENTRY_POINT = 'cosmos1clswlqlfm8gpn7n5wu0ypu0ugaj36urlhj7yz30hn7v7mkcm2tuqy9f8s5';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const FEE_RECIPIENT = getAddress('0x000000000000000000000000000000000000fEe5');
const PACKET_DATA = parseAbiParameters('(string denom, string sender, string receiver, uint256 amount, string memo)');

const cfg = eurekaConfig();
const ics20 = cfg.ics20Transfer.get('1')!;
const router = cfg.ics26Router.get('1')!;
const handler = cfg.handler.get('1')!;
const user = anvilAccount(1).address;
let node: Anvil;
let abis: { ics20: Abi; router: Abi; handler: Abi };
let app: TestApp;
let relayedApp: TestApp;

beforeAll(async () => {
  // `app`: an operator who offers Eureka unrelayed only (no fee recipient for Ethereum), so its transactions are the
  // plain ICS20Transfer ones; `relayedApp`: a fee recipient and fee of the test's own.
  overrideEurekaRelay({ relay_fee_recipient: { '1': null }, fee: {} });
  app = await buildTestApp();
  // An operator who runs a relayer sets its fee address; the WBTC fee figure comes from the data file.
  overrideEurekaRelay({ relay_fee_recipient: { '1': FEE_RECIPIENT }, fee: { '1': { [WBTC]: '1000' } } });
  relayedApp = await buildTestApp();
  overrideEurekaRelay(undefined);
  node = await startAnvil(1);
  const tokens = compileSolidity(new URL('../../test-helpers/evm/TestTokens.sol', import.meta.url));
  const own = compileSolidity(new URL('./TestEureka.sol', import.meta.url));
  abis = { ics20: own.TestICS20Transfer!.abi, router: own.TestICS26Router!.abi, handler: own.TestEurekaHandler!.abi };
  const deploy = async (c: Compiled, args: readonly unknown[] = []) => {
    const hash = await node
      .wallet(0)
      .deployContract({ abi: c.abi, bytecode: c.bytecode, args, account: anvilAccount(0), chain: node.chain });
    return (await node.publicClient.waitForTransactionReceipt({ hash })).contractAddress!;
  };
  const placeAt = async (from: Address, to: Address) =>
    node.testClient.setCode({ address: to, bytecode: (await node.publicClient.getCode({ address: from }))! });
  const token = await deploy(tokens.TestUSDC!);
  await placeAt(token, ATOM);
  await placeAt(token, WBTC);
  await placeAt(await deploy(own.TestICS26Router!), router as Address);
  await placeAt(await deploy(own.TestICS20Transfer!, [router]), ics20 as Address);
  await placeAt(await deploy(own.TestEurekaHandler!, [ics20]), handler as Address);
  for (const t of [ATOM, WBTC])
    await send(t, encodeFunctionData({ abi: ERC20, functionName: 'mint', args: [user, 10n ** 15n] }));
});
afterAll(async () => {
  await node?.stop();
  await app?.app.close();
  await relayedApp?.app.close();
});

async function send(to: Address, data: Hex): Promise<Hex> {
  const hash = await node.wallet(1).sendTransaction({ to, data, account: anvilAccount(1), chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return hash;
}

const balance = (token: Address, who: Address) =>
  node.publicClient.readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [who] });

interface PacketEvent {
  clientId: Hex;
  sequence: bigint;
  packet: {
    sequence: bigint;
    sourceClient: string;
    destClient: string;
    timeoutTimestamp: bigint;
    payloads: { sourcePort: string; destPort: string; version: string; encoding: string; value: Hex }[];
  };
}

/** `timeoutSeconds` null: the request leaves timeout_seconds out (the wire default). */
async function execute(t: TestApp, request: Record<string, unknown>, timeoutSeconds: string | null = '3600') {
  const before = Math.floor(Date.now() / 1000);
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    ...request,
    ...(timeoutSeconds !== null ? { timeout_seconds: timeoutSeconds } : {}),
    chain_ids_to_addresses: { '1': user, 'cosmoshub-4': HUB_USER, 'osmosis-1': OSMO_USER },
  });
  // Whole seconds the request may have taken: Junction's clock read lies between `before` and now.
  const spent = Math.ceil(Date.now() / 1000) - before;
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.txs).toHaveLength(1);
  const tx = body.txs[0].evm_tx;
  for (const a of tx.required_erc20_approvals) {
    await send(
      a.token_contract,
      encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [a.spender, BigInt(a.amount)] }),
    );
  }
  const hash = await send(tx.to, `0x${tx.data}`);
  const receipt = await node.publicClient.getTransactionReceipt({ hash });
  const packets = receipt.logs
    .filter((l) => getAddress(l.address) === router)
    .map((l) => decodeEventLog({ abi: abis.router, data: l.data, topics: l.topics }))
    .filter((e) => e.eventName === 'SendPacket')
    .map((e) => e.args as unknown as PacketEvent);
  expect(packets).toHaveLength(1);
  const { packet } = packets[0]!;
  expect(packet.payloads).toHaveLength(1);
  const payload = packet.payloads[0]!;
  expect(payload).toMatchObject({
    sourcePort: 'transfer',
    destPort: 'transfer',
    version: 'ics20-1',
    encoding: 'application/x-solidity-abi',
  });
  const [data] = decodeAbiParameters(PACKET_DATA, payload.value);
  return { body, tx, packet, data, receipt, before, spent };
}

describe('IBC Eureka from Ethereum on anvil', () => {
  it('ATOM to the Hub (unrelayed): sendTransfer over cosmoshub-0, timeout in seconds, the user as receiver', async () => {
    const amount = 25_000_000n;
    const escrowBefore = await balance(ATOM, ics20 as Address);
    const { body, tx, packet, data, before } = await execute(app, {
      source_asset_chain_id: '1',
      source_asset_denom: ATOM,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
      amount_in: amount.toString(),
    });
    expect(tx.to).toBe(ics20);
    expect(tx.required_erc20_approvals).toEqual([{ token_contract: ATOM, spender: ics20, amount: amount.toString() }]);
    const call = decodeFunctionData({ abi: abis.ics20, data: `0x${tx.data}` });
    expect(call.functionName).toBe('sendTransfer');
    expect(packet.sourceClient).toBe('cosmoshub-0');
    // 3,600 s asked, less than the twelve hours Skip Go gives a Eureka packet to be relayed (timeout.ts).
    expect(packet.timeoutTimestamp).toBeGreaterThanOrEqual(BigInt(before + SKIP_GO_EUREKA_WINDOW_SECONDS));
    expect(packet.timeoutTimestamp).toBeLessThan(BigInt(before + SKIP_GO_EUREKA_WINDOW_SECONDS + 100));
    expect(data).toMatchObject({
      denom: ATOM.toLowerCase(),
      sender: user.toLowerCase(),
      receiver: HUB_USER,
      amount,
      memo: '',
    });
    expect(await balance(ATOM, ics20 as Address)).toBe(escrowBefore + amount);
    expect(body.route.estimated_fees).toEqual([]);
    expect(body.route.operations[0].eureka_transfer).toMatchObject({
      source_client: 'cosmoshub-0',
      destination_port: 'transfer',
      smart_relay: false,
      entry_contract_address: ics20,
    });
  });

  it('ATOM to Osmosis in one signature: the Hub callbacks adapter receives it and the memo runs the entry point', async () => {
    const amount = 7_000_000n;
    const { body, data } = await execute(app, {
      source_asset_chain_id: '1',
      source_asset_denom: ATOM,
      dest_asset_chain_id: 'osmosis-1',
      dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
      amount_in: amount.toString(),
    });
    expect(body.route.txs_required).toBe(1);
    expect(data.receiver).toBe(HUB_CALLBACK_ADAPTER);
    expect(data.amount).toBe(amount);
    const memo = JSON.parse(data.memo) as {
      dest_callback: { address: string };
      wasm: {
        contract: string;
        msg: { action: { action: { ibc_transfer: { ibc_info: Record<string, string> } }; exact_out: boolean } };
      };
    };
    expect(memo.dest_callback).toEqual({ address: HUB_CALLBACK_ADAPTER });
    expect(memo.wasm.contract).toBe(HUB_ENTRY_POINT);
    expect(memo.wasm.msg.action.exact_out).toBe(false);
    expect(memo.wasm.msg.action.action.ibc_transfer.ibc_info).toMatchObject({
      source_channel: 'channel-141',
      receiver: OSMO_USER,
      memo: '',
      recover_address: HUB_USER,
    });
  });

  it('WBTC to the Hub, relayed: the handler pays the relay fee; signed amount = delivered + SMART_RELAY fee', async () => {
    const amount = 5_000_000n;
    const feeBefore = await balance(WBTC, FEE_RECIPIENT);
    const { body, tx, data } = await execute(relayedApp, {
      source_asset_chain_id: '1',
      source_asset_denom: WBTC,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: WBTC_ON_HUB,
      amount_in: amount.toString(),
    });
    expect(tx.to).toBe(handler);
    expect(tx.required_erc20_approvals).toEqual([
      { token_contract: WBTC, spender: handler, amount: amount.toString() },
    ]);
    const call = decodeFunctionData({ abi: abis.handler, data: `0x${tx.data}` });
    expect(call.functionName).toBe('transfer');
    const fees = body.route.estimated_fees;
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({
      fee_type: 'SMART_RELAY',
      bridge_id: 'EUREKA',
      amount: '1000',
      chain_id: '1',
      tx_index: 0,
      operation_index: 0,
      fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
    });
    expect(fees[0].origin_asset.denom).toBe(WBTC);
    expect(BigInt(body.route.amount_in)).toBe(BigInt(body.route.estimated_amount_out) + BigInt(fees[0].amount));
    expect(data.amount).toBe(BigInt(body.route.estimated_amount_out));
    expect(await balance(WBTC, FEE_RECIPIENT)).toBe(feeBefore + 1000n);
    expect(body.route.operations[0].eureka_transfer).toMatchObject({
      smart_relay: true,
      entry_contract_address: handler,
    });
  });

  it('smart_relay: false gives the unrelayed form even where a relayer is configured', async () => {
    const { body, tx } = await execute(relayedApp, {
      source_asset_chain_id: '1',
      source_asset_denom: WBTC,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: WBTC_ON_HUB,
      amount_in: '4000000',
      smart_relay: false,
    });
    expect(tx.to).toBe(ics20);
    expect(body.route.estimated_fees).toEqual([]);
    expect(body.route.estimated_amount_out).toBe('4000000');
  });
});

describe('IBC Eureka packet timeouts from Ethereum on anvil', () => {
  const expected = cfg.seconds.get('1')!;
  const toHub = {
    source_asset_chain_id: '1',
    source_asset_denom: ATOM,
    dest_asset_chain_id: 'cosmoshub-4',
    dest_asset_denom: 'uatom',
    // 100 ATOM: Ethereum's gas for approve and send stays well within price safety.
    amount_in: '100000000',
  };

  async function blockTime(receipt: { blockNumber: bigint }): Promise<bigint> {
    return (await node.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
  }

  it.each([null, '1', '86400', '86401', '604800'])(
    'timeout_seconds %s: the packet outlives the relay, and the router accepts it (at most a day after the block)',
    async (timeoutSeconds) => {
      const { packet, before, spent, receipt } = await execute(app, toHub, timeoutSeconds);
      const ahead = Number(packet.timeoutTimestamp) - before;
      expect(ahead).toBeGreaterThanOrEqual(expected + relayMarginSeconds(expected));
      expect(ahead).toBeGreaterThanOrEqual(Math.min(Number(timeoutSeconds ?? 300), EUREKA_MAX_PACKET_SECONDS));
      // At most the day from the moment Junction built it (however long a loaded machine took to answer).
      expect(ahead).toBeLessThanOrEqual(EUREKA_MAX_PACKET_SECONDS + spent);
      expect(packet.timeoutTimestamp - (await blockTime(receipt))).toBeLessThanOrEqual(
        BigInt(IBC_V2_MAX_TIMEOUT_SECONDS),
      );
    },
  );

  it.each([null, '604800'])('relayed, timeout_seconds %s: the handler sends the same bounded timeout', async (t) => {
    const { tx, packet, before, receipt } = await execute(
      relayedApp,
      {
        source_asset_chain_id: '1',
        source_asset_denom: WBTC,
        dest_asset_chain_id: 'cosmoshub-4',
        dest_asset_denom: WBTC_ON_HUB,
        amount_in: '3000000',
      },
      t,
    );
    expect(tx.to).toBe(handler);
    const ahead = Number(packet.timeoutTimestamp) - before;
    expect(ahead).toBeGreaterThanOrEqual(expected + relayMarginSeconds(expected));
    expect(packet.timeoutTimestamp - (await blockTime(receipt))).toBeLessThanOrEqual(
      BigInt(IBC_V2_MAX_TIMEOUT_SECONDS),
    );
  });

  it.each([null, '604800'])(
    'ATOM to Osmosis, timeout_seconds %s: the entry point the Hub callback runs has its deadline after the packet',
    async (t) => {
      const { data, packet } = await execute(
        app,
        {
          source_asset_chain_id: '1',
          source_asset_denom: ATOM,
          dest_asset_chain_id: 'osmosis-1',
          dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
          amount_in: '2000000',
        },
        t,
      );
      // The entry point's timeout is in nanoseconds; it must leave the onward hop time after the packet can land.
      const carriedNs = BigInt(/"timeout_timestamp":(\d+)/.exec(data.memo)![1]!);
      expect(carriedNs).toBeGreaterThan(packet.timeoutTimestamp * 1_000_000_000n);
    },
  );
});
