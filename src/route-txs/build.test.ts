import { describe, expect, it } from 'vitest';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import type { ApiError } from '../errors.js';
import type { Tx } from '../wire/msgs.js';
import { emptyMarket } from '../routing/market.js';
import { planRoute } from '../routing/engine.js';
import { parseRouteQuery } from '../routing/query.js';
import { requiredChainAddresses } from '../routing/assemble.js';
import {
  ATOM_ON_OSMOSIS,
  USDC_ON_NOLUS_VIA_OSMOSIS,
  USDC_ON_OSMOSIS,
  USDC_ON_QUICKSILVER_VIA_DYDX,
  testRegistry,
  userAddress,
} from '../test-helpers/registry.js';
import { addressesFromList, addressProblem } from '../messages/address.js';
import { buildMessages, parseSlippagePpm, type MessageOptions } from './build.js';
import { parseAffiliates } from './affiliates.js';
import { BRIDGE_SET } from '../bridges/index.js';
import { ARRIVAL_ALLOWANCE } from '../messages/tx-window.js';
import { IBC_HOP_SECONDS } from '../bridges/ibc/operation.js';
import { apiErrorOf } from '../test-helpers/api-error.js';

const registry = testRegistry();
const NOW_MS = 1_750_000_000_123;
const opts: MessageOptions = { nowMs: NOW_MS, timeoutSeconds: 300 };

function plan(
  source: [string, string],
  dest: [string, string],
  extra: { allow_multi_tx?: boolean; smart_relay?: boolean } = {},
) {
  return planRoute(
    { registry, market: emptyMarket(registry), bridges: BRIDGE_SET },
    parseRouteQuery(registry, {
      source_asset_chain_id: source[0],
      source_asset_denom: source[1],
      dest_asset_chain_id: dest[0],
      dest_asset_denom: dest[1],
      amount_in: '1234567',
      ...extra,
    }),
  );
}

function addressesFor(route: ReturnType<typeof plan>) {
  return new Map(requiredChainAddresses(route).map((c) => [c, userAddress(registry, c)]));
}

/** Decodes a wire `msg` string through cosmjs-types: JSON → MsgTransfer → protobuf bytes → MsgTransfer. */
function decodeTransfer(msg: string) {
  // timeout_timestamp is a bare integer beyond 2^53: read its digits from the text, not through JSON.parse.
  const timeout = /"timeout_timestamp":(\d+)/.exec(msg)?.[1];
  expect(timeout).toBeDefined();
  const j = JSON.parse(msg) as Record<string, unknown> & { token: { denom: string; amount: string } };
  const m = MsgTransfer.fromPartial({
    sourcePort: j.source_port as string,
    sourceChannel: j.source_channel as string,
    token: j.token,
    sender: j.sender as string,
    receiver: j.receiver as string,
    timeoutHeight: {},
    timeoutTimestamp: BigInt(timeout!),
    memo: (j.memo as string | undefined) ?? '',
  });
  const decoded = MsgTransfer.decode(MsgTransfer.encode(m).finish());
  expect(decoded).toEqual(m);
  return { msg: decoded, json: j };
}

function cosmosTx(tx: Tx) {
  if (!('cosmos_tx' in tx)) throw new Error('expected a cosmos tx');
  return tx.cosmos_tx;
}

