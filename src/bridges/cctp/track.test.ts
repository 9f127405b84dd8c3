/**
 * The CCTP tracker against real local EVM nodes (anvil as Ethereum, chain 1, and Avalanche, chain 43114), a local
 * attestation service answering Circle's Iris V1 shapes, and a local Noble answering the CometBFT RPC shapes. The
 * MessageTransmitter at Circle's real addresses is a test double emitting the real contract's events (source in
 * test/fixtures/evm/CctpTransmitterDouble.sol): burn → pending confirmations → attested → minted.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFunctionData, keccak256, pad, parseAbi, parseEther, type Abi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildRegistry } from '../../registry/build.js';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { anvilClients, compileFixture, startAnvil, type Anvil } from '../../tx/test-helpers/anvil.js';
import { FakeCosmosNetwork } from '../../tx/test-helpers/cosmos-network.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { burnMessageV1 } from './test-helpers/message.js';
import { decodeMessage } from './track.js';

const TRANSMITTER_ETHEREUM = '0x0a992d191DEeC32aFe36203Ad87D7d289a738F81';
const TRANSMITTER_AVALANCHE = '0x8186359aF5F57FbB40c6b14A588d2A59C0C29880';
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDC_AVALANCHE = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
/** noble1nhzuazjhyfu474er6v4ey8zn6wa5fy6gthndxf as a mint recipient (execution mechanics §5.4). */
const NOBLE_RECIPIENT = '0x0000000000000000000000009dc5ce8a5722795f5723d32b921c53d3bb449348';

let ethereum: Anvil;
let avalanche: Anvil;
let store: TestStore;
let tx: TxService;
let abi: Abi;
const noble = new FakeCosmosNetwork();
const user = privateKeyToAccount(generatePrivateKey());

/** Iris: per message hash, what to answer next (404 until observed). */
const attestations = new Map<string, 'pending' | 'complete'>();
const iris = http.createServer((req, res) => {
  const hash = /^\/v1\/attestations\/(0x[0-9a-f]{64})$/.exec(req.url ?? '')?.[1];
  const state = hash ? attestations.get(hash) : undefined;
  if (!state)
    return res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: 'Message hash not found' }));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      state === 'complete'
        ? { attestation: `0x${'ab'.repeat(65)}`, status: 'complete' }
        : { attestation: null, status: 'pending_confirmations' },
    ),
  );
});

