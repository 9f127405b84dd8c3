/**
 * CCTP's smart-relayed forms into and out of Noble (smart_relay, the default): Junction's transactions equal the
 * captured Skip responses for the same requests (test/fixtures/skip-go-api, see SOURCES.md there) at today's relayer
 * and fee, the SMART_RELAY fee entries add up (what the user signs for = amount delivered + fee), and smart_relay: false
 * gives the plain burn.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData } from 'viem';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';
import { CCTP_RELAYER_ABI } from './evm.js';
import { cctpConfig } from './config.js';
import { relayedIntoNoble } from './test-helpers/relayed.js';

interface Fixture {
  request: Record<string, unknown>;
  response: { body: { txs: unknown[]; route: { amount_in: string; estimated_amount_out: string } } };
}
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(new URL(`../../../test/fixtures/skip-go-api/${name}.json`, import.meta.url), 'utf8'),
  ) as Fixture;

/** The Ethereum CCTPRelayer proxy Skip's 2024 answers called (the captures). */
const RELAYER_2024 = '0xBC8552339dA68EB65C8b88B414B5854E0E366cFc';
/** Junction's fee out of Noble into Ethereum (data/smart-relay-fees.json cctp.noble_to_evm): 1 USDC. */
const NOBLE_TO_ETHEREUM_FEE = 1_000_000n;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('CCTP smart relay', () => {
  /**
   * Skip's answers as captured, brought to today: Skip's relayer on Ethereum is no longer the 2024 proxy of the capture
   * (data/contracts.json cctp.skip_relayer), and the fee out of Noble into Ethereum is no longer the 40 USDC Skip
   * quoted at 2024 gas but data/smart-relay-fees.json's 1 USDC (Skip quoted 88934 uusdc in August 2026, see its
   * _source): the same burn of the amount less that fee, and the same bank send of the fee.
   */
  const today = (fx: Fixture) => {
    const txs = JSON.parse(
      JSON.stringify(fx.response.body.txs).replaceAll(RELAYER_2024, cctpConfig().relay.relayer.get('1')!),
    ) as { cosmos_tx?: { msgs: { msg: string }[] } }[];
    const msgs = txs[0]?.cosmos_tx?.msgs;
    if (msgs) {
      const [burn, send] = msgs.map((m) => JSON.parse(m.msg) as Record<string, unknown>) as [
        { amount: string },
        { amount: { amount: string }[] },
      ];
      burn.amount = String(BigInt(fx.response.body.route.amount_in) - NOBLE_TO_ETHEREUM_FEE);
      send.amount[0]!.amount = String(NOBLE_TO_ETHEREUM_FEE);
      msgs[0]!.msg = JSON.stringify(burn);
      msgs[1]!.msg = JSON.stringify(send);
    }
    return txs;
  };

  it.each(['msgs_direct-ethereum-usdc-to-noble-cctp', 'msgs_direct-noble-to-ethereum-cctp'])(
    "%s: the transactions Skip returned (at today's fee and relayer), and fees that add up",
    async (name) => {
      const fx = fixture(name);
      // Over CCTP, as Skip answered; into Noble the relayed form is an alternative (the free burn comes first).
      const intoNoble = fx.request.dest_asset_chain_id === 'noble-1';
      const res = intoNoble
        ? null
        : await post(t.app, '/v2/fungible/msgs_direct', { ...fx.request, bridges: ['CCTP'] });
      if (res) expect(res.statusCode, res.body).toBe(200);
      const body = res ? res.json() : await relayedIntoNoble(t.app, fx.request as never);
      expect(body.txs).toEqual(today(fx));
      // The deprecated top-level msgs too: the EVM burn as its one entry, none for the two-message Noble burn.
      const evmMsgs = (fx.response.body as { msgs?: unknown[] }).msgs;
      expect(body.msgs).toEqual(
        evmMsgs?.length
          ? JSON.parse(JSON.stringify(evmMsgs).replaceAll(RELAYER_2024, cctpConfig().relay.relayer.get('1')!))
          : evmMsgs,
      );
      expect(body.route.amount_in).toBe(fx.response.body.route.amount_in);
      const fromNoble = fx.request.source_asset_chain_id === 'noble-1';
      expect(body.route.estimated_amount_out).toBe(
        fromNoble
          ? String(BigInt(fx.response.body.route.amount_in) - NOBLE_TO_ETHEREUM_FEE)
          : fx.response.body.route.estimated_amount_out,
      );
      const fees = body.route.estimated_fees;
      expect(fees).toHaveLength(1);
      expect(fees[0]).toMatchObject({
        fee_type: 'SMART_RELAY',
        bridge_id: 'CCTP',
        chain_id: fx.request.source_asset_chain_id,
        tx_index: 0,
        operation_index: 0,
        fee_behavior: 'FEE_BEHAVIOR_DEDUCTED',
      });
      expect(fees[0].origin_asset.denom).toBe(fx.request.source_asset_denom);
      // Priced as Skip priced it (USDC at one dollar): "0.36" as captured; "1.00" where Skip's 2024 answer said "40.00".
      const skipFees = (fx.response.body.route as unknown as { estimated_fees: { usd_amount: string }[] })
        .estimated_fees;
      expect(fees[0].usd_amount).toBe(fromNoble ? '1.00' : skipFees[0]!.usd_amount);
      expect(BigInt(body.route.amount_in)).toBe(BigInt(body.route.estimated_amount_out) + BigInt(fees[0].amount));
      expect(body.route.operations[0].cctp_transfer.smart_relay).toBe(true);
    },
  );

  it('100 USDC from Noble to Ethereum goes straight over CCTP, relayed for 1 USDC, not through an L2', async () => {
    // At the 2024 fee (40 USDC) it went through OP Mainnet and Stargate in two transactions, or found no route in one.
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount_in: '100000000',
      allow_multi_tx: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const route = res.json();
    expect(route.chain_ids).toEqual(['noble-1', '1']);
    expect(route.operations).toHaveLength(1);
    expect(route.operations[0].cctp_transfer.smart_relay).toBe(true);
    expect(route.estimated_amount_out).toBe('99000000');
  });

  it('Ethereum to Noble: the relayer pulls burn + fee (approval), burns the delivered amount, pays itself the fee', async () => {
    const { route, txs } = (await relayedIntoNoble(
      t.app,
      fixture('msgs_direct-ethereum-usdc-to-noble-cctp').request as never,
    )) as unknown as {
      route: { estimated_amount_out: string; estimated_fees: { amount: string }[] };
      txs: { evm_tx: { data: string; required_erc20_approvals: { amount: string }[] } }[];
    };
    const tx = txs[0]!.evm_tx;
    const call = decodeFunctionData({ abi: CCTP_RELAYER_ABI, data: `0x${tx.data}` });
    if (call.functionName !== 'requestCCTPTransferWithCaller') throw new Error(call.functionName);
    const [transferAmount, domain, , , feeAmount] = call.args;
    expect(domain).toBe(4);
    expect(transferAmount).toBe(BigInt(route.estimated_amount_out));
    expect(feeAmount).toBe(BigInt(route.estimated_fees[0]!.amount));
    expect(BigInt(tx.required_erc20_approvals[0]!.amount)).toBe(transferAmount + feeAmount);
  });

  it('Noble to Ethereum: the burn + the fee bank send = the amount the user signs for', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      ...fixture('msgs_direct-noble-to-ethereum-cctp').request,
      bridges: ['CCTP'],
    });
    const { route, txs } = res.json();
    const [burn, send] = txs[0].cosmos_tx.msgs.map((m: { msg: string }) => JSON.parse(m.msg));
    expect(BigInt(burn.amount) + BigInt(send.amount[0].amount)).toBe(BigInt(route.amount_in));
  });

  it('smart_relay: false gives the unrelayed burn through the TokenMessenger, with no fee', async () => {
    const req = { ...fixture('msgs_direct-ethereum-usdc-to-noble-cctp').request, smart_relay: false };
    const { route, txs } = (await post(t.app, '/v2/fungible/msgs_direct', req)).json();
    expect(txs[0].evm_tx.to).toBe('0xBd3fa81B58Ba92a82136038B25aDec7066af3155');
    expect(route.estimated_fees).toEqual([]);
    expect(route.estimated_amount_out).toBe(route.amount_in);
    expect(route.operations[0].cctp_transfer.smart_relay).toBe(false);
  });

  it("Ethereum to Noble with smart_relay on is the free burn Noble's relayers mint, not Skip's relayer for a fee", async () => {
    const res = await post(
      t.app,
      '/v2/fungible/msgs_direct',
      fixture('msgs_direct-ethereum-usdc-to-noble-cctp').request,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { route, txs } = res.json();
    expect(route.operations).toHaveLength(1);
    expect(route.operations[0].cctp_transfer.smart_relay).toBe(false);
    expect(route.estimated_fees).toEqual([]);
    expect(route.estimated_amount_out).toBe(route.amount_in);
    // Circle's TokenMessenger, not Skip's CCTPRelayer.
    expect(txs[0].evm_tx.to).toBe(cctpConfig().tokenMessenger.get('1'));
  });

  it("lanes into Noble without Skip's relayer (Base to Noble) stay unrelayed with smart_relay on: Noble's relayers mint", async () => {
    const res = await post(t.app, '/v2/fungible/route', {
      source_asset_chain_id: '8453',
      source_asset_denom: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '5000000',
      smart_relay: true,
      bridges: ['CCTP'],
    });
    expect(res.json().operations[0].cctp_transfer.smart_relay).toBe(false);
    expect(res.json().estimated_fees).toEqual([]);
  });

  it('Noble to Solana, which nobody mints for the user, is offered only with smart_relay false', async () => {
    const req = {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: 'solana',
      dest_asset_denom: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      amount_in: '5000000',
      bridges: ['CCTP'],
    };
    const relayed = await post(t.app, '/v2/fungible/route', req);
    expect(relayed.statusCode).toBe(404);
    expect(JSON.stringify(relayed.json())).toContain('nobody mints CCTP transfers on solana');
    const unrelayed = await post(t.app, '/v2/fungible/route', { ...req, smart_relay: false });
    expect(unrelayed.statusCode, unrelayed.body).toBe(200);
    expect(unrelayed.json().operations[0].cctp_transfer.smart_relay).toBe(false);
  });

  it('an amount that does not cover the relaying fee is refused, naming the fee and the way out', async () => {
    const req = { ...fixture('msgs_direct-noble-to-ethereum-cctp').request, amount_in: '900000', bridges: ['CCTP'] };
    const res = await post(t.app, '/v2/fungible/route', req);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).toContain('does not cover the CCTP relaying fee of 1000000');
  });
});
