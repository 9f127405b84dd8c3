/**
 * Routes that cross a lane bridge on the real registry and the shipped market: CCTP alone, CCTP then IBC then a swap
 * on Osmosis, a swap then IBC then CCTP, with the transaction count, the messages of every transaction and the
 * reasons given when the route is refused.
 */
import { describe, expect, it } from 'vitest';
import { decodeFunctionData, type Hex } from 'viem';
import type { ApiError } from '../errors.js';
import { loadConfig } from '../config.js';
import { createLiveMarket } from '../market.js';
import { VENUE_PLUGINS } from '../venues/index.js';
import { buildMessages } from '../route-txs/build.js';
import { TOKEN_MESSENGER_ABI } from '../bridges/cctp/evm.js';
import { testRegistry, userAddress, USDC_ON_OSMOSIS, USER_BYTES } from '../test-helpers/registry.js';
import { assembleRoute, requiredChainAddresses } from './assemble.js';
import { planRoute } from './engine.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { BRIDGE_SET } from '../bridges/index.js';

const registry = testRegistry();
const market = createLiveMarket(loadConfig([], {}), registry, VENUE_PLUGINS).view();
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const OSMOSIS_ENTRY = registry.chain('osmosis-1')!.entryPoint!.entryPoint;
const NOW = 1_750_000_000_000;

type Req = Partial<RouteRequestFields> &
  Pick<RouteRequestFields, 'source_asset_chain_id' | 'source_asset_denom' | 'dest_asset_chain_id' | 'dest_asset_denom'>;
// The plain CCTP burns (through Circle's TokenMessenger); the smart-relayed forms are tested in
// src/bridges/cctp/smart-relay.test.ts.
const plan = (req: Req) =>
  planRoute(
    { registry, market, bridges: BRIDGE_SET },
    parseRouteQuery(registry, { amount_in: '100000000', smart_relay: false, ...req }),
  );
