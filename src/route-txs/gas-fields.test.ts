/**
 * The gas fields of the engine's /msgs_direct entry without HTTP or nodes: a Solana transaction's estimate is the
 * table's fee per signature plus the priority fee; an EVM one without nodes is the table's approval plus the bridge
 * call; with enable_gas_warnings and no chain clients every balance is unreadable (never guessed) and no warning is
 * made up.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { gasTable } from '../routing/gas/table.js';
import { userAddress } from '../test-helpers/registry.js';
import { messagesDirectFor } from './msgs.js';
import { testMessagesContext } from './test-helpers/messages-context.js';

const app = buildContext(loadConfig([], {}));
const { registry } = app;
const NOW = Date.UTC(2026, 10, 21);
const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const ctx = testMessagesContext(app, NOW, {
  solanaBlockhash: { latest: async () => 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' },
});

describe('gas fields of /msgs_direct', () => {
  it('Solana: the fee per signature plus the priority fee, from the table', async () => {
    const body = await messagesDirectFor(
      ctx,
      {
        source_asset_chain_id: 'solana',
        source_asset_denom: USDC_SOLANA,
        dest_asset_chain_id: 'noble-1',
        dest_asset_denom: 'uusdc',
        amount_in: '250000000',
        chain_ids_to_addresses: { solana: OWNER, 'noble-1': userAddress(registry, 'noble-1') },
      },
      { tier: 'key' },
    );
    expect(body.junction_gas_estimates).toEqual([
      expect.objectContaining({
        tx_index: 0,
        chain_id: 'solana',
        basis: 'table',
        gas_unit: 'signatures',
        fee_denom: 'solana-native',
        fee_amount: gasTable().solanaTxLamports.toString(),
        gas_price: null,
      }),
    ]);
  });

  it('no chain clients: every gas balance unreadable, no warning, estimates from the table', async () => {
    const hub = userAddress(registry, 'cosmoshub-4');
    const body = await messagesDirectFor(
      ctx,
      {
        source_asset_chain_id: 'cosmoshub-4',
        source_asset_denom: 'uatom',
        dest_asset_chain_id: 'noble-1',
        dest_asset_denom: 'uusdc',
        amount_in: '1000000',
        chain_ids_to_addresses: {
          'cosmoshub-4': hub,
          'osmosis-1': userAddress(registry, 'osmosis-1'),
          'noble-1': userAddress(registry, 'noble-1'),
        },
        enable_gas_warnings: true,
      },
      { tier: 'anonymous' },
    );
    expect(body.warning).toBeUndefined();
    expect(body.junction_gas_checks?.length).toBeGreaterThan(0);
    for (const c of body.junction_gas_checks!) {
      expect(c).toMatchObject({ status: 'unreadable', balance: null, shortfall: null });
      expect(c.message).toMatch(/no chain clients/);
    }
    expect(body.junction_gas_estimates?.every((e) => e.basis === 'table')).toBe(true);
  });
});
