/**
 * The unsigned Cosmos transaction a simulation is asked for: the wire messages (JSON, proto field names) encoded as
 * the chain decodes them, one signer info with the account's key and sequence, one empty signature; a message type
 * the encoder does not know is refused by name (the estimate then falls back to the table).
 */
import { describe, expect, it } from 'vitest';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { BinaryReader } from 'cosmjs-types/binary';
import protobuf from 'protobufjs';
import { unsignedCosmosTx } from './gas-estimate.js';

const KEY = { typeUrl: '/cosmos.crypto.secp256k1.PubKey', key: new Uint8Array(33).fill(2) };
const SENDER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const CONTRACT = 'osmo10a3k4hvk37cc4hnxctw4p95fhscd2z6h2rmx0aukc6rm8u9qqx9smfsh7u';

describe('unsignedCosmosTx', () => {
  it('encodes a contract execution (its JSON message as bytes) and a bank send', () => {
    const swap = { swap_and_action: { min_asset: { native: { denom: 'uosmo', amount: '5' } } } };
    const bytes = unsignedCosmosTx(
      {
        chain_id: 'osmosis-1',
        path: ['osmosis-1'],
        signer_address: SENDER,
        msgs: [
          {
            msg_type_url: MsgExecuteContract.typeUrl,
            msg: JSON.stringify({
              sender: SENDER,
              contract: CONTRACT,
              msg: swap,
              funds: [{ denom: 'uatom', amount: '10' }],
            }),
          },
          {
            msg_type_url: MsgSend.typeUrl,
            msg: JSON.stringify({
              from_address: SENDER,
              to_address: CONTRACT,
              amount: [{ denom: 'uosmo', amount: '3' }],
            }),
          },
        ],
      },
      KEY,
      3n,
    );
    const raw = TxRaw.decode(bytes);
    const [exec, send] = TxBody.decode(raw.bodyBytes).messages;
    const m = MsgExecuteContract.decode(exec!.value);
    expect(m).toMatchObject({ sender: SENDER, contract: CONTRACT, funds: [{ denom: 'uatom', amount: '10' }] });
    expect(JSON.parse(new TextDecoder().decode(m.msg))).toEqual(swap);
    expect(MsgSend.decode(send!.value)).toEqual({
      fromAddress: SENDER,
      toAddress: CONTRACT,
      amount: [{ denom: 'uosmo', amount: '3' }],
    });
    const auth = AuthInfo.decode(raw.authInfoBytes);
    expect(auth.signerInfos[0]!.sequence).toBe(3n);
    expect(raw.signatures).toEqual([new Uint8Array()]);
  });

  it('refuses a message type it cannot encode, by name', () => {
    expect(() =>
      unsignedCosmosTx(
        {
          chain_id: 'noble-1',
          path: ['noble-1'],
          signer_address: SENDER,
          msgs: [{ msg_type_url: '/opinit.ophost.v1.MsgInitiateTokenDeposit', msg: '{}' }],
        },
        KEY,
        0n,
      ),
    ).toThrow(/does not encode \/opinit.ophost.v1.MsgInitiateTokenDeposit/);
  });

  it("encodes Noble's CCTP burn with a caller as circle.cctp.v1 defines it (fields 1-6, bytes from base64)", () => {
    const recipient = Buffer.alloc(32, 0xab);
    const caller = Buffer.alloc(32, 0xcd);
    const bytes = unsignedCosmosTx(
      {
        chain_id: 'noble-1',
        path: ['noble-1', '1'],
        signer_address: SENDER,
        msgs: [
          {
            msg_type_url: '/circle.cctp.v1.MsgDepositForBurnWithCaller',
            msg: JSON.stringify({
              from: SENDER,
              amount: '1000000',
              destination_domain: 3,
              mint_recipient: recipient.toString('base64'),
              burn_token: 'uusdc',
              destination_caller: caller.toString('base64'),
            }),
          },
        ],
      },
      KEY,
      0n,
    );
    const [burn] = TxBody.decode(TxRaw.decode(bytes).bodyBytes).messages;
    expect(burn!.typeUrl).toBe('/circle.cctp.v1.MsgDepositForBurnWithCaller');
    const r = new BinaryReader(burn!.value);
    const fields: Record<number, unknown> = {};
    while (r.pos < r.len) {
      const tag = r.uint32();
      const field = tag >>> 3;
      fields[field] = field === 3 ? r.uint32() : field === 4 || field === 6 ? Buffer.from(r.bytes()) : r.string();
    }
    expect(fields).toEqual({
      1: SENDER,
      2: '1000000',
      3: 3,
      4: recipient,
      5: 'uusdc',
      6: caller,
    });
  });

  it("encodes Celestia's Hyperlane warp transfer as hyperlane.warp.v1 defines it (max_fee a nested Coin)", () => {
    // bcp-innovations/hyperlane-cosmos proto/hyperlane/warp/v1/tx.proto, options left out.
    const MsgRemoteTransfer = protobuf
      .parse(
        `syntax = "proto3";
        package hyperlane.warp.v1;
        message Coin { string denom = 1; string amount = 2; }
        message MsgRemoteTransfer {
          string sender = 1; string token_id = 2; uint32 destination_domain = 3; string recipient = 4;
          string amount = 5; string custom_hook_id = 6; string gas_limit = 7; Coin max_fee = 8;
          string custom_hook_metadata = 9;
        }`,
        { keepCase: true },
      )
      .root.lookupType('hyperlane.warp.v1.MsgRemoteTransfer');
    const json = {
      sender: 'celestia1nhzuazjhyfu474er6v4ey8zn6wa5fy6gj7h4y2',
      token_id: '0x726f757465725f61707000000000000000000000000000010000000000000000',
      destination_domain: 1,
      recipient: '0x0000000000000000000000000f7833777bfc9ef72d8b76ae954d3849dd71f829',
      amount: '250000000',
      gas_limit: '0',
      max_fee: { denom: 'utia', amount: '700000' },
    };
    const bytes = unsignedCosmosTx(
      {
        chain_id: 'celestia',
        path: ['celestia', '1'],
        signer_address: json.sender,
        msgs: [{ msg_type_url: '/hyperlane.warp.v1.MsgRemoteTransfer', msg: JSON.stringify(json) }],
      },
      KEY,
      0n,
    );
    const [transfer] = TxBody.decode(TxRaw.decode(bytes).bodyBytes).messages;
    expect(transfer!.typeUrl).toBe('/hyperlane.warp.v1.MsgRemoteTransfer');
    expect(MsgRemoteTransfer.toObject(MsgRemoteTransfer.decode(transfer!.value))).toEqual(json);
    expect(Buffer.from(transfer!.value)).toEqual(Buffer.from(MsgRemoteTransfer.encode(json).finish()));
  });
});
