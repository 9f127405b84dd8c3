/**
 * A CCTP burn into a Noble forwarding account, tracked to the end: Ethereum is anvil with the V1 MessageTransmitter
 * double at Circle's address (test/fixtures/evm/CctpTransmitterDouble.sol), Circle's Iris a local server (V1 shape),
 * Noble and Osmosis a local CometBFT network (src/tx/test-helpers/cosmos-network.ts: tx_search, abci_query of the
 * auth module, block_search / block_results with CometBFT 0.38's finalize_block_events, broadcast_tx_sync).
 *
 * What it proves: the mint into an unregistered forwarding account is not a success; without a key the status's
 * next_step is MsgRegisterAccount for anyone to sign; with NOBLE_FORWARDING_SIGNER_KEY the worker broadcasts a
 * registration whose bytes decode (protobufjs, the module's field numbers; cosmjs-types for the transaction) to the
 * account's fields, signed by the key over the SignDoc; the forward's packet, sent at the end of the block, becomes
 * the next leg (ibc_transfer noble-1 → osmosis-1) and the transfer succeeds only when Osmosis acknowledges it.
 * Also: the registration fields the message builder announces reach the store through the transaction service.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { AuthInfo, SignDoc, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { pad, parseEther, recoverPublicKey, type Abi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildRegistry } from '../../registry/build.js';
import { eventually, sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { tickedStatus } from '../../tx/test-helpers/status.js';
import { anvilClients, compileFixture, startAnvil, type Anvil } from '../../tx/test-helpers/anvil.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import {
  announceForwardingAccount,
  forwardingAccountOf,
  rememberForwardingAccount,
  retireForwardingAccounts,
} from './forwarding-book.js';
import { FORWARDING_ACCOUNT_TYPE_URL, nobleSigner } from './forwarding-register.js';
import { forwardingAccountBytes, forwardingAddress } from './noble-forwarding.js';

const TRANSMITTER_ETHEREUM = '0x0a992d191DEeC32aFe36203Ad87D7d289a738F81';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const OSMO_USER = 'osmo1nhzuazjhyfu474er6v4ey8zn6wa5fy6gt044g4';
const NOBLE_USER = 'noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf';

/** MsgRegisterAccount as noble-assets/forwarding proto/noble/forwarding/v1/tx.proto declares it. */
const MsgRegisterAccount = new protobuf.Type('MsgRegisterAccount')
  .add(new protobuf.Field('signer', 1, 'string'))
  .add(new protobuf.Field('recipient', 2, 'string'))
  .add(new protobuf.Field('channel', 3, 'string'))
  .add(new protobuf.Field('fallback', 4, 'string'));

let ethereum: Anvil;
let abi: Abi;
const network = new FakeCosmosNetwork();
const user = privateKeyToAccount(generatePrivateKey());
const registry = buildRegistry();
const toOsmosis = registry.transferChannel('noble-1', 'osmosis-1')!;
const channel = toOsmosis.channel;
const account = forwardingAddress(channel, OSMO_USER, NOBLE_USER);
const fields = { address: account, channel, recipient: OSMO_USER, fallback: NOBLE_USER };

const attested = new Set<string>();
const iris = http.createServer((req, res) => {
  const hash = /^\/v1\/attestations\/(0x[0-9a-f]{64})$/.exec(req.url ?? '')?.[1];
  if (!hash || !attested.has(hash))
    return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Message hash not found"}');
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ attestation: `0x${'ab'.repeat(65)}`, status: 'complete' }));
});

const stores: TestStore[] = [];
async function service(signerKey?: string): Promise<TxService> {
  const store = await sqliteTestStore();
  stores.push(store);
  const tx = testTxService({
    store: store.store,
    registry,
    rpc: `1=${ethereum.url},noble-1=${network.rpcUrl('noble-1')},osmosis-1=${network.rpcUrl('osmosis-1')}`,
    attestationUrl: `http://127.0.0.1:${(iris.address() as AddressInfo).port}`,
    ...(signerKey ? { nobleForwardingSignerKey: signerKey } : {}),
  });
  return tx;
}

