/**
 * The burn on Noble decodes with the real proto definition of /circle.cctp.v1.MsgDepositForBurn (field numbers and
 * types as in circlefin/noble-cctp proto/circle/cctp/v1/tx.proto) and carries the mint recipient of every address
 * type (execution mechanics §5.4), checked against values computed independently here.
 */
import protobuf from 'protobufjs';
import { PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, type TestApp } from '../../http/test-helpers/app.js';

const TX_PROTO = `
syntax = "proto3";
package circle.cctp.v1;
message MsgDepositForBurn {
  string from = 1;
  string amount = 2;
  uint32 destination_domain = 3;
  bytes mint_recipient = 4;
  string burn_token = 5;
}`;
const MsgDepositForBurn = protobuf
  .parse(TX_PROTO, { keepCase: true })
  .root.lookupType('circle.cctp.v1.MsgDepositForBurn');

const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';
const EVM_USER = '0x0f7833777bfC9ef72D8B76AE954D3849DD71F829';
const SOLANA_USER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

async function burnFromNoble(dest: string, denom: string, recipient: string, amount = '99995433') {
  const res = await post(t.app, '/v2/fungible/msgs_direct', {
    source_asset_chain_id: 'noble-1',
    source_asset_denom: 'uusdc',
    dest_asset_chain_id: dest,
    dest_asset_denom: denom,
    amount_in: amount,
    // The plain burn; the smart-relayed form (the default) is tested in smart-relay.test.ts.
    smart_relay: false,
    chain_ids_to_addresses: { 'noble-1': NOBLE_USER, [dest]: recipient },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('CCTP from Noble: /circle.cctp.v1.MsgDepositForBurn', () => {
  it.each([
    // The captured Skip response's recipient (test/fixtures/skip-go-api/msgs_direct-noble-to-ethereum-cctp.json).
    [
      '1',
      '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      EVM_USER,
      0,
      '0000000000000000000000000f7833777bfc9ef72d8b76ae954d3849dd71f829',
    ],
    [
      '8453',
      '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
      EVM_USER,
      6,
      '0000000000000000000000000f7833777bfc9ef72d8b76ae954d3849dd71f829',
    ],
    [
      '43114',
      '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
      EVM_USER,
      1,
      '0000000000000000000000000f7833777bfc9ef72d8b76ae954d3849dd71f829',
    ],
  ])(
    'to %s: one message that encodes and decodes with the proto definition',
    async (dest, denom, recipient, domain, recipientHex) => {
      const body = await burnFromNoble(dest, denom, recipient);
      expect(body.txs).toHaveLength(1);
      const tx = body.txs[0].cosmos_tx;
      expect(tx).toMatchObject({ chain_id: 'noble-1', signer_address: NOBLE_USER, path: ['noble-1', dest] });
      expect(tx.msgs).toHaveLength(1);
      expect(tx.msgs[0].msg_type_url).toBe('/circle.cctp.v1.MsgDepositForBurn');
      const json = JSON.parse(tx.msgs[0].msg);
      expect(Object.keys(json)).toEqual(['from', 'amount', 'destination_domain', 'mint_recipient', 'burn_token']);

      const message = MsgDepositForBurn.fromObject({
        ...json,
        mint_recipient: Buffer.from(json.mint_recipient, 'base64'),
      });
      const bytes = MsgDepositForBurn.encode(message).finish();
      const decoded = MsgDepositForBurn.toObject(MsgDepositForBurn.decode(bytes), { defaults: true }) as Record<
        string,
        unknown
      >;
      expect(decoded.from).toBe(NOBLE_USER);
      expect(decoded.amount).toBe('99995433');
      expect(decoded.destination_domain).toBe(domain);
      expect(Buffer.from(decoded.mint_recipient as Uint8Array).toString('hex')).toBe(recipientHex);
      expect(decoded.burn_token).toBe('uusdc');
      expect(body.msgs).toEqual([{ multi_chain_msg: { chain_id: 'noble-1', path: ['noble-1', dest], ...tx.msgs[0] } }]);
    },
  );

  it("to Solana: the mint recipient is the recipient's USDC associated token account, not the wallet", async () => {
    const body = await burnFromNoble('solana', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', SOLANA_USER);
    const json = JSON.parse(body.txs[0].cosmos_tx.msgs[0].msg);
    expect(json.destination_domain).toBe(5);
    const [ata] = PublicKey.findProgramAddressSync(
      [
        new PublicKey(SOLANA_USER).toBuffer(),
        new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA').toBuffer(),
        new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v').toBuffer(),
      ],
      new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
    );
    expect(Buffer.from(json.mint_recipient, 'base64')).toEqual(ata!.toBuffer());
    expect(Buffer.from(json.mint_recipient, 'base64')).not.toEqual(new PublicKey(SOLANA_USER).toBuffer());
  });

  it('the route record and its estimate: cctp_transfer, one transaction, Noble attestation time', async () => {
    const { route } = await burnFromNoble('1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', EVM_USER);
    expect(route.operations).toEqual([
      {
        cctp_transfer: {
          from_chain_id: 'noble-1',
          to_chain_id: '1',
          burn_token: 'uusdc',
          denom_in: 'uusdc',
          denom_out: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
          bridge_id: 'CCTP',
          smart_relay: false,
          smart_relay_fee_quote: null,
        },
        tx_index: 0,
        amount_in: '99995433',
        amount_out: '99995433',
      },
    ]);
    expect(route).toMatchObject({
      txs_required: 1,
      chain_ids: ['noble-1', '1'],
      required_chain_addresses: ['noble-1', '1'],
      does_swap: false,
    });
    // Noble attests after one block (~20 s) plus one relayer pass to mint on Ethereum (data/bridge-durations.json).
    expect(route.estimated_route_duration_seconds).toBe(50);
    expect(route.usd_amount_in).toBe(route.usd_amount_out);
  });

  it('refuses a recipient that is not an address of the destination chain', async () => {
    const res = await post(t.app, '/v2/fungible/msgs_direct', {
      source_asset_chain_id: 'noble-1',
      source_asset_denom: 'uusdc',
      dest_asset_chain_id: '1',
      dest_asset_denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      // Enough that the claim's gas on Ethereum leaves the route safe: the address is what is refused.
      amount_in: '1000000000',
      smart_relay: false,
      chain_ids_to_addresses: { 'noble-1': NOBLE_USER, '1': NOBLE_USER },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/address for chain 1/);
  });
});
