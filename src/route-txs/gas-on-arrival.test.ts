/**
 * Gas on arrival through /msgs_direct (messagesDirectFor, without HTTP): the user's gas balance on the destination
 * decides (none: delivered; some: not needed; no answer in time: delivered, balance unchecked), and when delivered the
 * route's first transaction carries the slice's message beside its own. The messages are decoded: two MsgTransfers
 * from Noble, the route's with the rest of the USDC to the user on Osmosis, the slice's with an IBC-hooks memo that
 * calls Osmosis' entry point to swap into OSMO and hand it to the same user.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { USDC_ON_OSMOSIS, userAddress } from '../test-helpers/registry.js';
import type { MsgsDirectRequest } from '../wire/msgs.js';
import { messagesDirectFor, messagesFor, type MessagesContext } from './msgs.js';
import { testMessagesContext } from './test-helpers/messages-context.js';

const app = buildContext(loadConfig([], {}));
const { registry } = app;
const NOW = Date.UTC(2026, 10, 26);
const NOBLE = userAddress(registry, 'noble-1');
const OSMO_USER = userAddress(registry, 'osmosis-1');

/** The user's balance of a denom on a chain, as the chains' clients would read it (ctx.gas.chains). */
type BalanceOf = (chainId: string, address: string, denom: string) => Promise<bigint>;

function context(gasBalance?: BalanceOf): MessagesContext {
  return testMessagesContext(app, NOW, {
    solanaBlockhash: { latest: () => Promise.reject(new Error('not asked')) },
    gas: {
      ...(gasBalance
        ? { chains: { balanceReader: () => (c, a, d) => gasBalance(c, a, d), nodes: { has: () => false } } }
        : {}),
      balanceTimeoutMs: 50,
    },
  });
}

const request: MsgsDirectRequest = {
  source_asset_chain_id: 'noble-1',
  source_asset_denom: 'uusdc',
  dest_asset_chain_id: 'osmosis-1',
  dest_asset_denom: USDC_ON_OSMOSIS,
  amount_in: '100000000',
  chain_ids_to_addresses: { 'noble-1': NOBLE, 'osmosis-1': OSMO_USER },
  junction_gas_on_arrival: true,
};
const anonymous = { tier: 'anonymous' as const };

interface MsgTransferJson {
  source_channel: string;
  token: { denom: string; amount: string };
  sender: string;
  receiver: string;
  memo?: string;
}

