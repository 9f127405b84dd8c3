/**
 * The engine's /msgs and /msgs_direct entries without HTTP: the Solana blockhash is asked for only when a transaction
 * of the route starts on Solana, and the echoed operations of a route give the transactions of the direct call.
 */
import { Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { userAddress } from '../test-helpers/registry.js';
import { messagesDirectFor, messagesFor } from './msgs.js';
import { testMessagesContext } from './test-helpers/messages-context.js';

const app = buildContext(loadConfig([], {}));
const { registry } = app;
/** A recent blockhash as Solana's getLatestBlockhash returns it (solana.com/docs/rpc/http/getlatestblockhash). */
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const NOW = Date.UTC(2026, 10, 21);

const context = (blockhash: () => Promise<string>) =>
  testMessagesContext(app, NOW, { solanaBlockhash: { latest: blockhash } });

const anonymous = { tier: 'anonymous' as const };

describe('messagesFor / messagesDirectFor', () => {
  it('asks for a Solana blockhash only for a route whose transaction starts on Solana', async () => {
    let asked = 0;
    const ctx = context(async () => {
      asked++;
      return BLOCKHASH;
    });
    await messagesDirectFor(
      ctx,
      {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2',
        amount_in: '1000000',
        chain_ids_to_addresses: {
          'cosmoshub-4': userAddress(registry, 'cosmoshub-4'),
          'osmosis-1': userAddress(registry, 'osmosis-1'),
        },
      },
      anonymous,
    );
    expect(asked).toBe(0);
    const solana = await messagesDirectFor(
      ctx,
      {
        source_asset_chain_id: 'solana',
        source_asset_denom: USDC_SOLANA,
        dest_asset_chain_id: 'noble-1',
        dest_asset_denom: 'uusdc',
        amount_in: '250000000',
        chain_ids_to_addresses: { solana: OWNER, 'noble-1': userAddress(registry, 'noble-1') },
      },
      anonymous,
    );
    expect(asked).toBe(1);
    const svm = (solana.txs[0] as { svm_tx: { tx: string } }).svm_tx;
    expect(Transaction.from(Buffer.from(svm.tx, 'base64')).recentBlockhash).toBe(BLOCKHASH);
  });

  it('tells the caller the quote context and the figures of the quote it made', async () => {
    const seen: string[] = [];
    await messagesDirectFor(
      context(() => Promise.reject(new Error('not a Solana route'))),
      {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        amount_in: '1000000',
        chain_ids_to_addresses: {
          'cosmoshub-4': userAddress(registry, 'cosmoshub-4'),
          'osmosis-1': userAddress(registry, 'osmosis-1'),
        },
      },
      {
        tier: 'anonymous',
        onMarket: (qc) => seen.push(`market ${qc.market.version}`),
        onQuote: (figures) => seen.push(`quote ${figures.usdVolume !== undefined}`),
      },
    );
    expect(seen).toEqual([`market ${app.market().version}`, 'quote true']);
  });

  it('the operations of the direct answer, echoed, give the same transactions', async () => {
    const ctx = context(async () => BLOCKHASH);
    const addresses = {
      'cosmoshub-4': userAddress(registry, 'cosmoshub-4'),
      'osmosis-1': userAddress(registry, 'osmosis-1'),
    };
    const direct = await messagesDirectFor(
      ctx,
      {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'osmosis-1',
        dest_asset_denom: 'uosmo',
        amount_in: '1000000',
        chain_ids_to_addresses: addresses,
      },
      anonymous,
    );
    const { route } = direct;
    const echoed = await messagesFor(
      ctx,
      {
        source_asset_chain_id: route.source_asset_chain_id,
        source_asset_denom: route.source_asset_denom,
        dest_asset_chain_id: route.dest_asset_chain_id,
        dest_asset_denom: route.dest_asset_denom,
        amount_in: route.amount_in,
        amount_out: route.estimated_amount_out,
        address_list: route.required_chain_addresses.map((c) => addresses[c as keyof typeof addresses]),
        operations: route.operations,
      },
      anonymous,
    );
    expect(echoed.txs).toEqual(direct.txs);
    expect(echoed.min_amount_out).toBe(direct.min_amount_out);
  });
});
