/**
 * The official SDK's executeRoute, end to end, for an EVM route: USDC from Ethereum to Avalanche over CCTP V2 (the
 * standard transfer, forwarded by Circle: smart_relay), signed by a viem local account. Ethereum is a local node
 * (anvil, chain id 1) running the tests' TokenMessengerV2 and MessageTransmitterV2 stand-ins at Circle's addresses
 * (the published V2 interface and events, src/test-helpers/evm/TestCctpV2.sol); Avalanche is a second anvil whose
 * MessageTransmitterV2 is the tests' double (it emits the real V2 MessageReceived event); Circle's attestation service
 * is a local server answering the Iris V2 shapes (/v2/messages/{domain}?transactionHash=, with the nonce it assigns),
 * and, as Circle's Forwarding Service, mints on Avalanche once it has attested.
 *
 * The SDK asks Junction for the route and messages, checks the gas balance through POST /v2/info/balances (a
 * universal query of the source chain, open to callers without a key: the second run has none), sends the ERC-20 approval and the burn from the wallet, then tracks the
 * transaction through POST /v2/tx/track and polls GET /v2/tx/status until Junction reports the transfer complete.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { executeRoute, route, setClientOptions, type TxStatusResponse } from '@skip-go/client';
import {
  createWalletClient,
  decodeEventLog,
  getAddress,
  http as viemHttp,
  pad,
  parseAbiItem,
  type Abi,
  type Address,
  type Hex,
  toHex,
} from 'viem';
import { anvilAccount, startAnvil, type Anvil } from '../src/test-helpers/evm/anvil.js';
import { deploy, ERC20_TEST_ABI, placeAt } from '../src/test-helpers/evm/circle-cctp.js';
import { deployCircleCctpV2, type CircleCctpV2 } from '../src/test-helpers/evm/circle-cctp-v2.js';
import { compileSolidity } from '../src/test-helpers/evm/solidity.js';
import { startTrackingServer, type TrackingServer } from './sdk-tracking-server.js';

const USDC_AVALANCHE = '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E';
/** MessageTransmitterV2: one address on every EVM chain. */
const TRANSMITTER_V2 = '0x81D40F21F12A8F0E3252Bccb954D722d4c464B64';
const MESSAGE_SENT = parseAbiItem('event MessageSent(bytes message)');
const AMOUNT = 25_000_000n;

let ethereum: Anvil;
let avalanche: Anvil;
let cctp: CircleCctpV2;
let doubleAbi: Abi;
let server: TrackingServer;
const user = anvilAccount(3);
const minted: bigint[] = [];
const nonceOf = new Map<string, bigint>();

/**
 * Circle's attestation service for Ethereum's messages: a message it has not seen answers 404; once the burn is in a
 * block it is attested, and the relayer receives it on Avalanche (the double's receiveMessage emits MessageReceived
 * with the message's source domain and nonce, which is what Junction's tracker looks for).
 */
const iris = http.createServer((req, res) => {
  void (async () => {
    // CCTP V2: the attestation service finds messages by source domain and burn transaction, and assigns the nonce.
    const url = new URL(req.url ?? '/', 'http://iris');
    const domain = /^\/v2\/messages\/(\d+)$/.exec(url.pathname)?.[1];
    const txHash = url.searchParams.get('transactionHash') as Hex | null;
    const receipt =
      domain === '0' && txHash ? await ethereum.publicClient.getTransactionReceipt({ hash: txHash }) : null;
    const logs = (receipt?.logs ?? []).filter((l) => getAddress(l.address) === cctp.transmitter);
    if (logs.length === 0)
      return res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
    const { message } = decodeEventLog({ abi: [MESSAGE_SENT], data: logs[0]!.data, topics: logs[0]!.topics }).args;
    const bytes = Buffer.from(message.slice(2), 'hex');
    // One nonce per burn (Circle assigns them in V2): the first burn seen gets 4242, the next 4243, ...
    const nonce = nonceOf.get(txHash!) ?? 4242n + BigInt(nonceOf.size);
    nonceOf.set(txHash!, nonce);
    if (!minted.includes(nonce)) {
      minted.push(nonce);
      // Circle's Forwarding Service (the route is forwarded) mints on Avalanche.
      const mint = await avalanche.wallet(0).writeContract({
        account: anvilAccount(0),
        chain: avalanche.chain,
        address: TRANSMITTER_V2,
        abi: doubleAbi,
        functionName: 'receiveMessage',
        args: [
          bytes.readUInt32BE(4),
          pad(toHex(nonce)),
          pad(cctp.messenger),
          bytes.readUInt32BE(140),
          `0x${bytes.subarray(148).toString('hex')}`,
        ],
      });
      await avalanche.publicClient.waitForTransactionReceipt({ hash: mint });
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        messages: [{ message, eventNonce: nonce.toString(), attestation: `0x${'ab'.repeat(65)}`, status: 'complete' }],
      }),
    );
  })().catch((err: unknown) => res.writeHead(500).end(String(err)));
});

