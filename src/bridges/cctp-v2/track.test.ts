/**
 * Tracking a CCTP V2 transfer Ethereum → Arbitrum: the burn through the tests' TokenMessengerV2 stand-in at Circle's
 * address on anvil (DepositForBurn and the V2 MessageSent, src/test-helpers/evm/TestCctpV2.sol), Circle's attestation
 * service as a local server answering the Iris V2 shape (`GET /v2/messages/{sourceDomain}?transactionHash=`: the
 * message with the nonce Circle assigned, its attestation, `status`), and the mint as MessageTransmitterV2's
 * MessageReceived on a second anvil (the double in test/fixtures/evm/CctpTransmitterV2Double.sol).
 *
 * What it proves: the leg is a `cctp_transfer_v2` event (the official SDK's TransferEvent.cctpTransferV2) going SENT →
 * PENDING_CONFIRMATION → CONFIRMED → RECEIVED; the status is never a success before the mint is seen; an unforwarded
 * burn, once attested, carries the ready-to-sign claim (receiveMessage with Circle's message and attestation) as its
 * next_step, and a forwarded one (Circle mints) does not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEventLog,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  pad,
  parseAbi,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import { buildRegistry } from '../../registry/build.js';
import { sqliteTestStore, type TestStore } from '../../auth/test-helpers/servers.js';
import { tickedStatus, transferEvent } from '../../tx/test-helpers/status.js';
import type { StatusResponse as Status } from '../../wire/tx.js';
import { anvilAccount, startAnvil, type Anvil } from '../../test-helpers/evm/anvil.js';
import { deploy, ERC20_TEST_ABI, placeAt } from '../../test-helpers/evm/circle-cctp.js';
import { deployCircleCctpV2, type CircleCctpV2 } from '../../test-helpers/evm/circle-cctp-v2.js';
import { compileSolidity } from '../../test-helpers/evm/solidity.js';
import { testTxService } from '../../tx/test-helpers/service.js';
import type { TxService } from '../../tx/service.js';
import { cctpTracker } from '../cctp/track.js';
import { cctpV2Config } from './config.js';
import { TOKEN_MESSENGER_V2_ABI } from './evm.js';

const MESSAGE_SENT = parseAbi(['event MessageSent(bytes message)']);
const RECEIVE_ABI = parseAbi(['function receiveMessage(bytes message, bytes attestation) returns (bool)']);
const FORWARD_HOOK = `0x${Buffer.concat([Buffer.from('cctp-forward'), Buffer.alloc(20)]).toString('hex')}` as Hex;
const ATTESTATION = `0x${'ab'.repeat(65)}` as Hex;

let ethereum: Anvil;
let arbitrum: Anvil;
let cctp: CircleCctpV2;
let doubleAbi: readonly unknown[];
let store: TestStore;
let tx: TxService;
const user = anvilAccount(1);
const USDC_ARBITRUM = getAddress(cctpV2Config().usdc.get('42161')!);

/** Iris V2 per burn transaction: what it answers next (404 until it indexed the burn). */
const iris = new Map<string, { state: 'pending' | 'complete'; nonce: bigint }>();
const emitted = new Map<string, Hex>();
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://iris');
  const txHash = url.searchParams.get('transactionHash') ?? '';
  const entry = /^\/v2\/messages\/0$/.test(url.pathname) ? iris.get(txHash) : undefined;
  const message = emitted.get(txHash);
  if (!entry || !message)
    return res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
  // Circle's answer: while pending the message still has the zero nonce and attestation is "PENDING"; once complete
  // the message carries the nonce Circle assigned (bytes 12..44 of the V2 header) and the attestation is signed.
  const complete = entry.state === 'complete';
  const withNonce = complete
    ? `${message.slice(0, 2 + 24)}${pad(toHex(entry.nonce)).slice(2)}${message.slice(2 + 88)}`
    : message;
  res.writeHead(200, { 'content-type': 'application/json' }).end(
    JSON.stringify({
      messages: [
        {
          attestation: complete ? ATTESTATION : 'PENDING',
          message: withNonce,
          eventNonce: entry.nonce.toString(),
          cctpVersion: 2,
          status: complete ? 'complete' : 'pending_confirmations',
          delayReason: null,
        },
      ],
    }),
  );
});

