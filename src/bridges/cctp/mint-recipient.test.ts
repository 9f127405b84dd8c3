/**
 * CCTP into Noble mints to the last 20 bytes of mint_recipient (circlefin/noble-cctp msg_server_receive_message.go):
 * a 32-byte Noble address cannot receive a burn. Skip's August 2026 answer to such a request (alloyrebalancer
 * test-fixtures/stageB-bad-two-txs-via-noble.json at 51cbcc2) burned to its first 20 bytes, which Noble would mint to
 * yet another account; Junction refuses it.
 */
import { bech32 } from 'bech32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex } from 'viem';
import { buildTestApp, expectError, post, type TestApp } from '../../http/test-helpers/app.js';
import { mintRecipient } from './mint-recipient.js';

const NOBLE_32 = 'noble147h5x9pcj7lm0cttlaefx6sqq5vdfnmwfcqxkmjd7exqm9gc7grqrunt9d';
const NOBLE_20 = bech32.encode('noble', bech32.toWords(Buffer.alloc(20, 7)));
const EVM = '0x000000000000000000000000000000000000dEaD';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

describe('CCTP mint recipient on Noble', () => {
  it('a 20-byte account is left-padded to 32 bytes', () => {
    expect(bytesToHex(mintRecipient(t.ctx.registry, 'noble-1', NOBLE_20))).toBe(
      `0x${'00'.repeat(12)}${'07'.repeat(20)}`,
    );
  });

  it('a 32-byte address is refused: Noble would mint to the account of its last 20 bytes', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: '43114',
      source_asset_denom: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
      dest_asset_chain_id: 'noble-1',
      dest_asset_denom: 'uusdc',
      amount_in: '10000000000',
      chain_ids_to_addresses: { '43114': EVM, 'noble-1': NOBLE_32 },
    });
    expectError(
      res,
      400,
      3,
      /invalid address for noble-1: .* 32-byte address, and CCTP mints on noble-1 to a 20-byte account only/,
    );
  });
});
