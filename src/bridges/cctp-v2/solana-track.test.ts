/**
 * Tracking a CCTP V2 transfer Solana → Arbitrum: the burn is the transaction Junction's /msgs builds
 * (./solana.ts), signed by the owner; the Solana node is a local JSON-RPC server answering getSignatureStatuses,
 * getBlockTime and getTransaction in Solana's shapes, the transaction's instructions including the burn's event as
 * TokenMessengerMinterV2 emits it (Anchor event CPI: event tag, DepositForBurn's discriminator, the event in Borsh,
 * circlefin/solana-cctp-contracts programs/v2/token-messenger-minter-v2 events.rs). Circle's attestation service
 * answers the Iris V2 shape for Solana's domain 5, and the mint is MessageTransmitterV2's MessageReceived on anvil.
 *
 * What it proves: a burn on Solana is followed to the mint on the destination like a burn on an EVM chain, never a
 * success at its inclusion on Solana (before, any included Solana transaction was reported complete); a transaction
 * that ran the CCTP programs but whose burn cannot be read stays pending, never a success.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import bs58 from 'bs58';
import { Keypair, PublicKey, Transaction } from '@solana/web3.js';
import { getAddress, hexToBytes, pad, toHex, type Hex } from 'viem';
import { buildRegistry } from '../../registry/build.js';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import { getTransactionResult, type InnerInstruction } from '../../tx/test-helpers/solana-transaction.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { deploy, placeAt } from '../../test-helpers/evm/circle-cctp.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { cctpV2Config } from './config.js';
import { solanaV2BurnTx } from './solana.js';

const cfg = cctpV2Config();
const TMM_V2 = cfg.solana.token_messenger_minter_v2;
const MT_V2 = cfg.solana.message_transmitter_v2;
const MESSENGER = cfg.tokenMessenger as Hex;
const TRANSMITTER = getAddress(cfg.messageTransmitter);
const USDC_SOLANA = cfg.usdc.get('solana')!;
const USDC_ARBITRUM = getAddress(cfg.usdc.get('42161')!);
const ATTESTATION = `0x${'cd'.repeat(65)}` as Hex;
const owner = Keypair.generate();
const recipient = anvilAccount(2).address;

/** A signed burn of `amount` to `recipient` on Arbitrum (domain 3), as /msgs builds it. */
function signedBurn(amount: bigint): { signed: Buffer; signature: string } {
  const built = solanaV2BurnTx({
    owner: owner.publicKey.toBase58(),
    amount,
    destinationDomain: 3,
    mintRecipient: hexToBytes(pad(recipient)),
    recentBlockhash: bs58.encode(Buffer.alloc(32, 9)),
    eventKeySeed: randomBytes(32),
    maxFee: 0n,
    minFinalityThreshold: 2000,
  });
  const tx = Transaction.from(Buffer.from(built.tx, 'base64'));
  tx.partialSign(owner);
  return { signed: tx.serialize(), signature: bs58.encode(tx.signature!) };
}

/** DepositForBurn as TokenMessengerMinterV2 emits it (emit_cpi!): written out field by field from events.rs. */
function depositForBurnEvent(amount: bigint): Buffer {
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    return b;
  };
  const u64 = (v: bigint) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(v);
    return b;
  };
  return Buffer.concat([
    Buffer.from([0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d]), // anchor-lang EVENT_IX_TAG_LE
    Buffer.from([144, 252, 145, 146, 6, 74, 167, 235]), // DepositForBurn in the program's IDL
    new PublicKey(USDC_SOLANA).toBuffer(), // burn_token
    u64(amount),
    owner.publicKey.toBuffer(), // depositor
    Buffer.from(hexToBytes(pad(recipient))), // mint_recipient
    u32(3), // destination_domain
    Buffer.from(hexToBytes(pad(MESSENGER))), // destination_token_messenger
    Buffer.alloc(32), // destination_caller: anyone
    u64(0n), // max_fee
    u32(2000), // min_finality_threshold
    u32(0), // hook_data: empty
  ]);
}

/**
 * The message Circle attests, with the nonce it assigned: MessageV2 and BurnMessageV2 at the byte offsets of the
 * Solana programs' message.rs and burn_message.rs.
 */
function attestedMessage(amount: bigint, nonce: bigint): Hex {
  const m = Buffer.alloc(148 + 228);
  m.writeUInt32BE(1, 0);
  m.writeUInt32BE(5, 4);
  m.writeUInt32BE(3, 8);
  Buffer.from(hexToBytes(pad(toHex(nonce)))).copy(m, 12);
  new PublicKey(TMM_V2).toBuffer().copy(m, 44);
  Buffer.from(hexToBytes(pad(MESSENGER))).copy(m, 76);
  m.writeUInt32BE(2000, 140);
  m.writeUInt32BE(2000, 144);
  const body = 148;
  m.writeUInt32BE(1, body);
  new PublicKey(USDC_SOLANA).toBuffer().copy(m, body + 4);
  Buffer.from(hexToBytes(pad(recipient))).copy(m, body + 36);
  m.writeBigUInt64BE(amount, body + 68 + 24);
  owner.publicKey.toBuffer().copy(m, body + 100);
  return toHex(m);
}

