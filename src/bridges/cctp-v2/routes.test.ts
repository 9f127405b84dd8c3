/**
 * CCTP V2 on the real registry: which form a route takes for the request's options (standard or fast, forwarded by
 * Circle or left to the recipient), its amounts against Circle's fee table (data/cctp-v2.json), its duration, the
 * wire record and the burn it builds, and how a record echoed to /msgs is re-validated.
 */
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, hexToBytes, type Hex } from 'viem';
import { loadConfig } from '../../config.js';
import { createLiveMarket } from '../../market.js';
import { VENUE_PLUGINS } from '../../venues/index.js';
import { buildMessages } from '../../route-txs/build.js';
import { assembleRoute, requiredChainAddresses } from '../../routing/assemble.js';
import { planRoute } from '../../routing/engine.js';
import { planFromOperations } from '../../routing/operations.js';
import { parseRouteQuery, type RouteRequestFields } from '../../routing/query.js';
import { testRegistry } from '../../test-helpers/registry.js';
import { TOKEN_MESSENGER_V2_ABI, forwardHookData } from './evm.js';
import { BRIDGE_SET } from '../index.js';
import { apiErrorOf } from '../../test-helpers/api-error.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const USDC_ARBITRUM = '0xaf88d065e77c8cC2239327C5EDb3A432268e5831';
const USDC_LINEA = '0x176211869cA2b568f2A7D4EE941E073a821EE1ff';
const USDC_UNICHAIN = '0x078D782b760474a361dDA0AF3839290b0EF57AD6';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const TOKEN_MESSENGER_V2 = '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d';

type Req = Partial<RouteRequestFields>;
const baseToArb: Req = {
  source_asset_chain_id: '8453',
  source_asset_denom: USDC_BASE,
  dest_asset_chain_id: '42161',
  dest_asset_denom: USDC_ARBITRUM,
  amount_in: '100000000',
  // Pinned: a Stargate pool or Go Fast may also carry USDC between these chains, and may rank first.
  bridges: ['CCTP_V2'],
};
const plan = (req: Req) =>
  planRoute(
    { registry, market, bridges: BRIDGE_SET },
    parseRouteQuery(registry, { ...baseToArb, ...req } as RouteRequestFields),
  );
const v2Op = (route: ReturnType<typeof plan>) => {
  const ops = assembleRoute(registry, route).operations;
  expect(ops.map((o) => Object.keys(o)[0])).toEqual(['cctp_transfer_v2']);
  return ops[0] as unknown as { cctp_transfer_v2: Record<string, unknown>; amount_in: string; amount_out: string };
};
const burnOf = (route: ReturnType<typeof plan>) => {
  const { txs } = buildMessages(registry, route, new Map(requiredChainAddresses(route).map((c) => [c, EVM_USER])), {
    nowMs: 1_750_000_000_000,
    timeoutSeconds: 300,
  });
  expect(txs).toHaveLength(1);
  const evm = (txs[0] as { evm_tx: { to: string; data: string; required_erc20_approvals: unknown[] } }).evm_tx;
  expect(evm.to).toBe(TOKEN_MESSENGER_V2);
  return { evm, call: decodeFunctionData({ abi: TOKEN_MESSENGER_V2_ABI, data: `0x${evm.data}` as Hex }) };
};

describe('CCTP V2 Base → Arbitrum', () => {
  it('defaults (smart_relay true, go_fast false): the standard transfer, forwarded by Circle for its fee', () => {
    const route = plan({});
    const op = v2Op(route);
    // Standard transfers are free; the forwarding fee to Arbitrum (data/cctp-v2.json forward_fee) is maxFee.
    expect(op.cctp_transfer_v2).toMatchObject({
      from_chain_id: '8453',
      to_chain_id: '42161',
      bridge_id: 'CCTP_V2',
      burn_token: USDC_BASE,
      denom_out: USDC_ARBITRUM,
      smart_relay: true,
      destination_domain: 3,
      finality_threshold: 2000,
      max_fee: '210000',
    });
    expect(op.amount_out).toBe('99790000');
    // Base's standard attestation waits for Ethereum finality (1140 s) plus one mint (30 s).
    expect(assembleRoute(registry, route).estimated_route_duration_seconds).toBe(1170);
    const fees = assembleRoute(registry, route).estimated_fees;
    expect(fees).toEqual([expect.objectContaining({ fee_type: 'SMART_RELAY', amount: '210000' })]);
    const { call } = burnOf(route);
    expect(call.functionName).toBe('depositForBurnWithHook');
    expect(call.args.slice(0, 7)).toEqual([
      100000000n,
      3,
      `0x000000000000000000000000${EVM_USER.slice(2).toLowerCase()}`,
      USDC_BASE,
      `0x${'0'.repeat(64)}`,
      210000n,
      2000,
    ]);
    // The Forwarding Service request: "cctp-forward" as bytes24, version 0, no further Circle data.
    const hook = hexToBytes(call.args[7] as Hex);
    expect(Buffer.from(hook.subarray(0, 12)).toString()).toBe('cctp-forward');
    expect([...hook.subarray(12)]).toEqual(new Array(20).fill(0));
    expect(hook).toEqual(forwardHookData());
  });

  it('go_fast: the Fast Transfer, maxFee = 1.3 bp of Base with the 20 % margin plus forwarding, under a minute', () => {
    const route = plan({ go_fast: true });
    const op = v2Op(route);
    // 100 USDC × 130 ppm × 1.2 = 15 600, plus 210 000 forwarding.
    expect(op.cctp_transfer_v2).toMatchObject({ finality_threshold: 1000, max_fee: '225600', smart_relay: true });
    expect(op.amount_out).toBe(String(100000000 - 225600));
    expect(assembleRoute(registry, route).estimated_route_duration_seconds).toBeLessThan(60);
    expect(burnOf(route).call.args[6]).toBe(1000);
  });

  it('smart_relay false: depositForBurn with no hook, nothing forwarded, the whole amount minted', () => {
    const route = plan({ smart_relay: false });
    const op = v2Op(route);
    expect(op.cctp_transfer_v2).toMatchObject({ smart_relay: false, finality_threshold: 2000, max_fee: '0' });
    expect(op.amount_out).toBe('100000000');
    expect(assembleRoute(registry, route).estimated_fees).toEqual([]);
    const { call, evm } = burnOf(route);
    expect(call.functionName).toBe('depositForBurn');
    expect(evm.required_erc20_approvals).toEqual([
      { token_contract: USDC_BASE, spender: TOKEN_MESSENGER_V2, amount: '100000000' },
    ]);
  });

  it('exact out: the input covers the amount asked for plus maxFee', () => {
    const route = plan({ amount_in: undefined, amount_out: '50000000', go_fast: true } as Req);
    const op = v2Op(route);
    expect(BigInt(op.amount_out)).toBe(50000000n);
    expect(BigInt(op.amount_in) - BigInt(op.cctp_transfer_v2.max_fee as string)).toBe(50000000n);
  });
});