beforeAll(async () => {
  [ethereum, arbitrum] = await Promise.all([startAnvil(1), startAnvil(42161)]);
  cctp = await deployCircleCctpV2(ethereum, '1', [[user.address, 10n ** 12n]]);
  const double = compileSolidity(
    new URL('../../../test/fixtures/evm/CctpTransmitterV2Double.sol', import.meta.url),
  ).CctpTransmitterV2Double!;
  doubleAbi = double.abi;
  await placeAt(arbitrum, await deploy(arbitrum, double), cctp.transmitter);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  store = await sqliteTestStore();
  tx = testTxService({
    store: store.store,
    registry: buildRegistry(),
    rpc: `1=${ethereum.url},42161=${arbitrum.url}`,
    attestationUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
});
afterAll(async () => {
  await Promise.all([ethereum?.stop(), arbitrum?.stop()]);
  server.close();
  await store?.cleanup();
});

async function send(to: Address, data: Hex): Promise<Hex> {
  const hash = await ethereum.wallet(1).sendTransaction({ to, data, account: user, chain: ethereum.chain });
  const receipt = await ethereum.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return hash;
}

/** A V2 burn of `amount` to the user on Arbitrum (domain 3); with the hook, Circle's Forwarding Service mints. */
async function burn(amount: bigint, forwarded: boolean): Promise<Hex> {
  await send(
    cctp.usdc,
    encodeFunctionData({ abi: ERC20_TEST_ABI, functionName: 'approve', args: [cctp.messenger, amount] }),
  );
  const args = [amount, 3, pad(user.address), cctp.usdc, pad('0x00'), 0n, 2000] as const;
  const hash = await send(
    cctp.messenger,
    forwarded
      ? encodeFunctionData({
          abi: TOKEN_MESSENGER_V2_ABI,
          functionName: 'depositForBurnWithHook',
          args: [...args, FORWARD_HOOK],
        })
      : encodeFunctionData({ abi: TOKEN_MESSENGER_V2_ABI, functionName: 'depositForBurn', args }),
  );
  const receipt = await ethereum.publicClient.getTransactionReceipt({ hash });
  const log = receipt.logs.find((l) => getAddress(l.address) === cctp.transmitter)!;
  emitted.set(hash, decodeEventLog({ abi: MESSAGE_SENT, data: log.data, topics: log.topics }).args.message);
  return hash;
}

/** The mint on Arbitrum: the double emits MessageTransmitterV2's MessageReceived for the message's domain and nonce. */
async function mint(message: Hex, nonce: bigint): Promise<Hex> {
  const bytes = Buffer.from(message.slice(2), 'hex');
  const hash = await arbitrum.wallet(0).writeContract({
    account: anvilAccount(0),
    chain: arbitrum.chain,
    address: cctp.transmitter,
    abi: doubleAbi,
    functionName: 'receiveMessage',
    args: [0, pad(toHex(nonce)), pad(cctp.messenger), 2000, `0x${bytes.subarray(148).toString('hex')}`],
  });
  await arbitrum.publicClient.waitForTransactionReceipt({ hash });
  return hash;
}

async function step(hash: string): Promise<Status> {
  return tickedStatus(tx, '1', hash);
}

const v2 = (s: Status) => transferEvent(s, 'cctp_transfer_v2');

describe('CCTP deadline', () => {
  it("outlasts Circle's slowest standard attestation (Linea, 32 h): a slow burn is not abandoned while attesting", () => {
    expect(cctpTracker.deadlineMs).toBeGreaterThan(32 * 3600 * 1000);
    expect(cctpTracker.deadlineMs).toBeLessThan(48 * 3600 * 1000);
  });
});

describe('CCTP V2 transfer Ethereum → Arbitrum, tracked', () => {
  it('unforwarded: sent, pending, attested with the claim to sign, minted; success only after the mint', async () => {
    const hash = await burn(7_000_000n, false);
    await tx.track('1', hash, null);
    let s = await step(hash);
    expect(v2(s)).toMatchObject({
      from_chain_id: '1',
      to_chain_id: '42161',
      state: 'CCTP_TRANSFER_SENT',
      txs: { send_tx: { chain_id: '1', tx_hash: hash }, receive_tx: null },
    });
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait' } });

    iris.set(hash, { state: 'pending', nonce: 9682n });
    s = await step(hash);
    expect(v2(s).state).toBe('CCTP_TRANSFER_PENDING_CONFIRMATION');
    expect(s.next_step?.action).toBe('wait');

    iris.set(hash, { state: 'complete', nonce: 9682n });
    s = await step(hash);
    expect(v2(s).state).toBe('CCTP_TRANSFER_CONFIRMED');
    expect(s.state).toBe('STATE_PENDING');
    expect(s.next_step).toMatchObject({ action: 'claim', chain_id: '42161' });
    const claim = s.next_step!.tx!;
    expect(claim).toMatchObject({ chain_id: '42161', to: cctp.transmitter });
    const call = decodeFunctionData({ abi: RECEIVE_ABI, data: claim.data as Hex });
    const [message, attestation] = call.args;
    expect(call.functionName).toBe('receiveMessage');
    expect(attestation).toBe(ATTESTATION);
    // Circle's message, with the nonce it assigned, not the zero-nonce message the burn emitted.
    expect(message.slice(26, 90)).toBe(pad(toHex(9682n)).slice(2));
    expect(message.slice(90)).toBe(emitted.get(hash)!.slice(90));
    // The same answer again (nothing minted yet): still pending, still the claim.
    expect((await step(hash)).state).toBe('STATE_PENDING');

    const minted = await mint(message, 9682n);
    s = await step(hash);
    expect(v2(s)).toMatchObject({
      state: 'CCTP_TRANSFER_RECEIVED',
      txs: { receive_tx: { chain_id: '42161', tx_hash: minted } },
    });
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      transfer_asset_release: { chain_id: '42161', denom: USDC_ARBITRUM, amount: '7000000', released: true },
      next_step: { action: 'none' },
    });
  }, 120_000);

  it('forwarded (cctp-forward hook): attested means Circle mints, so the step is to wait, not to claim', async () => {
    const hash = await burn(3_000_000n, true);
    await tx.track('1', hash, null);
    iris.set(hash, { state: 'complete', nonce: 9700n });
    const s = await step(hash);
    expect(v2(s).state).toBe('CCTP_TRANSFER_CONFIRMED');
    expect(s).toMatchObject({ state: 'STATE_PENDING', next_step: { action: 'wait', tx: null } });
  });
});