beforeAll(async () => {
  ethereum = await startAnvil(1);
  const compiled = compileFixture('CctpTransmitterDouble.sol', 'CctpTransmitterDouble');
  abi = compiled.abi as Abi;
  const c = anvilClients(ethereum);
  await c.test.setBalance({ address: user.address, value: parseEther('1') });
  const deployed = (
    await c.test.waitForTransactionReceipt({
      hash: await c.wallet.deployContract({ account: user, abi, bytecode: compiled.bytecode }),
    })
  ).contractAddress!;
  await c.test.setCode({ address: TRANSMITTER_ETHEREUM, bytecode: (await c.test.getCode({ address: deployed }))! });
  await c.test.setStorageAt({ address: TRANSMITTER_ETHEREUM, index: 0, value: pad('0x1f40', { size: 32 }) });
  await new Promise<void>((resolve) => iris.listen(0, '127.0.0.1', resolve));
  network.chain('noble-1');
  network.chain('osmosis-1');
  await network.start();
});
afterAll(async () => {
  await ethereum?.stop();
  iris.close();
  await network.stop();
  for (const s of stores) await s.cleanup();
});

/** Burns into the forwarding account, has Circle attest it and Noble's relayer mint it; returns the burn's hash. */
async function burnAndMint(tx: TxService, amount: bigint): Promise<Hex> {
  const c = anvilClients(ethereum);
  const hash = await c.wallet.writeContract({
    account: user,
    address: TRANSMITTER_ETHEREUM,
    abi,
    functionName: 'depositForBurn',
    args: [
      0,
      4,
      pad(`0x${Buffer.from(forwardingAccountBytes(channel, OSMO_USER, NOBLE_USER)).toString('hex')}`),
      USDC_ETHEREUM,
      amount,
    ],
  });
  await c.test.waitForTransactionReceipt({ hash });
  await tx.track('1', hash, null);
  await stepUntil(tx, hash, () => true);
  let record = await recordOf(tx, hash);
  for (let i = 0; !record.transfers?.[0]?.legs?.[0]?.message; i++) {
    if (i > MAX_TICKS) throw new Error('the burn was never read');
    await stepUntil(tx, hash, () => true);
    record = await recordOf(tx, hash);
  }
  const message = record.transfers[0].legs[0].message;
  attested.add(message.message_hash);
  network.chain('noble-1').include([
    {
      type: 'circle.cctp.v1.MessageReceived',
      attributes: [
        { key: 'caller', value: '"noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe"' },
        { key: 'source_domain', value: '0' },
        { key: 'nonce', value: `"${message.nonce}"` },
        { key: 'msg_index', value: '0' },
      ],
    },
  ]);
  // The mint created the account as a plain BaseAccount (unregistered).
  network.chain('noble-1').accounts.set(account, { accountNumber: 900n, sequence: 0n });
  return hash;
}

async function recordOf(tx: TxService, hash: string) {
  const row = await tx.store.db
    .selectFrom('tracked_txs')
    .select('record')
    .where('tx_hash', '=', hash)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.record);
}

/**
 * Worker ticks until `done` holds for the status (or the tick budget is spent; the caller's assertions then say what
 * is missing). A step can fail on a loaded machine (a node call past the client's timeout) and is retried by the next
 * tick, as in the running service; a row is due again only a millisecond after its step, so ticks are spaced a little.
 */