describe('gas on arrival in /msgs_direct', () => {
  it('the user holds no OSMO: the first transaction carries the slice, swapped into OSMO on arrival', async () => {
    const asked: string[] = [];
    const answer = await messagesDirectFor(
      context(async (chainId, address, denom) => {
        asked.push(`${chainId} ${address} ${denom}`);
        return 0n;
      }),
      request,
      anonymous,
    );
    expect(asked).toEqual([`osmosis-1 ${OSMO_USER} uosmo`]);
    const gas = answer.route.junction_gas_on_arrival!;
    expect(gas).toMatchObject({ delivered: true, balance_checked: true, denom: 'uosmo', tx_index: 0 });
    expect(answer.txs).toHaveLength(1);
    const tx = answer.txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('expected a Cosmos transaction');
    expect(tx.cosmos_tx).toMatchObject({ chain_id: 'noble-1', signer_address: NOBLE });
    expect(tx.cosmos_tx.msgs.map((m) => m.msg_type_url)).toEqual([
      '/ibc.applications.transfer.v1.MsgTransfer',
      '/ibc.applications.transfer.v1.MsgTransfer',
    ]);
    const [main, slice] = tx.cosmos_tx.msgs.map((m) => JSON.parse(m.msg) as MsgTransferJson);
    // The route's own transfer: the rest of the USDC, straight to the user on Osmosis.
    expect(main!.token).toEqual({ denom: 'uusdc', amount: '99750000' });
    expect(main!.receiver).toBe(OSMO_USER);
    expect(main!.memo ?? '').toBe(''); // proto JSON omits an empty memo
    // The slice: 0.25 USDC to Osmosis' entry point, which swaps it into OSMO and sends that to the user.
    expect(slice!.token).toEqual({ denom: 'uusdc', amount: gas.amount_in });
    expect(slice!.sender).toBe(NOBLE);
    expect(slice!.source_channel).toBe(main!.source_channel);
    const entryPoint = registry.chain('osmosis-1')!.entryPoint!.entryPoint;
    expect(slice!.receiver).toBe(entryPoint);
    const memo = JSON.parse(slice!.memo!) as { wasm: { contract: string; msg: Record<string, unknown> } };
    expect(memo.wasm.contract).toBe(entryPoint);
    const action = memo.wasm.msg.swap_and_action as {
      min_asset: { native: { denom: string; amount: string } };
      post_swap_action: { transfer: { to_address: string } };
    };
    expect(action.min_asset.native.denom).toBe('uosmo');
    expect(BigInt(action.min_asset.native.amount)).toBeGreaterThan(0n);
    expect(BigInt(action.min_asset.native.amount)).toBeLessThanOrEqual(BigInt(gas.amount_out!));
    expect(action.post_swap_action.transfer.to_address).toBe(OSMO_USER);
    // A transaction of several messages has no entry in the deprecated msgs list (as the relayed Noble burn).
    expect(answer.msgs).toHaveLength(0);
  });

  it("USDC Noble → Neutron: the slice swaps into NTRN through Neutron's entry point", async () => {
    const usdcOnNeutron = [...registry.listedAssets('neutron-1')].find(
      (a) => a.wire.origin_chain_id === 'noble-1' && a.wire.origin_denom === 'uusdc',
    )!.wire.denom;
    const neutronUser = userAddress(registry, 'neutron-1');
    const answer = await messagesDirectFor(
      context(async () => 0n),
      {
        ...request,
        dest_asset_chain_id: 'neutron-1',
        dest_asset_denom: usdcOnNeutron,
        chain_ids_to_addresses: { 'noble-1': NOBLE, 'neutron-1': neutronUser },
      },
      anonymous,
    );
    expect(answer.route.junction_gas_on_arrival).toMatchObject({ delivered: true, denom: 'untrn' });
    const tx = answer.txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('expected a Cosmos transaction');
    const [main, slice] = tx.cosmos_tx.msgs.map((m) => JSON.parse(m.msg) as MsgTransferJson);
    expect(main!.receiver).toBe(neutronUser);
    const entryPoint = registry.chain('neutron-1')!.entryPoint!.entryPoint;
    const memo = JSON.parse(slice!.memo!) as { wasm: { contract: string; msg: Record<string, unknown> } };
    expect(memo.wasm.contract).toBe(entryPoint);
    const action = memo.wasm.msg.swap_and_action as {
      user_swap: { swap_exact_asset_in: { swap_venue_name: string } };
      min_asset: { native: { denom: string } };
      post_swap_action: { transfer: { to_address: string } };
    };
    expect(action.user_swap.swap_exact_asset_in.swap_venue_name).toBe('neutron-astroport');
    expect(action.min_asset.native.denom).toBe('untrn');
    expect(action.post_swap_action.transfer.to_address).toBe(neutronUser);
  });

  it("/msgs with the route's operations and the option builds the same transaction; without it, the route alone", async () => {
    const ctx = context(async () => 0n);
    const direct = await messagesDirectFor(ctx, request, anonymous);
    const r = direct.route;
    const body = {
      source_asset_chain_id: r.source_asset_chain_id,
      source_asset_denom: r.source_asset_denom,
      dest_asset_chain_id: r.dest_asset_chain_id,
      dest_asset_denom: r.dest_asset_denom,
      amount_in: r.amount_in,
      amount_out: r.amount_out,
      address_list: r.required_chain_addresses.map((c) => request.chain_ids_to_addresses[c]!),
      operations: r.operations,
    };
    const withGas = await messagesFor(ctx, { ...body, junction_gas_on_arrival: true }, anonymous);
    expect(withGas.junction_gas_on_arrival).toMatchObject({ delivered: true, amount_in: '250000' });
    expect(withGas.txs).toEqual(direct.txs);
    const plain = await messagesFor(ctx, body, anonymous);
    expect(plain.junction_gas_on_arrival).toBeUndefined();
    const tx = plain.txs[0]!;
    if (!('cosmos_tx' in tx)) throw new Error('expected a Cosmos transaction');
    expect(tx.cosmos_tx.msgs).toHaveLength(1);
    expect((JSON.parse(tx.cosmos_tx.msgs[0]!.msg) as MsgTransferJson).token.amount).toBe('100000000');
  });

  it('the user already holds OSMO: nothing is added and the answer says so', async () => {
    const answer = await messagesDirectFor(
      context(async () => 5n),
      request,
      anonymous,
    );
    const gas = answer.route.junction_gas_on_arrival!;
    expect(gas).toMatchObject({ delivered: false, balance_checked: true });
    expect(gas.reason).toMatch(/^not needed: .* holds 5 uosmo on osmosis-1$/);
    const tx = answer.txs[0]!;
    expect('cosmos_tx' in tx && tx.cosmos_tx.msgs).toHaveLength(1);
    expect(answer.route.amount_in).toBe(answer.route.amount_out);
  });

  it('the node does not answer in time (or fails): delivered as asked, balance_checked false', async () => {
    for (const gasBalance of [() => new Promise<bigint>(() => {}), () => Promise.reject(new Error('node down'))]) {
      const answer = await messagesDirectFor(context(gasBalance), request, anonymous);
      expect(answer.route.junction_gas_on_arrival).toMatchObject({ delivered: true, balance_checked: false });
      const tx = answer.txs[0]!;
      expect('cosmos_tx' in tx && tx.cosmos_tx.msgs).toHaveLength(2);
    }
  });
});