describe('MsgTransfer messages', () => {
  it('Hub ATOM → Osmosis: one MsgTransfer, exact nanosecond timeout, no memo', () => {
    const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
    const built = buildMessages(registry, route, addressesFor(route), opts);
    expect(built.txs).toHaveLength(1);
    const tx = cosmosTx(built.txs[0]!);
    expect(tx).toMatchObject({
      chain_id: 'cosmoshub-4',
      path: ['cosmoshub-4', 'osmosis-1'],
      signer_address: userAddress(registry, 'cosmoshub-4'),
    });
    expect(built.txs[0]!.operations_indices).toEqual([0]);
    expect(tx.msgs[0]!.msg_type_url).toBe('/ibc.applications.transfer.v1.MsgTransfer');
    const { msg, json } = decodeTransfer(tx.msgs[0]!.msg);
    expect(msg).toMatchObject({
      sourcePort: 'transfer',
      sourceChannel: 'channel-141',
      token: { denom: 'uatom', amount: '1234567' },
      sender: userAddress(registry, 'cosmoshub-4'),
      receiver: userAddress(registry, 'osmosis-1'),
      memo: '',
    });
    expect(msg.timeoutTimestamp).toBe(1_750_000_000_123_000_000n + 300_000_000_000n);
    expect(json.timeout_height).toEqual({});
    expect(json).not.toHaveProperty('memo');
    // The multi_chain_msg form carries the same message.
    expect(built.msgs).toEqual([
      {
        multi_chain_msg: {
          chain_id: 'cosmoshub-4',
          path: ['cosmoshub-4', 'osmosis-1'],
          msg: tx.msgs[0]!.msg,
          msg_type_url: tx.msgs[0]!.msg_type_url,
        },
      },
    ]);
    expect(built.minAmountOut).toBe(1234567n);
  });

  it('exact-out without a swap sends exactly amount_out: nothing would refund a padded input', () => {
    const route = planRoute(
      { registry, market: emptyMarket(registry), bridges: BRIDGE_SET },
      parseRouteQuery(registry, {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: ATOM_ON_OSMOSIS,
        amount_out: '1000000',
      }),
    );
    expect(route.amountIn).toBe(1_000_000n);
    const built = buildMessages(registry, route, addressesFor(route), { ...opts, slippagePpm: 10_000n });
    const { msg } = decodeTransfer(cosmosTx(built.txs[0]!).msgs[0]!.msg);
    expect(msg.sourceChannel).toBe('channel-141');
    expect(msg.token).toEqual({ denom: 'uatom', amount: '1000000' });
    expect(built.minAmountOut).toBe(1_000_000n);
  });

  it('Noble → Osmosis → Nolus: the second hop rides as a packet-forward memo', () => {
    const route = plan(['noble-1', 'uusdc'], ['pirin-1', USDC_ON_NOLUS_VIA_OSMOSIS]);
    const built = buildMessages(registry, route, addressesFor(route), { ...opts, timeoutSeconds: 600 });
    expect(built.txs).toHaveLength(1);
    const tx = cosmosTx(built.txs[0]!);
    expect(tx.path).toEqual(['noble-1', 'osmosis-1', 'pirin-1']);
    expect(built.txs[0]!.operations_indices).toEqual([0, 1]);
    const { msg } = decodeTransfer(tx.msgs[0]!.msg);
    expect(msg.sourceChannel).toBe('channel-1');
    expect(msg.token).toEqual({ denom: 'uusdc', amount: '1234567' });
    expect(msg.receiver).toBe(userAddress(registry, 'osmosis-1'));
    const memo = JSON.parse(msg.memo);
    expect(Object.keys(memo.forward)).toEqual(['receiver', 'port', 'channel', 'timeout', 'retries']);
    expect(memo).toEqual({
      forward: {
        receiver: userAddress(registry, 'pirin-1'),
        port: 'transfer',
        channel: 'channel-783',
        timeout: '600s',
        retries: 2,
      },
    });
    // The forward channel is Osmosis' end of the Osmosis↔Nolus channel whose Nolus end appears in the voucher trace.
    expect(registry.channelEnd('osmosis-1', 'transfer', 'channel-783')?.counterpartyChannel).toBe('channel-0');
  });

  it('Osmosis ATOM → Neutron: unwind to the Hub, forward to Neutron, nested hop by hop', () => {
    const atomOnNeutron = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
    const route = plan(['osmosis-1', ATOM_ON_OSMOSIS], ['neutron-1', atomOnNeutron]);
    const built = buildMessages(registry, route, addressesFor(route), opts);
    const { msg } = decodeTransfer(cosmosTx(built.txs[0]!).msgs[0]!.msg);
    expect(msg).toMatchObject({
      sourceChannel: 'channel-0',
      token: { denom: ATOM_ON_OSMOSIS },
      receiver: userAddress(registry, 'cosmoshub-4'),
    });
    expect(JSON.parse(msg.memo).forward).toMatchObject({
      channel: 'channel-569',
      receiver: userAddress(registry, 'neutron-1'),
    });
  });

  it('a two-transaction route gives one tx per signing chain, the second timing out after its funds arrive', () => {
    const route = plan(['noble-1', 'uusdc'], ['quicksilver-2', USDC_ON_QUICKSILVER_VIA_DYDX], { allow_multi_tx: true });
    const built = buildMessages(registry, route, addressesFor(route), opts);
    expect(built.txs.map((t) => cosmosTx(t).chain_id)).toEqual(['noble-1', 'dydx-mainnet-1']);
    expect(built.txs.map((t) => t.operations_indices)).toEqual([[0], [1]]);
    const first = decodeTransfer(cosmosTx(built.txs[0]!).msgs[0]!.msg).msg;
    const second = decodeTransfer(cosmosTx(built.txs[1]!).msgs[0]!.msg).msg;
    expect(first.memo).toBe('');
    expect(first.receiver).toBe(userAddress(registry, 'dydx-mainnet-1'));
    expect(second).toMatchObject({
      sender: userAddress(registry, 'dydx-mainnet-1'),
      receiver: userAddress(registry, 'quicksilver-2'),
      token: { denom: 'ibc/8E27BA2D5493AF5636760E354E46004562C46AB7EC0CC4C1CA14E9E20E2545B5' },
    });
    // The second transaction is sent once the first hop's packet has landed (tx-window.ts): its window opens then.
    expect(second.timeoutTimestamp - first.timeoutTimestamp).toBe(
      BigInt(IBC_HOP_SECONDS * ARRIVAL_ALLOWANCE) * 10n ** 9n,
    );
    expect(cosmosTx(built.txs[1]!).signer_address).toBe(userAddress(registry, 'dydx-mainnet-1'));
  });

  it('a wasm post-route handler ends the last packet at the contract with an IBC-hooks memo', () => {
    const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
    const contract = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
    const built = buildMessages(registry, route, addressesFor(route), {
      ...opts,
      postRouteHandler: { wasm_msg: { contract_address: contract, msg: '{"deposit":{}}' } },
    });
    const { msg } = decodeTransfer(cosmosTx(built.txs[0]!).msgs[0]!.msg);
    expect(msg.receiver).toBe(contract);
    expect(JSON.parse(msg.memo)).toEqual({ wasm: { contract, msg: { deposit: {} } } });
  });

  it("carries the caller's contract message byte-exact: integers beyond 2^53 are not rounded", () => {
    const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
    const contract = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
    const raw =
      '{"swap":{"min_out":"1","amount":1795403120853123457,"ratio":1.10000000000000000001, "nested":{"e":-0.0}}}';
    const built = buildMessages(registry, route, addressesFor(route), {
      ...opts,
      postRouteHandler: { wasm_msg: { contract_address: contract, msg: raw } },
    });
    const { msg } = decodeTransfer(cosmosTx(built.txs[0]!).msgs[0]!.msg);
    expect(msg.memo).toBe(`{"wasm":{"contract":"${contract}","msg":${raw}}}`);
    expect(msg.memo).toContain('1795403120853123457');
  });

  it.each([
    ['deep arrays', `{"a":${'['.repeat(200_000)}${']'.repeat(200_000)}}`],
    ['deep objects', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
    ['65 levels', `${'{"a":'.repeat(65)}1${'}'.repeat(65)}`],
  ])('refuses a contract message nested too deep (%s) without overflowing the stack', (_name, raw) => {
    const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
    const contract = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
    const refusal = apiErrorOf(() =>
      buildMessages(registry, route, addressesFor(route), {
        ...opts,
        postRouteHandler: { wasm_msg: { contract_address: contract, msg: raw } },
      }),
    );
    expect(refusal).toMatchObject({ code: 3, field: 'post_route_handler.wasm_msg.msg' });
  });

  it.each([
    ['not-an-address', /in post_route_handler\.wasm_msg\.contract_address: not a valid bech32 address/],
    [
      'neutron1zvesudsdfxusz06jztpph4d3h5x6veglqsspxns2v2jqml9nhywskcc923',
      /chain osmosis-1 in post_route_handler\.wasm_msg\.contract_address: prefix "neutron"/,
    ],
  ])(
    "validates the wasm handler's contract_address as an address of the chain that executes it: %s",
    (contract, message) => {
      const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
      const err = (() => {
        try {
          buildMessages(registry, route, addressesFor(route), {
            ...opts,
            postRouteHandler: { wasm_msg: { contract_address: contract, msg: '{"deposit":{}}' } },
          });
        } catch (e) {
          return e as ApiError;
        }
        throw new Error('expected an error');
      })();
      expect(err.code).toBe(3);
      expect(err.message).toMatch(message);
    },
  );

  it('emits bech32 addresses in lower case, whatever case they were given in (wasmd refuses upper case)', () => {
    const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
    const required = requiredChainAddresses(route);
    const upper = required.map((c) => userAddress(registry, c).toUpperCase());
    const contract = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
    const built = buildMessages(registry, route, addressesFromList(registry, upper, required, required), {
      ...opts,
      postRouteHandler: { wasm_msg: { contract_address: contract.toUpperCase(), msg: '{"deposit":{}}' } },
    });
    const tx = cosmosTx(built.txs[0]!);
    expect(tx.signer_address).toBe(userAddress(registry, 'cosmoshub-4'));
    const { msg } = decodeTransfer(tx.msgs[0]!.msg);
    expect(msg.sender).toBe(userAddress(registry, 'cosmoshub-4'));
    expect(msg.receiver).toBe(contract);
    expect(JSON.parse(msg.memo).wasm.contract).toBe(contract);
  });

  it('refuses a wasm handler on a chain without IBC hooks, and an autopilot handler off Stride', () => {
    const route = plan(['osmosis-1', ATOM_ON_OSMOSIS], ['cosmoshub-4', 'uatom']);
    const wasm = apiErrorOf(() =>
      buildMessages(registry, route, addressesFor(route), {
        ...opts,
        postRouteHandler: { wasm_msg: { contract_address: 'cosmos1x', msg: '{}' } },
      }),
    );
    expect(wasm).toMatchObject({ code: 3, field: 'post_route_handler.wasm_msg' });
    expect(wasm.message).toContain('cosmoshub-4'); // the chain that cannot run it
    const autopilot = apiErrorOf(() =>
      buildMessages(registry, route, addressesFor(route), {
        ...opts,
        postRouteHandler: { autpilot_msg: { action: 'LIQUID_STAKE', receiver: 'x' } },
      }),
    );
    expect(autopilot).toMatchObject({ code: 3, field: 'post_route_handler.autpilot_msg' });
  });
});

describe('slippage_tolerance_percent', () => {
  it('reads a percent in ppm, down to one ppm (four decimals), below 100 %', () => {
    expect(parseSlippagePpm('1')).toBe(10_000n);
    expect(parseSlippagePpm('0.001')).toBe(10n);
    expect(parseSlippagePpm('0.0001')).toBe(1n);
    expect(parseSlippagePpm('99.9999')).toBe(999_999n);
    expect(parseSlippagePpm(undefined)).toBe(10_000n);
    expect(apiErrorOf(() => parseSlippagePpm('100'))).toMatchObject({ code: 3, field: 'slippage_tolerance_percent' });
  });

  it('says why a finer or malformed value is refused', () => {
    for (const raw of ['0.00001', 'abc', '-1', '1e2', '.5']) {
      const err = apiErrorOf(() => parseSlippagePpm(raw));
      expect(err).toMatchObject({ code: 3, field: 'slippage_tolerance_percent' });
      expect(err.message).toContain('at most 4 decimal places');
    }
  });
});

describe('post_route_handler where nothing can run it', () => {
  const contract = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';
  const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
  const addresses = (route: ReturnType<typeof plan>) =>
    new Map(
      requiredChainAddresses(route).map((c) => [
        c,
        registry.chain(c)!.wire.chain_type === 'evm' ? `0x${'07'.repeat(20)}` : userAddress(registry, c),
      ]),
    );

  it.each([
    ['a CCTP burn to Ethereum', ['noble-1', 'uusdc'], ['1', USDC_ETHEREUM], 'a transfer over CCTP to 1'],
    ['an OPinit deposit', ['interwoven-1', 'uinit'], ['yominet-1', ''], 'a transfer over OPINIT to yominet-1'],
  ] as const)('refuses a handler on a route that ends with %s, instead of leaving it out', (_n, src, dst, ending) => {
    const dest =
      dst[1] || [...registry.listedAssets('yominet-1')].find((a) => a.wire.denom.startsWith('l2/'))!.wire.denom;
    const route = plan([src[0], src[1]], [dst[0], dest], { smart_relay: false });
    for (const postRouteHandler of [
      { wasm_msg: { contract_address: contract, msg: '{"deposit":{}}' } },
      { autpilot_msg: { action: 'LIQUID_STAKE' as const, receiver: 'stride1x' } },
    ]) {
      const err = apiErrorOf(() => buildMessages(registry, route, addresses(route), { ...opts, postRouteHandler }));
      expect(err).toMatchObject({ code: 3, field: 'post_route_handler' });
      expect(err.message).toContain(ending);
    }
    // Without a handler the same route builds.
    expect(buildMessages(registry, route, addresses(route), opts).txs).toHaveLength(1);
  });

  it('refuses a handler key it does not know (autopilot_msg, not the wire spelling autpilot_msg)', () => {
    const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
    const postRouteHandler = { autopilot_msg: { action: 'LIQUID_STAKE', receiver: 'x' } } as never;
    const err = apiErrorOf(() => buildMessages(registry, route, addressesFor(route), { ...opts, postRouteHandler }));
    expect(err).toMatchObject({ code: 3, field: 'post_route_handler.autopilot_msg' });
  });
});

describe('addresses', () => {
  const route = plan(['cosmoshub-4', 'uatom'], ['osmosis-1', ATOM_ON_OSMOSIS]);
  const required = requiredChainAddresses(route);
  const hub = userAddress(registry, 'cosmoshub-4');
  const osmo = userAddress(registry, 'osmosis-1');

  it('accepts one valid address per required chain', () => {
    expect([...addressesFromList(registry, [hub, osmo], required, required)]).toEqual([
      ['cosmoshub-4', hub],
      ['osmosis-1', osmo],
    ]);
  });

  it.each([
    [[hub], /got 1 addresses, the route needs 2/],
    [[osmo, osmo], /chain cosmoshub-4 .*prefix "osmo" is not cosmoshub-4's prefix "cosmos"/],
    [[hub, osmo.slice(0, -1) + (osmo.endsWith('q') ? 'p' : 'q')], /chain osmosis-1 .*not a valid bech32 address/],
    [[hub, ''], /chain osmosis-1 .*empty address/],
    [[hub, osmo.toUpperCase().slice(0, 10) + osmo.slice(10)], /mixes upper and lower case/],
    // The address list in the wrong order: an EVM address given for a Cosmos chain used to be refused as "mixes upper
    // and lower case" (its EIP-55 checksum), which hides the mistake.
    [
      [hub, '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5'],
      /chain osmosis-1 .*an EVM address \(0x…\) where osmosis-1 takes a bech32 address with prefix "osmo"/,
    ],
  ])('rejects %o', (list, message) => {
    const err = (() => {
      try {
        addressesFromList(registry, list, required, required);
      } catch (e) {
        return e as ApiError;
      }
      throw new Error('expected an error');
    })();
    expect(err.code).toBe(3);
    expect(err.message).toMatch(message);
  });

  it('says a Cosmos address given for an EVM chain is one', () => {
    expect(addressProblem(registry, '1', osmo)).toBe(
      'a bech32 address where 1 takes an EVM address (0x + 40 hex digits)',
    );
    expect(addressProblem(registry, '1', '0x24a9267cE9e0a8F4467B584FDDa12baf1Df772B5')).toBeUndefined();
    expect(addressProblem(registry, '1', '0x1234')).toMatch(/^not a valid EVM address/);
  });
});

describe('affiliates', () => {
  const osmoAffiliate = userAddress(registry, 'osmosis-1');
  const ntrnAffiliate = userAddress(registry, 'neutron-1');

  it('keeps affiliate addresses in canonical lower case', () => {
    const parsed = parseAffiliates(registry, {
      'osmosis-1': { affiliates: [{ address: osmoAffiliate.toUpperCase(), basis_points_fee: '50' }] },
    });
    expect(parsed.byChain.get('osmosis-1')).toEqual([{ address: osmoAffiliate, bps: 50 }]);
  });

  it('accepts equal cumulative bps across chains', () => {
    const parsed = parseAffiliates(registry, {
      'osmosis-1': {
        affiliates: [
          { address: osmoAffiliate, basis_points_fee: '50' },
          { address: osmoAffiliate, basis_points_fee: '25' },
        ],
      },
      'neutron-1': { affiliates: [{ address: ntrnAffiliate, basis_points_fee: '75' }] },
    });
    expect(parsed.cumulativeBps).toBe(75);
  });

  it('rejects chains with unequal cumulative bps, naming them', () => {
    expect(() =>
      parseAffiliates(registry, {
        'osmosis-1': { affiliates: [{ address: osmoAffiliate, basis_points_fee: '50' }] },
        'neutron-1': { affiliates: [{ address: ntrnAffiliate, basis_points_fee: '75' }] },
      }),
    ).toThrow(/same cumulative basis_points_fee, got osmosis-1: 50, neutron-1: 75/);
  });

  it.each([
    [
      { 'osmosis-1': { affiliates: [{ address: osmoAffiliate, basis_points_fee: '10001' }] } },
      /basis_points_fee: must be an integer between 0 and 10000/,
    ],
    [{ 'osmosis-1': { affiliates: [{ address: osmoAffiliate, basis_points_fee: '1.5' }] } }, /basis_points_fee/],
    [
      { 'osmosis-1': { affiliates: [{ address: ntrnAffiliate, basis_points_fee: '10' }] } },
      /address for chain osmosis-1: prefix "neutron"/,
    ],
    [{ 'nope-1': { affiliates: [] } }, /unknown chain id "nope-1"/],
  ])('rejects %o', (raw, message) => {
    expect(() => parseAffiliates(registry, raw)).toThrow(message);
  });
});

describe('USDC sample', () => {
  it('Noble → Osmosis decodes with the Osmosis USDC voucher denom', () => {
    const route = plan(['noble-1', 'uusdc'], ['osmosis-1', USDC_ON_OSMOSIS]);
    const built = buildMessages(registry, route, addressesFor(route), opts);
    expect(decodeTransfer(cosmosTx(built.txs[0]!).msgs[0]!.msg).msg.sourceChannel).toBe('channel-1');
  });
});
