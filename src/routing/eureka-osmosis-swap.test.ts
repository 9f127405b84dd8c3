/**
 * WBTC from Ethereum over IBC Eureka to the Hub, on to Osmosis, and swapped there on the shipped pool snapshot.
 *
 * The Eureka WBTC voucher on Osmosis (trace transfer/channel-0/transfer/08-wasm-1369) is held by one pool only: the
 * allBTC alloyed transmuter (pool 1868, data/pools/osmosis-1.json, recorded 2026-07-21). It swaps the voucher 1:1
 * (all its BTC assets have 8 decimals, normalization factor 10^8) for the alloyed denom allBTC or another backing
 * asset, and back, the voucher side capped by the pool's balance of it (15435803 sats recorded).
 */
import { describe, expect, it } from 'vitest';
import { decodeFunctionData } from 'viem';
import { buildMessages } from '../route-txs/build.js';
import { EUREKA_HANDLER_ABI } from '../bridges/eureka/abi.js';
import { USDC_ON_OSMOSIS, userAddress } from '../test-helpers/registry.js';
import { requiredChainAddresses } from './assemble.js';
import { parseRouteQuery, type RouteRequestFields } from './query.js';
import { quoteRoute } from './quote.js';
import { apiErrorOf } from '../test-helpers/api-error.js';
import { scanContext } from '../test-helpers/route-scan.js';

/** The shipped registry and market, every bridge, the default thresholds, a fixed request time. */
const ctx = scanContext(Date.UTC(2026, 10, 21));
const { registry, market } = ctx;

const WBTC = '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599';
const WBTC_ON_HUB = 'ibc/D742E8566B0B8CC8F569D950051C09CF57988A88F0E45574BFB3079D41DE6462';
const WBTC_ON_OSMOSIS = 'ibc/88386AC48152D48B34B082648DF836F975506F0B57DBBFC10A54213B1BF484CB';
const ALL_BTC = 'factory/osmo1z6r6qdknhgsc0zeracktgpcxf43j6sekq07nw8sxduc9lg0qjjlqfu25e3/alloyed/allBTC';
const WBTC_AXL_ON_OSMOSIS = 'ibc/D1542AA8762DB13087D8364F3EA6509FD6F009A34F00426AF9E4F9FA85CBBF1F';
const VOUCHER_HELD = 15_435_803n;

type Req = Partial<RouteRequestFields> & Pick<RouteRequestFields, 'dest_asset_denom'>;
const quote = (req: Req) =>
  quoteRoute(
    ctx,
    parseRouteQuery(registry, {
      source_asset_chain_id: '1',
      source_asset_denom: WBTC,
      dest_asset_chain_id: 'osmosis-1',
      amount_in: '1000000',
      // Eureka and IBC only: Axelar also carries WBTC from Ethereum to Osmosis (WBTC.axl) in one transaction.
      bridges: ['EUREKA', 'IBC'],
      ...req,
    }),
  );
const kinds = (route: { operations: object[] }) =>
  route.operations.map((o) => Object.keys(o).find((k) => !['tx_index', 'amount_in', 'amount_out'].includes(k)));
const swapOps = (route: { operations: object[] }) =>
  route.operations.flatMap((o) =>
    'swap' in o
      ? (o as { swap: { swap_in: { swap_operations: { pool: string; denom_in: string; denom_out: string }[] } } }).swap
          .swap_in.swap_operations
      : [],
  );