const error = (req: Req): ApiError => {
  try {
    plan(req);
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('expected no route');
};
/** Junction's own reason, in the ErrorInfo detail of a no-route answer. */
const explanation = (err: ApiError) => err.details[0]?.metadata.explanation;
const address = (c: string) => (registry.chain(c)!.wire.chain_type === 'evm' ? EVM_USER : userAddress(registry, c));
const messages = (route: ReturnType<typeof plan>) =>
  buildMessages(registry, route, new Map(requiredChainAddresses(route).map((c) => [c, address(c)])), {
    nowMs: NOW,
    timeoutSeconds: 300,
  });
const kinds = (route: ReturnType<typeof plan>) =>
  assembleRoute(registry, route).operations.map((o) => Object.keys(o)[0]);

describe('routes across ecosystems', () => {
  // CCTP and IBC only: an Axelar GMP call (one transaction, src/bridges/axelar/gmp.test.ts) also reaches OSMO.
  const ethToOsmo: Req = {
    source_asset_chain_id: '1',
    source_asset_denom: USDC_ETHEREUM,
    dest_asset_chain_id: 'osmosis-1',
    dest_asset_denom: 'uosmo',
    bridges: ['CCTP', 'IBC'],
  };

  it('USDC on Ethereum → OSMO: burn into a Noble forwarding account that sends it to Osmosis, then the swap; two transactions', () => {
    const route = plan({ ...ethToOsmo, allow_multi_tx: true });
    expect(kinds(route)).toEqual(['cctp_transfer', 'transfer', 'swap']);
    // Noble's forwarding account sends the USDC on with no memo, so the swap on Osmosis is a second transaction.
    expect(route.txIndices).toEqual([0, 0, 1]);
    const wire = assembleRoute(registry, route);
    expect(wire.chain_ids).toEqual(['1', 'noble-1', 'osmosis-1']);
    expect(wire.required_chain_addresses).toEqual(['1', 'noble-1', 'osmosis-1']);
    expect(wire.txs_required).toBe(2);
    // Ethereum's finality (~19 min) + mint + one IBC packet.
    expect(wire.estimated_route_duration_seconds).toBe(1140 + 30 + 30);

    const built = messages(route);
    expect(built.txs).toHaveLength(2);
    const burn = built.txs[0]!;
    if (!('evm_tx' in burn)) throw new Error('expected an EVM transaction first');
    expect(burn.operations_indices).toEqual([0, 1]);
    const call = decodeFunctionData({ abi: TOKEN_MESSENGER_ABI, data: `0x${burn.evm_tx.data}` as Hex });
    expect(call.functionName).toBe('depositForBurn');
    expect(call.args?.[0]).toBe(100_000_000n);
    expect(call.args?.[1]).toBe(4); // Noble
    // Not the user's own Noble account: the forwarding account (src/bridges/cctp/noble-forwarding.test.ts).
    expect((call.args?.[2] as string).toLowerCase()).not.toBe(
      `0x000000000000000000000000${Buffer.from(USER_BYTES).toString('hex')}`,
    );

    const second = built.txs[1]!;
    if (!('cosmos_tx' in second)) throw new Error('expected a Cosmos transaction on Osmosis');
    expect(second.cosmos_tx.chain_id).toBe('osmosis-1');
    expect(second.operations_indices).toEqual([2]);
  });

  it('refuses it without allow_multi_tx, saying why a second transaction is needed', () => {
    const err = error(ethToOsmo);
    expect(err).toMatchObject({
      code: 5,
      message: 'no single-tx routes found, to enable multi-tx routes set allow_multi_tx to true',
    });
    expect(explanation(err)).toMatch(/2 transactions.*allow_multi_tx/);
  });

  it('OSMO → USDC on Base: swap on Osmosis, IBC to Noble in the same transaction, then burn on Noble', () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: 'uosmo',
      dest_asset_chain_id: '8453',
      dest_asset_denom: USDC_BASE,
      allow_multi_tx: true,
      allow_unsafe: true,
    });
    expect(kinds(route)).toEqual(['swap', 'transfer', 'cctp_transfer']);
    expect(route.txIndices).toEqual([0, 0, 1]);
    const built = messages(route);
    const first = built.txs[0]!;
    if (!('cosmos_tx' in first)) throw new Error('expected a Cosmos transaction');
    const exec = JSON.parse(first.cosmos_tx.msgs[0]!.msg);
    expect(first.cosmos_tx.msgs[0]!.msg_type_url).toBe('/cosmwasm.wasm.v1.MsgExecuteContract');
    expect(exec.contract).toBe(OSMOSIS_ENTRY);
    // The swap's post-swap action sends the output to Noble by IBC, to the user's own Noble account.
    const action = exec.msg.swap_and_action.post_swap_action.ibc_transfer.ibc_info;
    expect(action.receiver).toBe(userAddress(registry, 'noble-1'));
    const second = built.txs[1]!;
    if (!('cosmos_tx' in second)) throw new Error('expected the burn on Noble');
    const burn = JSON.parse(second.cosmos_tx.msgs[0]!.msg);
    expect(second.cosmos_tx.msgs[0]!.msg_type_url).toBe('/circle.cctp.v1.MsgDepositForBurn');
    expect(burn.destination_domain).toBe(6);
    // The burn commits to what the swap guarantees (its minimum after slippage), not to the estimate.
    expect(BigInt(burn.amount)).toBe(built.minAmountOut);
    expect(BigInt(burn.amount) < route.amountOut).toBe(true);
  });

  it('USDC of Noble held on Osmosis → USDC on Ethereum: IBC back to Noble, then the burn', () => {
    const route = plan({
      source_asset_chain_id: 'osmosis-1',
      source_asset_denom: USDC_ON_OSMOSIS,
      dest_asset_chain_id: '1',
      dest_asset_denom: USDC_ETHEREUM,
      allow_multi_tx: true,
    });
    expect(kinds(route)).toEqual(['transfer', 'cctp_transfer']);
    expect(route.amountOut).toBe(100_000_000n);
  });

  it('exact out across CCTP and a swap: solved backwards from the amount asked for', () => {
    const route = plan({
      ...ethToOsmo,
      amount_in: undefined,
      amount_out: '5000000',
      allow_multi_tx: true,
      allow_unsafe: true,
    });
    expect(kinds(route)).toEqual(['cctp_transfer', 'transfer', 'swap']);
    expect(route.amountOut).toBe(5_000_000n);
    expect(route.steps[0]!.amountIn).toBe(route.steps[2]!.amountIn);
  });

  it('names the excluded bridge when the only route needs it', () => {
    const err = error({
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: USDC_ETHEREUM,
      bridges: ['IBC'],
    });
    expect(err).toMatchObject({ code: 5, message: 'no routes found' });
    expect(explanation(err)).toMatch(/needs the CCTP bridge, which the request excludes/);
  });

  it('names the missing lane when nothing connects two assets', () => {
    // stETH: no bridge carries it (WETH now crosses over Axelar).
    const STETH = '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84';
    const err = error({
      source_asset_chain_id: '1',
      source_asset_denom: STETH,
      dest_asset_chain_id: 'cosmoshub-4',
      dest_asset_denom: 'uatom',
    });
    expect(explanation(err)).toMatch(/no bridge lane or enabled swap venue connects/);
  });

  it('CCTP is single-transaction between any two CCTP chains, and picks the direct lane (V2 where both ends have it)', () => {
    for (const [from, denom, kind] of [
      ['solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'cctp_transfer_v2'],
      ['43114', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', 'cctp_transfer_v2'],
      ['noble-1', 'uusdc', 'cctp_transfer'],
    ] as const) {
      const route = plan({
        source_asset_chain_id: from,
        source_asset_denom: denom,
        dest_asset_chain_id: '8453',
        dest_asset_denom: USDC_BASE,
      });
      expect(kinds(route)).toEqual([kind]);
      expect(route.txIndices).toEqual([0]);
    }
  });
});