beforeAll(async () => {
  [ethereum, avalanche] = await Promise.all([startAnvil(1), startAnvil(43114)]);
  cctp = await deployCircleCctpV2(ethereum, '1', [[user.address, 100_000_000n]]);
  const double = compileSolidity(
    new URL('./fixtures/evm/CctpTransmitterV2Double.sol', import.meta.url),
  ).CctpTransmitterV2Double!;
  doubleAbi = double.abi;
  await placeAt(avalanche, await deploy(avalanche, double), TRANSMITTER_V2 as Address);
  await new Promise<void>((resolve) => iris.listen(0, '127.0.0.1', resolve));

  server = await startTrackingServer({
    rpc: `1=${ethereum.url},43114=${avalanche.url}`,
    attestationUrl: `http://127.0.0.1:${(iris.address() as AddressInfo).port}`,
    keyName: 'wallet',
  });
});
afterAll(async () => {
  await server?.stop();
  iris.close();
  await Promise.all([ethereum?.stop(), avalanche?.stop()]);
});

/** One executeRoute of USDC from Ethereum to Avalanche; the user's Ethereum USDC balance after it. */
async function transfer(): Promise<{
  approvals: string[];
  broadcasts: string[];
  completed: TxStatusResponse[];
  left: bigint;
}> {
  const usdcEthereum = getAddress(cctp.usdc);
  const r = await route({
    amountIn: AMOUNT.toString(),
    sourceAssetDenom: usdcEthereum,
    sourceAssetChainId: '1',
    destAssetDenom: USDC_AVALANCHE,
    destAssetChainId: '43114',
  });
  expect(r?.requiredChainAddresses).toEqual(['1', '43114']);
  expect(r?.operations.map((o) => Object.keys(o).find((k) => k.includes('Transfer')))).toEqual(['cctpTransferV2']);

  const completed: TxStatusResponse[] = [];
  const broadcasts: string[] = [];
  const approvals: string[] = [];
  await executeRoute({
    route: r!,
    userAddresses: r!.requiredChainAddresses.map((chainId) => ({ chainId, address: user.address })),
    getEvmSigner: async (chainId) => {
      const node = chainId === '1' ? ethereum : avalanche;
      return createWalletClient({ account: user, chain: node.chain, transport: viemHttp(node.url) });
    },
    onApproveAllowance: async ({ status }) => void approvals.push(status),
    onTransactionBroadcast: async ({ txHash }) => void broadcasts.push(txHash),
    onTransactionCompleted: async ({ status }) => void completed.push(status as TxStatusResponse),
  });

  const left = await ethereum.publicClient.readContract({
    address: cctp.usdc,
    abi: ERC20_TEST_ABI,
    functionName: 'balanceOf',
    args: [user.address],
  });
  return { approvals, broadcasts, completed, left };
}

it('executeRoute: route, gas check, approval, burn on anvil, track, status to STATE_COMPLETED_SUCCESS', async () => {
  expect(server.apiKey).toBeTruthy();
  setClientOptions({ apiUrl: server.apiUrl, apiKey: server.apiKey });
  const { approvals, broadcasts, completed, left } = await transfer();
  // One transaction on Ethereum after the approval it required; Circle's contracts burnt exactly the amount.
  expect(approvals.filter((s) => s === 'pending')).toHaveLength(1);
  expect(broadcasts).toHaveLength(1);
  const receipt = await ethereum.publicClient.getTransactionReceipt({ hash: broadcasts[0] as Hex });
  const sent = receipt.logs
    .filter((l) => getAddress(l.address) === cctp.transmitter)
    .map((l) => decodeEventLog({ abi: [MESSAGE_SENT], data: l.data, topics: l.topics }));
  expect(sent).toHaveLength(1);
  expect(left).toBe(100_000_000n - AMOUNT);
  expect(minted).toHaveLength(1);

  expect(completed[0]).toMatchObject({
    state: 'STATE_COMPLETED_SUCCESS',
    transferAssetRelease: { chainId: '43114', denom: USDC_AVALANCHE, amount: AMOUNT.toString(), released: true },
  });
  const event = completed[0]!.transferSequence[0]!;
  // A V2 leg: the SDK's own key for it (TransferEvent.cctpTransferV2), in the V1 shape.
  expect('cctpTransferV2' in event && event.cctpTransferV2?.state).toBe('CCTP_TRANSFER_RECEIVED');
});

it('executeRoute without an API key: the gas check is answered, the burn goes through to completion', async () => {
  setClientOptions({ apiUrl: server.apiUrl });
  const { broadcasts, completed, left } = await transfer();
  expect(broadcasts).toHaveLength(1);
  expect(left).toBe(100_000_000n - 2n * AMOUNT);
  expect(minted).toHaveLength(2);
  expect(completed[0]).toMatchObject({ state: 'STATE_COMPLETED_SUCCESS' });
});