describe('CCTP V2 chains', () => {
  it.each([
    ['59144', USDC_LINEA],
    ['130', USDC_UNICHAIN],
  ])('USDC on %s routes to Ethereum over CCTP V2', (chainId, usdc) => {
    const route = plan({
      source_asset_chain_id: chainId,
      source_asset_denom: usdc,
      dest_asset_chain_id: '1',
      dest_asset_denom: USDC_ETHEREUM,
    });
    expect(v2Op(route).cctp_transfer_v2).toMatchObject({ from_chain_id: chainId, destination_domain: 0 });
  });

  it('Linea standard transfers wait for hard finality (32 h): go_fast takes the Fast Transfer at 11 bp', () => {
    const req: Req = { source_asset_chain_id: '59144', source_asset_denom: USDC_LINEA };
    expect(assembleRoute(registry, plan(req)).estimated_route_duration_seconds).toBe(115200 + 30);
    const fast = v2Op(plan({ ...req, go_fast: true }));
    // 100 USDC × 1100 ppm × 1.2 = 132 000, plus 210 000 forwarding to Arbitrum.
    expect(fast.cctp_transfer_v2.max_fee).toBe('342000');
  });

  it('Sonic has no Fast Transfer: go_fast keeps the standard form (attested in seconds)', () => {
    const sonic = v2Op(
      plan({
        source_asset_chain_id: '146',
        source_asset_denom: '0x29219dd400f2Bf60E5a23d13Be72B486D4038894',
        go_fast: true,
      }),
    );
    expect(sonic.cctp_transfer_v2).toMatchObject({ finality_threshold: 2000, destination_domain: 3 });
  });

  it('USDC between EVM chains no longer takes CCTP V1 (Noble is the only V1 end)', () => {
    for (const smart_relay of [true, false]) {
      const ops = assembleRoute(registry, plan({ smart_relay })).operations;
      expect(ops.some((o) => 'cctp_transfer' in o)).toBe(false);
    }
  });
});

describe('CCTP V2 records echoed to /msgs', () => {
  const source = registry.listedAsset('8453', USDC_BASE)!;
  const dest = registry.listedAsset('42161', USDC_ARBITRUM)!;
  const replan = (record: Record<string, unknown>) =>
    planFromOperations(
      { registry: registry, market: market, bridges: BRIDGE_SET },
      {
        source,
        dest,
        amountIn: 100000000n,
        amountOut: undefined,
        affiliateBps: () => 0,
        operations: [{ cctp_transfer_v2: record }],
      },
    );
  const good = () => ({ ...v2Op(plan({ go_fast: true })).cctp_transfer_v2 });

  it('re-derives the fast forwarded lane and its maxFee from the record', () => {
    const route = replan(good());
    expect(v2Op(route).cctp_transfer_v2).toEqual(good());
  });

  it.each([
    ['finality_threshold', 1500, 'finality_threshold'],
    ['destination_domain', 6, 'destination_domain'],
    ['denom_out', USDC_BASE, 'denom_out'],
    ['bridge_id', 'CCTP', 'bridge_id'],
  ])('refuses a tampered %s', (field, value, named) => {
    expect(apiErrorOf(() => replan({ ...good(), [field]: value }))).toMatchObject({
      code: 3,
      field: `operations[0].cctp_transfer_v2.${named}`,
    });
  });
});
