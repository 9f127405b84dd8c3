/**
 * EVM against a real local node (anvil, chain id 1 so the registry's Ethereum facts apply): native and ERC-20
 * balances (a token compiled here with solc, its code placed at USDC's real address), broadcast of signed
 * transactions through POST /v2/tx/submit, tracking of one broadcast by the wallet (POST /v2/tx/track, what the SDK
 * does for EVM), and their status to completion through GET /v2/tx/status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encodeFunctionData, keccak256, parseEther, type Abi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../config.js';
import { buildContext } from '../context.js';
import { buildApp } from '../http/app.js';
import { BalancesResponse } from '../wire/balances.js';
import { StatusResponse, TxRefResponse } from '../wire/tx.js';
import { expectError, okBody, post } from '../http/test-helpers/app.js';
import { sqliteTestStore, type TestStore } from '../auth/test-helpers/servers.js';
import { createAccess } from '../auth/access.js';
import { createKey } from '../auth/keys-command.js';
import { silentLog } from '../auth/log.js';
import { anvilClients, compileFixture, startAnvil, type Anvil } from './test-helpers/anvil.js';
import { testTxService, tickSteps } from './test-helpers/service.js';
import type { TxService } from './service.js';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const NO_CONTRACT = '0x000000000000000000000000000000000000dEaD';

let anvil: Anvil;
let app: FastifyInstance;
let store: TestStore;
let tx: TxService;
let clients: ReturnType<typeof anvilClients>;
let token: { abi: Abi };
const user = privateKeyToAccount(generatePrivateKey());
const recipient = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  anvil = await startAnvil(1);
  clients = anvilClients(anvil);
  const compiled = compileFixture('TestToken.sol', 'TestToken');
  token = { abi: compiled.abi as Abi };
  await clients.test.setBalance({ address: user.address, value: parseEther('2.5') });
  // Deploy, then put the token's code at USDC's address so requests use the real denom (registry decimals: 6).
  const deployHash = await clients.wallet.deployContract({
    account: user,
    abi: token.abi,
    bytecode: compiled.bytecode,
  });
  const deployed = (await clients.test.waitForTransactionReceipt({ hash: deployHash })).contractAddress!;
  await clients.test.setCode({ address: USDC, bytecode: (await clients.test.getCode({ address: deployed }))! });
  const mint = await clients.wallet.writeContract({
    account: user,
    address: USDC,
    abi: token.abi,
    functionName: 'mint',
    args: [user.address, 1_234_500_000n],
  });
  await clients.test.waitForTransactionReceipt({ hash: mint });

  const ctx = buildContext(loadConfig([], {}));
  store = await sqliteTestStore();
  tx = testTxService({ store: store.store, registry: ctx.registry, rpc: `1=${anvil.url}` });
  app = await buildApp(ctx, { tx });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
  await store?.cleanup();
});

async function statusOf(hash: string) {
  const res = await app.inject({ method: 'GET', url: `/v2/tx/status?chain_id=1&tx_hash=${hash}` });
  return okBody<typeof StatusResponse.static>(res, StatusResponse);
}

async function signed(call: { to: Hex; data?: Hex; value?: bigint; gas?: bigint }, nonceOffset = 0): Promise<Hex> {
  const nonce = (await clients.test.getTransactionCount({ address: user.address, blockTag: 'pending' })) + nonceOffset;
  const fees = await clients.test.estimateFeesPerGas();
  return user.signTransaction({
    chainId: 1,
    type: 'eip1559',
    nonce,
    gas: call.gas ?? 100_000n,
    ...fees,
    to: call.to,
    data: call.data,
    value: call.value ?? 0n,
  });
}
const b64 = (hex: Hex) => Buffer.from(hex.slice(2), 'hex').toString('base64');

describe('POST /v2/info/balances on an EVM chain', () => {
  it('native and ERC-20 balances with decimals and formatted amounts; a bad token answers its own error', async () => {
    const res = await post(app, '/v2/info/balances', {
      chains: { '1': { address: user.address, denoms: ['ethereum-native', USDC, NO_CONTRACT] } },
    });
    const body = okBody<typeof BalancesResponse.static>(res, BalancesResponse);
    const denoms = body.chains['1']!.denoms;
    expect(body.chains['1']!.address).toBe(user.address);
    expect(denoms['ethereum-native']).toMatchObject({ decimals: 18, error: null });
    // The deployment and mint cost gas: below 2.5 ETH, exactly what the node reports.
    expect(denoms['ethereum-native']!.amount).toBe(String(await clients.test.getBalance({ address: user.address })));
    expect(denoms['ethereum-native']!.formatted_amount).toMatch(/^2\.4\d+$/);
    expect(denoms[USDC]).toMatchObject({ amount: '1234500000', decimals: 6, formatted_amount: '1234.5', error: null });
    // Prices as routes are valued (the shipped snapshot here): USDC at $1, so the value is the amount in dollars.
    expect(denoms[USDC]).toMatchObject({ price: '1', value_usd: '1234.50' });
    expect(Number(denoms['ethereum-native']!.price)).toBeGreaterThan(100);
    expect(denoms[NO_CONTRACT]).toMatchObject({
      amount: '0',
      error: { message: expect.stringMatching(/balance query failed/) },
    });
  });

  it('a node that is down gives error entries, not a failed request; bad addresses are refused', async () => {
    const down = testTxService({ store: store.store, registry: tx.registry, rpc: '1=http://127.0.0.1:9' });
    const ctx = buildContext(loadConfig([], {}));
    const other = await buildApp(ctx, { tx: down });
    const res = await post(other, '/v2/info/balances', {
      chains: { '1': { address: user.address, denoms: ['ethereum-native'] } },
    });
    expect(
      okBody<typeof BalancesResponse.static>(res, BalancesResponse).chains['1']!.denoms['ethereum-native']!.error
        ?.message,
    ).toMatch(/balance query failed/);
    await other.close();
    expectError(
      await post(app, '/v2/info/balances', { chains: { '1': { address: '0x1234', denoms: ['ethereum-native'] } } }),
      400,
      3,
      'invalid chains.1.address',
    );
    expectError(
      await post(app, '/v2/info/balances', { chains: { 'no-such-chain': { address: user.address, denoms: [] } } }),
      400,
      3,
      'unknown chain id "no-such-chain"',
    );
  });

  it("a universal query of one chain (no denoms, what the SDK's EVM gas check sends) answers without a key", async () => {
    const body = okBody<typeof BalancesResponse.static>(
      await post(app, '/v2/info/balances', { chains: { '1': { address: user.address } } }),
      BalancesResponse,
    );
    // The native token and the registry's ERC-20s in one batch; only what is held (the other listed tokens have no code here).
    expect(Object.keys(body.chains['1']!.denoms).sort()).toEqual([USDC, 'ethereum-native'].sort());
    expect(body.chains['1']!.denoms[USDC]!.amount).toBe('1234500000');
  });

  it('universal queries of two or more chains need an API key; with one they answer', async () => {
    const twoChains = { chains: { '1': { address: user.address }, '43114': { address: user.address } } };
    const res = await post(app, '/v2/info/balances', twoChains);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 16 });

    const { key } = await createKey(store.store, 'integrator');
    const access = await createAccess(
      store.store,
      {
        anonymous: { ratePerSecond: 0, burst: 1 },
        keyRefreshMs: 60_000,
        statsFlushMs: 60_000,
        redisKeyPrefix: 'unused:',
      },
      silentLog,
    );
    const keyed = await buildApp(buildContext(loadConfig([], {})), { access, tx });
    const body = okBody<typeof BalancesResponse.static>(
      await post(keyed, '/v2/info/balances', twoChains, { 'content-type': 'application/json', authorization: key }),
      BalancesResponse,
    );
    expect(body.chains['1']!.denoms[USDC]!.amount).toBe('1234500000');
    await keyed.close();
    await access.close();
  });
});

describe('EVM transactions: submit, track, status', () => {
  it('submits a signed ERC-20 transfer; status goes to STATE_COMPLETED_SUCCESS once mined', async () => {
    const raw = await signed({
      to: USDC,
      data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [recipient, 500_000n] }),
    });
    const res = await post(app, '/v2/tx/submit', { chain_id: '1', tx: b64(raw) });
    const ref = okBody<{ tx_hash: string; explorer_link: string }>(res, TxRefResponse);
    expect(ref.tx_hash).toBe(keccak256(raw));
    expect(ref.explorer_link).toBe(`https://etherscan.io/tx/${ref.tx_hash}`);
    expect((await statusOf(ref.tx_hash)).state).toBe('STATE_SUBMITTED');
    await clients.test.waitForTransactionReceipt({ hash: ref.tx_hash as Hex });
    await tickSteps(tx);
    const s = await statusOf(ref.tx_hash.toUpperCase().replace('0X', '0x'));
    expect(s).toMatchObject({
      state: 'STATE_COMPLETED_SUCCESS',
      status: 'STATE_COMPLETED',
      transfers: [{ state: 'STATE_COMPLETED_SUCCESS', transfer_sequence: [] }],
      error: null,
    });
    expect(
      await clients.test.readContract({ address: USDC, abi: token.abi, functionName: 'balanceOf', args: [recipient] }),
    ).toBe(500_000n);
  });

  it('a transaction that reverts on chain ends in STATE_COMPLETED_ERROR', async () => {
    const raw = await signed({
      to: USDC,
      data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [recipient, 10n ** 18n] }),
    });
    const ref = okBody<{ tx_hash: string }>(
      await post(app, '/v2/tx/submit', { chain_id: '1', tx: b64(raw) }),
      TxRefResponse,
    );
    await clients.test.waitForTransactionReceipt({ hash: ref.tx_hash as Hex });
    await tickSteps(tx);
    expect(await statusOf(ref.tx_hash)).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfers: [{ state: 'STATE_COMPLETED_ERROR' }],
      error: { type: 'STATUS_ERROR_TRANSACTION_EXECUTION', message: 'execution reverted' },
    });
  });

  it("tracks a transaction the wallet broadcast itself (the SDK's EVM path)", async () => {
    const hash = await clients.wallet.sendTransaction({ account: user, to: recipient, value: parseEther('0.01') });
    const ref = okBody<{ tx_hash: string }>(
      await post(app, '/v2/tx/track', { chain_id: '1', tx_hash: hash }),
      TxRefResponse,
    );
    expect(ref.tx_hash).toBe(hash);
    await clients.test.waitForTransactionReceipt({ hash });
    await tickSteps(tx);
    const s = await statusOf(hash);
    expect(s.state).toBe('STATE_COMPLETED_SUCCESS');
  });

  it('a contract call that emitted no event is an error, never a success', async () => {
    // balanceOf sent as a transaction: mined, succeeds, moves nothing.
    const hash = await clients.wallet.sendTransaction({
      account: user,
      to: USDC,
      data: encodeFunctionData({ abi: token.abi, functionName: 'balanceOf', args: [recipient] }),
    });
    await tx.track('1', hash, null);
    await clients.test.waitForTransactionReceipt({ hash });
    await tickSteps(tx);
    expect(await statusOf(hash)).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      transfers: [{ state: 'STATE_COMPLETED_ERROR', transfer_sequence: [] }],
      error: { type: 'STATUS_ERROR_UNKNOWN', message: 'the contract call emitted no event: it transferred nothing' },
    });
  });

  it("a call to a bridge's contract with none of its events is an error; with events Junction cannot follow it stays pending", async () => {
    // Code at Axelar's Ethereum gateway address: a call there is recognised as Axelar's.
    const gateway = '0x4F4495243837681061C4743b74B3eEdf548D56A5';
    await clients.test.setCode({ address: gateway, bytecode: (await clients.test.getCode({ address: USDC }))! });
    const silent = await clients.wallet.sendTransaction({
      account: user,
      to: gateway,
      data: encodeFunctionData({ abi: token.abi, functionName: 'balanceOf', args: [recipient] }),
    });
    await tx.track('1', silent, null);
    // A gateway log that is not a ContractCallWithToken (here a Transfer): something Junction cannot follow.
    const other = await clients.wallet.writeContract({
      account: user,
      address: gateway,
      abi: token.abi,
      functionName: 'mint',
      args: [recipient, 1n],
    });
    await tx.track('1', other, null);
    await clients.test.waitForTransactionReceipt({ hash: other });
    await tickSteps(tx);
    expect(await statusOf(silent)).toMatchObject({
      state: 'STATE_COMPLETED_ERROR',
      error: {
        type: 'STATUS_ERROR_TRANSFER',
        message: 'the transaction called axelar contracts but emitted no transfer event: nothing was sent',
      },
    });
    expect(await statusOf(other)).toMatchObject({ state: 'STATE_PENDING', transfers: [{ state: 'STATE_PENDING' }] });
  });

  it('refuses what is not a signed transaction for this chain, and what the node rejects', async () => {
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: '1', tx: 'not base64!' }),
      400,
      3,
      'tx must be base64 encoded',
    );
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: '1', tx: Buffer.from('hello').toString('base64') }),
      400,
      3,
      'not a signed EVM transaction',
    );
    const otherChain = await user.signTransaction({
      chainId: 10,
      type: 'eip1559',
      nonce: 0,
      gas: 21_000n,
      maxFeePerGas: 10n ** 9n,
      maxPriorityFeePerGas: 1n,
      to: recipient,
      value: 1n,
    });
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: '1', tx: b64(otherChain) }),
      400,
      3,
      'signed for chain 10',
    );
    const stale = await signed({ to: recipient, value: 1n, gas: 21_000n }, -1);
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: '1', tx: b64(stale) }),
      400,
      3,
      /^tx is invalid on chain: /,
    );
    expectError(
      await post(app, '/v2/tx/submit', { chain_id: 'unsupported-chain-1', tx: b64(stale) }),
      404,
      5,
      'chain id not supported',
    );
  });
});