describe('WBTC on Ethereum → the Hub → a swap on Osmosis (allBTC transmuter)', () => {
  it('to allBTC: Eureka transfer, IBC transfer, swap on pool 1868 at 1:1 less the taker fee, one transaction', () => {
    const { route } = quote({ dest_asset_denom: ALL_BTC });
    expect(kinds(route)).toEqual(['eureka_transfer', 'transfer', 'swap']);
    expect(route.chain_ids).toEqual(['1', 'cosmoshub-4', 'osmosis-1']);
    expect(route.txs_required).toBe(1);
    expect(route.operations.every((o) => o.tx_index === 0)).toBe(true);
    expect(route.does_swap).toBe(true);
    expect(swapOps(route)).toEqual([{ pool: '1868', denom_in: WBTC_ON_OSMOSIS, denom_out: ALL_BTC, interface: null }]);
    // Relayed by Skip (smart_relay defaults to true): 400 sats of relay fee (data/smart-relay-fees.json), then 1:1
    // between equal normalization factors less Osmosis' default taker fee of 0.1% (no recorded pair-specific rate for
    // the Eureka voucher, see data/pools/osmosis-taker-fees.json): 999600 − 999.6 → 998600.
    expect(route.estimated_fees.map((f) => [f.fee_type, f.amount])).toEqual([['SMART_RELAY', '400']]);
    expect(route.amount_out).toBe('998600');
  });

  it('to another backing asset of the alloy (WBTC.axl): the same pool, one hop', () => {
    const { route } = quote({ dest_asset_denom: WBTC_AXL_ON_OSMOSIS });
    expect(route.txs_required).toBe(1);
    expect(swapOps(route)).toEqual([
      { pool: '1868', denom_in: WBTC_ON_OSMOSIS, denom_out: WBTC_AXL_ON_OSMOSIS, interface: null },
    ]);
  });

  it('exact out: buys at least the requested allBTC', () => {
    const q = quote({ dest_asset_denom: ALL_BTC, amount_in: undefined, amount_out: '500000' });
    expect(BigInt(q.route.amount_out)).toBeGreaterThanOrEqual(500_000n);
    expect(BigInt(q.route.amount_in)).toBe(500_901n); // ceil(500000 / 0.999) + the 400 sats relay fee
  });

  it('the reverse leg out of allBTC into the voucher is capped by the pool’s voucher balance', () => {
    const back = (amount: bigint) =>
      quoteRoute(
        ctx,
        parseRouteQuery(registry, {
          source_asset_chain_id: 'osmosis-1',
          source_asset_denom: ALL_BTC,
          dest_asset_chain_id: 'osmosis-1',
          dest_asset_denom: WBTC_ON_OSMOSIS,
          amount_in: amount.toString(),
        }),
      );
    expect(swapOps(back(1_000_000n).route)).toEqual([
      { pool: '1868', denom_in: ALL_BTC, denom_out: WBTC_ON_OSMOSIS, interface: null },
    ]);
    const pool = market.venues.find((v) => v.venue.name === 'osmosis-poolmanager')!.pool('1868')!;
    expect(pool.exactOut(ALL_BTC, WBTC_ON_OSMOSIS, VOUCHER_HELD - 10n)).toBeDefined();
    expect(pool.exactOut(ALL_BTC, WBTC_ON_OSMOSIS, VOUCHER_HELD + 1n)).toBeUndefined();
    expect(pool.exactIn(ALL_BTC, WBTC_ON_OSMOSIS, VOUCHER_HELD * 2n)).toBeUndefined();
    // Past the cap no swap on Osmosis delivers the voucher, and a route never leaves Osmosis to come back to it.
    expect(apiErrorOf(() => back(VOUCHER_HELD * 2n)).reason).toBe('NO_ROUTE');
  });

  it('the message decodes: sendTransfer over cosmoshub-0 whose memo forwards to Osmosis, where the entry point swaps on pool 1868', () => {
    const q = quote({ dest_asset_denom: ALL_BTC });
    const addresses = new Map(requiredChainAddresses(q.planned).map((c) => [c, userAddress(registry, c)]));
    const built = buildMessages(registry, q.planned, addresses, { nowMs: ctx.nowMs, timeoutSeconds: 300 });
    expect(built.txs).toHaveLength(1);
    const tx = built.txs[0]!;
    if (!('evm_tx' in tx)) throw new Error('evm tx expected');
    expect(tx.evm_tx.chain_id).toBe('1');
    expect(tx.evm_tx.required_erc20_approvals).toEqual([
      { token_contract: WBTC, spender: tx.evm_tx.to, amount: '1000000' },
    ]);
    // Relayed: Skip's EurekaHandler pulls amount + fee and pays the fee to Skip's relayer (smart-relay-fees.json). The
    // handler is the proxy Skip's August 2026 answers call, not the retired 2025 one (contracts.json _source).
    expect(tx.evm_tx.to).toBe('0x47a4b9F949E98a49Be500753c19a8f9c9d6b7689');
    const call = decodeFunctionData({ abi: EUREKA_HANDLER_ABI, data: `0x${tx.evm_tx.data}` });
    expect(call.functionName).toBe('transfer');
    const [amount, msg, fees] = call.args as unknown as [
      bigint,
      { token: string; sourceClient: string; memo: string },
      { relayFee: bigint; relayFeeRecipient: string },
    ];
    expect(amount).toBe(1_000_000n - 400n);
    expect(msg).toMatchObject({ token: WBTC, sourceClient: 'cosmoshub-0' });
    expect(fees).toMatchObject({ relayFee: 400n, relayFeeRecipient: '0x33C4DaD158F1E2cCF97bF17d1574d5b7b9f43002' });
    // On the Hub, the entry point forwards the voucher to Osmosis over channel-141 with a memo for Osmosis' entry point.
    const hub = JSON.parse(msg.memo) as {
      wasm: {
        msg: {
          action: {
            action: { ibc_transfer: { ibc_info: { source_channel: string; receiver: string; memo: string } } };
          };
        };
      };
    };
    const info = hub.wasm.msg.action.action.ibc_transfer.ibc_info;
    expect(info.source_channel).toBe('channel-141');
    const osmosisEntry = registry.chain('osmosis-1')!.entryPoint!.entryPoint;
    expect(info.receiver).toBe(osmosisEntry);
    const osmo = JSON.parse(info.memo) as {
      wasm: {
        contract: string;
        msg: {
          swap_and_action: { user_swap: { swap_exact_asset_in: { swap_venue_name: string; operations: unknown[] } } };
        };
      };
    };
    expect(osmo.wasm.contract).toBe(osmosisEntry);
    expect(osmo.wasm.msg.swap_and_action.user_swap.swap_exact_asset_in).toMatchObject({
      swap_venue_name: 'osmosis-poolmanager',
      operations: [{ pool: '1868', denom_in: WBTC_ON_OSMOSIS, denom_out: ALL_BTC }],
    });
  });

  it('from the Hub voucher directly: one IBC transfer with the swap on arrival', () => {
    const q = quoteRoute(
      ctx,
      parseRouteQuery(registry, {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: WBTC_ON_HUB,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: ALL_BTC,
        amount_in: '1000000',
      }),
    );
    expect(kinds(q.route)).toEqual(['transfer', 'swap']);
    expect(q.route.txs_required).toBe(1);
    expect(swapOps(q.route)[0]!.pool).toBe('1868');
  });

  it('WBTC on Ethereum reaches USDC on Osmosis through 1868 and an allBTC/USDC pool in one swap', () => {
    // allBTC/USDC 1942 and 1943: concentrated pools recorded with their tick models (data/pools/osmosis-1.json).
    const q = quoteRoute(
      ctx,
      parseRouteQuery(registry, {
        source_asset_chain_id: '1',
        source_asset_denom: WBTC,
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: USDC_ON_OSMOSIS,
        amount_in: '1000000',
        bridges: ['EUREKA', 'IBC'],
      }),
    );
    expect(kinds(q.route)).toEqual(['eureka_transfer', 'transfer', 'swap']);
    expect(q.route.txs_required).toBe(1);
    const [intoAlloy, toUsdc] = swapOps(q.route);
    expect(intoAlloy).toEqual({ pool: '1868', denom_in: WBTC_ON_OSMOSIS, denom_out: ALL_BTC, interface: null });
    expect(['1942', '1943']).toContain(toUsdc!.pool);
    expect(toUsdc).toMatchObject({ denom_in: ALL_BTC, denom_out: USDC_ON_OSMOSIS });
    // 0.01 BTC at ~68,000 USDC/BTC (the shipped price), less the pool's fee, the taker fee and impact.
    expect(Number(q.route.amount_out) / 1e6).toBeGreaterThan(670);
    expect(Number(q.route.amount_out) / 1e6).toBeLessThan(681);
  });
});