beforeAll(async () => {
  [ethereum, avalanche] = await Promise.all([startAnvil(1), startAnvil(43114)]);
  const compiled = compileFixture('CctpTransmitterDouble.sol', 'CctpTransmitterDouble');
  abi = compiled.abi as Abi;
  for (const [node, address] of [
    [ethereum, TRANSMITTER_ETHEREUM],
    [avalanche, TRANSMITTER_AVALANCHE],
  ] as const) {
    const c = anvilClients(node);
    await c.test.setBalance({ address: user.address, value: parseEther('1') });
    const deployed = (
      await c.test.waitForTransactionReceipt({
        hash: await c.wallet.deployContract({ account: user, abi, bytecode: compiled.bytecode }),
      })
    ).contractAddress!;
    await c.test.setCode({ address, bytecode: (await c.test.getCode({ address: deployed }))! });
    await c.test.setStorageAt({ address, index: 0, value: pad('0x1b58', { size: 32 }) }); // nextNonce = 7000
  }
  await new Promise<void>((resolve) => iris.listen(0, '127.0.0.1', resolve));
  noble.chain('noble-1');
  await noble.start();
  store = await sqliteTestStore();
  tx = testTxService({
    store: store.store,
    registry: buildRegistry(),
    rpc: `1=${ethereum.url},43114=${avalanche.url},noble-1=${noble.rpcUrl('noble-1')}`,
    attestationUrl: `http://127.0.0.1:${(iris.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await Promise.all([ethereum?.stop(), avalanche?.stop()]);
  iris.close();
  await noble.stop();
  await store?.cleanup();
});

async function burn(destinationDomain: number, mintRecipient: Hex, amount: bigint): Promise<Hex> {
  const c = anvilClients(ethereum);
  const hash = await c.wallet.writeContract({
    account: user,
    address: TRANSMITTER_ETHEREUM,
    abi,
    functionName: 'depositForBurn',
    args: [0, destinationDomain, mintRecipient, USDC_ETHEREUM, amount],
  });
  await c.test.waitForTransactionReceipt({ hash });
  return hash;
}

async function step(hash: string): Promise<Status> {
  return tickedStatus(tx, '1', hash);
}

const cctp = (s: Status) => transferEvent(s, 'cctp_transfer');

describe('CCTP V1 transfer, Ethereum → Avalanche', () => {
  it('burn seen, pending confirmations, attested, minted: STATE_COMPLETED_SUCCESS with USDC on Avalanche', async () => {
    const recipient = pad(user.address, { size: 32 });
    const hash = await burn(1, recipient, 5_000_000n);
    await tx.track('1', hash, null);
    let s = await step(hash);
    expect(cctp(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '43114',
      state: 'CCTP_TRANSFER_SENT',
      txs: {
        send_tx: { chain_id: '1', tx_hash: hash, explorer_link: `https://etherscan.io/tx/${hash}` },
        receive_tx: null,
      },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_blocking_transfer: { transfer_sequence_index: 0 } });

    const record = JSON.parse(
      (
        await tx.store.db
          .selectFrom('tracked_txs')
          .select('record')
          .where('tx_hash', '=', hash)
          .executeTakeFirstOrThrow()
      ).record,
    );
    const message = record.transfers[0].legs[0].message;
    expect(message).toMatchObject({
      version: 0,
      source_domain: 0,
      destination_domain: 1,
      nonce: '7000',
      mint_recipient: recipient.toLowerCase(),
      amount: '5000000',
    });
    attestations.set(message.message_hash, 'pending');
    expect(cctp(await step(hash)).state).toBe('CCTP_TRANSFER_PENDING_CONFIRMATION');
    attestations.set(message.message_hash, 'complete');
    const attested = await step(hash);
    expect(cctp(attested).state).toBe('CCTP_TRANSFER_CONFIRMED');
    // No destination caller and a destination other than Noble: nobody was asked to mint, so the status hands the
    // user the claim — receiveMessage(message as burnt, Circle's attestation) on Avalanche's transmitter.
    expect(attested).toMatchObject({
      state: 'STATE_PENDING',
      next_step: { action: 'claim', chain_id: '43114', tx: { chain_id: '43114', to: TRANSMITTER_AVALANCHE } },
    });
    const claim = decodeFunctionData({
      abi: parseAbi(['function receiveMessage(bytes message, bytes attestation) returns (bool)']),
      data: attested.next_step!.tx!.data as Hex,
    });
    expect(keccak256(claim.args[0])).toBe(message.message_hash);
    expect(claim.args[1]).toBe(`0x${'ab'.repeat(65)}`);

    // The relayer calls receiveMessage on Avalanche's transmitter.
    const c = anvilClients(avalanche);
    const mint = await c.wallet.writeContract({
      account: user,
      address: TRANSMITTER_AVALANCHE,
      abi,
      functionName: 'receiveMessage',
      args: [0, 7000n, pad(TRANSMITTER_ETHEREUM, { size: 32 }), '0x'],
    });
    await c.test.waitForTransactionReceipt({ hash: mint });
    s = await step(hash);
    expect(cctp(s)).toMatchObject({
      state: 'CCTP_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: '43114', tx_hash: mint, explorer_link: `https://snowtrace.io/tx/${mint}` } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      next_blocking_transfer: null,
      transfer_asset_release: { chain_id: '43114', denom: USDC_AVALANCHE, amount: '5000000', released: true },
    });
  });

  it('a mint with another source domain or nonce is not taken for this transfer', async () => {
    const hash = await burn(1, pad(user.address, { size: 32 }), 1_000n);
    await tx.track('1', hash, null);
    const c = anvilClients(avalanche);
    await c.test.waitForTransactionReceipt({
      hash: await c.wallet.writeContract({
        account: user,
        address: TRANSMITTER_AVALANCHE,
        abi,
        functionName: 'receiveMessage',
        args: [6, 7001n, pad(TRANSMITTER_ETHEREUM, { size: 32 }), '0x'],
      }),
    });
    expect(cctp(await step(hash)).state).toBe('CCTP_TRANSFER_SENT');
  });
});