const included = new Map<string, { signed: Buffer; inner: InnerInstruction[] }>();
const solanaRpc = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      id: number;
      method: string;
      params: unknown[];
    };
    const ctx = { context: { apiVersion: '2.0.15', slot: 310_000_200 } };
    const at = { slot: 310_000_150, blockTime: 1_763_856_100 };
    let result: unknown = null;
    if (call.method === 'getSignatureStatuses') {
      const known = included.has((call.params[0] as string[])[0]!);
      const status = {
        slot: at.slot,
        confirmations: 10,
        err: null,
        confirmationStatus: 'confirmed',
        status: { Ok: null },
      };
      result = { ...ctx, value: [known ? status : null] };
    } else if (call.method === 'getBlockTime') {
      result = at.blockTime;
    } else if (call.method === 'getTransaction') {
      const tx = included.get(call.params[0] as string);
      result = tx ? getTransactionResult(tx.signed, at, tx.inner) : null;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
  });
});

/** Iris V2 per burn transaction (404 until it indexed the burn). */
const iris = new Map<string, { amount: bigint; nonce: bigint; complete: boolean }>();
const irisServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://iris');
  const entry = url.pathname === '/v2/messages/5' ? iris.get(url.searchParams.get('transactionHash') ?? '') : undefined;
  if (!entry) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
  const message = {
    attestation: entry.complete ? ATTESTATION : 'PENDING',
    message: attestedMessage(entry.amount, entry.complete ? entry.nonce : 0n),
    eventNonce: entry.nonce.toString(),
    cctpVersion: 2,
    status: entry.complete ? 'complete' : 'pending_confirmations',
  };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: [message] }));
});

let arbitrum: Anvil;
let doubleAbi: readonly unknown[];
let store: TestStore;
let tx: TxService;
const listen = (s: http.Server) =>
  new Promise<number>((r) => s.listen(0, '127.0.0.1', () => r((s.address() as AddressInfo).port)));

beforeAll(async () => {
  arbitrum = await startAnvil(42161);
  const double = compileSolidity(
    new URL('../../../test/fixtures/evm/CctpTransmitterV2Double.sol', import.meta.url),
  ).CctpTransmitterV2Double!;
  doubleAbi = double.abi;
  await placeAt(arbitrum, await deploy(arbitrum, double), TRANSMITTER);
  const [rpcPort, irisPort] = await Promise.all([listen(solanaRpc), listen(irisServer)]);
  store = await sqliteTestStore();
  tx = testTxService({
    store: store.store,
    registry: buildRegistry(),
    rpc: `solana=http://127.0.0.1:${rpcPort},42161=${arbitrum.url}`,
    attestationUrl: `http://127.0.0.1:${irisPort}`,
  });
});
afterAll(async () => {
  await arbitrum?.stop();
  solanaRpc.close();
  irisServer.close();
  await store?.cleanup();
});

const step = (signature: string): Promise<Status> => tickedStatus(tx, 'solana', signature);
const v2 = (s: Status) => transferEvent(s, 'cctp_transfer_v2');
const eventAuthority = PublicKey.findProgramAddressSync([Buffer.from('__event_authority')], new PublicKey(TMM_V2))[0];
/** The CPIs of the burn: the transmitter's send_message, then the program's event to itself. */
const burnCpis = (event: Buffer | null): InnerInstruction[] => [
  {
    programId: MT_V2,
    accounts: [owner.publicKey.toBase58()],
    data: createHash('sha256').update('global:send_message').digest().subarray(0, 8),
  },
  ...(event ? [{ programId: TMM_V2, accounts: [eventAuthority.toBase58()], data: event }] : []),
];

describe('CCTP V2 transfer Solana → Arbitrum, tracked', () => {
  it('sent on inclusion, attested with the claim to sign, minted; success only after the mint', async () => {
    const amount = 5_000_000n;
    const { signed, signature } = signedBurn(amount);
    included.set(signature, { signed, inner: burnCpis(depositForBurnEvent(amount)) });
    await tx.track('solana', signature, null);
    let s = await step(signature);
    expect(v2(s)).toMatchObject({
      from_chain_id: 'solana',
      to_chain_id: '42161',
      state: 'CCTP_TRANSFER_SENT',
      txs: { send_tx: { chain_id: 'solana', tx_hash: signature }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait' } });

    iris.set(signature, { amount, nonce: 4242n, complete: false });
    s = await step(signature);
    expect(v2(s).state).toBe('CCTP_TRANSFER_PENDING_CONFIRMATION');

    iris.set(signature, { amount, nonce: 4242n, complete: true });
    s = await step(signature);
    expect(v2(s).state).toBe('CCTP_TRANSFER_CONFIRMED');
    // Nobody was asked to mint (no destination caller, no forwarding hook): the claim waits for the user.
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'claim', chain_id: '42161' } });

    const message = Buffer.from(attestedMessage(amount, 4242n).slice(2), 'hex');
    const minted = await arbitrum.wallet(0).writeContract({
      account: anvilAccount(0),
      chain: arbitrum.chain,
      address: TRANSMITTER,
      abi: doubleAbi,
      functionName: 'receiveMessage',
      args: [5, pad(toHex(4242n)), toHex(message.subarray(44, 76)), 2000, toHex(message.subarray(148))],
    });
    await arbitrum.publicClient.waitForTransactionReceipt({ hash: minted });
    s = await step(signature);
    expect(v2(s)).toMatchObject({
      state: 'CCTP_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: '42161', tx_hash: minted } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '42161', denom: USDC_ARBITRUM, amount: '5000000', released: true },
    });
  }, 120_000);

  it('a transaction that ran the CCTP programs but whose burn cannot be read stays pending, never a success', async () => {
    const { signed, signature } = signedBurn(1_000_000n);
    included.set(signature, { signed, inner: burnCpis(null) });
    await tx.track('solana', signature, null);
    const s = await step(signature);
    expect(s.state).toBe('STATE_PENDING');
    expect(s.transfers[0]!.state).toBe('STATE_PENDING');
  });
});