const MAX_TICKS = 500;
async function stepUntil(tx: TxService, hash: string, done: (s: Status) => boolean): Promise<Status> {
  for (let i = 0; ; i++) {
    const body = await tickedStatus(tx, '1', hash);
    if (done(body) || i >= MAX_TICKS) return body;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** The forward at the end of a block: ibc-go's ibc_transfer and send_packet events, as ExecuteForwards emits them. */
function forwardEvents(amount: bigint, sequence: string) {
  const data = JSON.stringify({
    amount: amount.toString(),
    denom: 'uusdc',
    memo: '',
    receiver: OSMO_USER,
    sender: account,
  });
  return [
    {
      type: 'ibc_transfer',
      attributes: [
        { key: 'sender', value: account },
        { key: 'receiver', value: OSMO_USER },
        { key: 'amount', value: amount.toString() },
        { key: 'denom', value: 'uusdc' },
        { key: 'memo', value: '' },
        { key: 'mode', value: 'EndBlock' },
      ],
    },
    {
      type: 'send_packet',
      attributes: [
        { key: 'packet_data', value: data },
        { key: 'packet_data_hex', value: Buffer.from(data).toString('hex') },
        { key: 'packet_timeout_height', value: '0-0' },
        { key: 'packet_timeout_timestamp', value: String(BigInt(network.now + 600_000) * 1_000_000n) },
        { key: 'packet_sequence', value: sequence },
        { key: 'packet_src_port', value: 'transfer' },
        { key: 'packet_src_channel', value: channel },
        { key: 'packet_dst_port', value: 'transfer' },
        { key: 'packet_dst_channel', value: toOsmosis.counterpartyChannel },
        { key: 'packet_channel_ordering', value: 'ORDER_UNORDERED' },
        { key: 'connection_id', value: 'connection-2' },
        { key: 'mode', value: 'EndBlock' },
      ],
    },
  ];
}

describe('CCTP into a Noble forwarding account', () => {
  it('the fields the message builder announces are kept in the store by the transaction service', async () => {
    const tx = await service();
    await tx.start();
    announceForwardingAccount(fields);
    await eventually(
      async () => (await forwardingAccountOf(tx.store, account)) !== null,
      60_000,
      'the announced account to reach the store',
    );
    expect(await forwardingAccountOf(tx.store, account)).toEqual(fields);
    await tx.stop();
  });

  it('accounts announced longer than the retention ago are forgotten, newer ones kept', async () => {
    const tx = await service();
    const other = { ...fields, address: forwardingAddress(channel, OSMO_USER, ''), fallback: '' };
    await rememberForwardingAccount(tx.store, fields, 1_000_000);
    await rememberForwardingAccount(tx.store, other, 5_000_000);
    expect(await retireForwardingAccounts(tx.store, 4_000_000, 2_000_000)).toBe(1);
    expect(await forwardingAccountOf(tx.store, account)).toBeNull();
    expect(await forwardingAccountOf(tx.store, other.address)).toEqual(other);
  });

  it('without a key: minted but not forwarded is pending, and next_step is the registration to sign', async () => {
    const tx = await service();
    await rememberForwardingAccount(tx.store, fields, Date.now());
    const hash = await burnAndMint(tx, 2_000_000n);
    const s = await stepUntil(tx, hash, (st) => st.next_step?.tx?.to === '/noble.forwarding.v1.MsgRegisterAccount');
    const cctp = s.transfers[0]!.transfer_sequence[0]!;
    expect('cctp_transfer' in cctp && cctp.cctp_transfer.state).toBe('CCTP_TRANSFER_RECEIVED');
    expect(s.state).toBe('STATE_PENDING');
    expect(s.next_step).toMatchObject({
      action: 'execute',
      chain_id: 'noble-1',
      tx: { chain_id: 'noble-1', to: '/noble.forwarding.v1.MsgRegisterAccount' },
    });
    expect(JSON.parse(s.next_step!.tx!.data)).toEqual({
      signer: NOBLE_USER,
      recipient: OSMO_USER,
      channel,
      fallback: NOBLE_USER,
    });
    expect(network.chain('noble-1').broadcasts).toHaveLength(0);
  });

  it('with NOBLE_FORWARDING_SIGNER_KEY: registers, follows the forward, succeeds only once Osmosis acknowledged', async () => {
    const key = generatePrivateKey();
    const signer = nobleSigner(key);
    const tx = await service(key);
    await rememberForwardingAccount(tx.store, fields, Date.now());
    const noble = network.chain('noble-1');
    noble.accounts.set(signer.address, { accountNumber: 77n, sequence: 5n });
    let registration: Uint8Array | undefined;
    noble.onBroadcast = (bytes) => {
      registration = bytes;
      // Included: the account becomes a ForwardingAccount and sends its balance on at the end of that block.
      const height = noble.height + 1;
      noble.include([{ type: 'noble.forwarding.v1.AccountRegistered', attributes: [] }], { txBytes: bytes });
      noble.accounts.set(account, { accountNumber: 900n, sequence: 0n, typeUrl: FORWARDING_ACCOUNT_TYPE_URL });
      noble.endBlock(height, forwardEvents(3_000_000n, '4242'));
      return { code: 0, log: '' };
    };
    const hash = await burnAndMint(tx, 3_000_000n);
    let s = await stepUntil(tx, hash, () => registration !== undefined);
    expect(registration).toBeDefined();
    expect(s.state).toBe('STATE_PENDING');

    // The registration: one MsgRegisterAccount with the account's fields, signed by the key (direct mode).
    const raw = TxRaw.decode(registration!);
    const body = TxBody.decode(raw.bodyBytes);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]!.typeUrl).toBe('/noble.forwarding.v1.MsgRegisterAccount');
    expect(MsgRegisterAccount.toObject(MsgRegisterAccount.decode(body.messages[0]!.value))).toEqual({
      signer: signer.address,
      recipient: OSMO_USER,
      channel,
      fallback: NOBLE_USER,
    });
    const auth = AuthInfo.decode(raw.authInfoBytes);
    expect(auth.signerInfos[0]!.sequence).toBe(5n);
    expect(Buffer.from(PubKey.decode(auth.signerInfos[0]!.publicKey!.value).key)).toEqual(
      Buffer.from(signer.publicKey),
    );
    const signDoc = SignDoc.encode({
      bodyBytes: raw.bodyBytes,
      authInfoBytes: raw.authInfoBytes,
      chainId: 'noble-1',
      accountNumber: 77n,
    }).finish();
    const digest = `0x${createHash('sha256').update(signDoc).digest('hex')}` as Hex;
    const sig = raw.signatures[0]!;
    expect(sig).toHaveLength(64);
    const r = `0x${Buffer.from(sig.subarray(0, 32)).toString('hex')}` as Hex;
    const sv = `0x${Buffer.from(sig.subarray(32)).toString('hex')}` as Hex;
    const recovered = await Promise.all(
      [0, 1].map((yParity) => recoverPublicKey({ hash: digest, signature: { r, s: sv, yParity } })),
    );
    expect(recovered).toContain(privateKeyToAccount(key).publicKey);

    // The forward's packet, found by the block event query, is the next leg.
    s = await stepUntil(tx, hash, (st) => st.transfers[0]!.transfer_sequence.length > 1);
    expect(s.transfers[0]!.transfer_sequence.map((e) => Object.keys(e)[0])).toEqual(['cctp_transfer', 'ibc_transfer']);
    const ibc = s.transfers[0]!.transfer_sequence[1]!;
    expect('ibc_transfer' in ibc && ibc.ibc_transfer).toMatchObject({
      from_chain_id: 'noble-1',
      to_chain_id: 'osmosis-1',
      state: 'TRANSFER_PENDING',
    });
    expect(s.state).toBe('STATE_PENDING');

    // Osmosis receives it and acknowledges with a result; the ack reaches Noble.
    const packetAttrs = forwardEvents(3_000_000n, '4242')[1]!.attributes.filter((a) => a.key !== 'mode');
    network.chain('osmosis-1').include([
      { type: 'recv_packet', attributes: packetAttrs },
      {
        type: 'write_acknowledgement',
        attributes: [...packetAttrs, { key: 'packet_ack', value: '{"result":"AQ=="}' }],
      },
    ]);
    noble.include([{ type: 'acknowledge_packet', attributes: packetAttrs }]);
    s = await stepUntil(tx, hash, (st) => st.state !== 'STATE_PENDING');
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'osmosis-1', amount: '3000000', released: true },
    });
    expect(noble.broadcasts).toHaveLength(1);
    noble.onBroadcast = undefined;
  });
});