describe('CCTP V1 transfer, Ethereum → Noble', () => {
  it('the mint is found on Noble by its MessageReceived event; the status has the captured shape', async () => {
    const hash = await burn(4, NOBLE_RECIPIENT, 11_640_000n);
    await tx.track('1', hash, null);
    const s1 = await step(hash);
    const record = JSON.parse(
      (
        await tx.store.db
          .selectFrom('tracked_txs')
          .select('record')
          .where('tx_hash', '=', hash)
          .executeTakeFirstOrThrow()
      ).record,
    );
    const { nonce, message_hash } = record.transfers[0].legs[0].message;
    expect(cctp(s1)).toMatchObject({ to_chain_id: 'noble-1', state: 'CCTP_TRANSFER_SENT' });
    attestations.set(message_hash, 'complete');
    // Noble's own relayers mint every message to Noble: attested means wait, not claim.
    expect(await step(hash)).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait', tx: null } });
    // Noble's cctp module: typed event, attribute values JSON-encoded (uint64 as a quoted string).
    const mint = noble.chain('noble-1').include([
      {
        type: 'circle.cctp.v1.MessageReceived',
        attributes: [
          { key: 'caller', value: '"noble1dyw0geqa2cy0ppdjcxfpzusjpwmq85r5a35hqe"' },
          { key: 'source_domain', value: '0' },
          { key: 'nonce', value: `"${nonce}"` },
          { key: 'msg_index', value: '0' },
        ],
      },
    ]);
    const s = await step(hash);
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: 'noble-1', denom: 'uusdc', released: true },
    });
    expect(cctp(s).txs.receive_tx).toMatchObject({
      chain_id: 'noble-1',
      tx_hash: mint,
      explorer_link: `https://www.mintscan.io/noble/txs/${mint}`,
    });
    // Same keys, kinds and states as Skip's captured answer for an Ethereum → Noble CCTP transfer.
    const { readFileSync } = await import('node:fs');
    const captured = JSON.parse(
      readFileSync(
        new URL(
          '../../../test/fixtures/skip-go-api/tx_status-progression-ethereum-to-noble-cctp.json',
          import.meta.url,
        ),
        'utf8',
      ),
    ).responses[1].body;
    // Plus Junction's one extension field, next_step.
    expect(Object.keys(s).sort()).toEqual([...Object.keys(captured), 'next_step'].sort());
    expect(s.next_step).toMatchObject({ action: 'none', chain_id: 'noble-1' });
    expect(Object.keys(cctp(s)).sort()).toEqual(Object.keys(captured.transfer_sequence[0].cctp_transfer).sort());
    expect({ state: s.state, status: s.status, kind: cctp(s).state }).toEqual({
      state: captured.state,
      status: captured.status,
      kind: captured.transfer_sequence[0].cctp_transfer.state,
    });
  });
});

describe('decodeMessage', () => {
  it("reads a V1 message laid out as Circle's Message.sol / BurnMessage.sol", () => {
    const message = burnMessageV1({
      sourceDomain: 0,
      destinationDomain: 4,
      nonce: 123456n,
      sender: `0x${'01'.repeat(32)}`,
      recipient: `0x${'02'.repeat(32)}`,
      burnToken: USDC_ETHEREUM,
      mintRecipient: NOBLE_RECIPIENT,
      amount: 11_640_000n,
    });
    expect(message.length).toBe(2 + 2 * (116 + 132));
    expect(decodeMessage(Buffer.from(message.slice(2), 'hex'))).toMatchObject({
      version: 0,
      source_domain: 0,
      destination_domain: 4,
      nonce: '123456',
      mint_recipient: NOBLE_RECIPIENT,
      amount: '11640000',
    });
    expect(decodeMessage(Buffer.alloc(50))).toBeNull();
  });
});
