/**
 * The official SDK's executeRoute, end to end, for a Cosmos route: ATOM from Osmosis to Neutron (unwinding through
 * the Cosmos Hub, forwarded by its packet-forward middleware), signed by an offline cosmjs wallet. The SDK asks
 * Junction for the route and messages, checks the gas balance through POST /v2/info/balances, reads the account
 * from the chain's RPC, signs, submits through POST /v2/tx/submit and polls GET /v2/tx/status until the transfer is
 * complete. The chains are local servers answering the CometBFT RPC shapes; their "IBC module" reads the signed
 * transaction the SDK broadcast (after checking its signature) and a relayer carries the packets on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { executeRoute, route, setClientOptions, type TxStatusResponse } from '@skip-go/client';
import { DirectSecp256k1HdWallet, makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { MsgTransfer } from 'cosmjs-types/ibc/applications/transfer/v1/tx';
import { FakeCosmosNetwork } from '../src/tx/test-helpers/cosmos-network.js';
import { RESULT_ACK, sendPacket, TestRelayer, writeAck, type Packet } from '../src/tx/test-helpers/ibc-relayer.js';
import { startTrackingServer, type TrackingServer } from './sdk-tracking-server.js';

const ATOM_ON_OSMOSIS = 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2';
const ATOM_ON_NEUTRON = 'ibc/C4CFF46FD6DE35CA4CF4CE031E643C8FDC9BA4B99AE598E9B0ED98FE3A2319F9';
const PREFIX: Record<string, string> = { 'osmosis-1': 'osmo', 'cosmoshub-4': 'cosmos', 'neutron-1': 'neutron' };
const ACCOUNT_NUMBER = 4_242n;

const net = new FakeCosmosNetwork();
let server: TrackingServer;
let mnemonic: string;
const wallets: Record<string, DirectSecp256k1HdWallet> = {};
const addresses: Record<string, string> = {};
const delivered: string[] = [];

beforeAll(async () => {
  for (const id of Object.keys(PREFIX)) net.chain(id);
  await net.start();
  mnemonic = (await DirectSecp256k1HdWallet.generate(24)).mnemonic;
  for (const [id, prefix] of Object.entries(PREFIX)) {
    wallets[id] = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix });
    addresses[id] = (await wallets[id].getAccounts())[0]!.address;
  }
  const osmosis = net.chain('osmosis-1');
  osmosis.accounts.set(addresses['osmosis-1']!, { accountNumber: ACCOUNT_NUMBER, sequence: 3n });
  osmosis.setBalance(addresses['osmosis-1']!, 'uosmo', 5_000_000n);
  osmosis.setBalance(addresses['osmosis-1']!, ATOM_ON_OSMOSIS, 2_000_000n);

  server = await startTrackingServer(net.settings());
  const { registry } = server.ctx;
  const relayer = new TestRelayer(net, registry);
  osmosis.onBroadcast = (bytes) => ibcModule(bytes, relayer, registry.pathOfIbcDenom('osmosis-1', ATOM_ON_OSMOSIS)!);
  const endpoints = Object.fromEntries(
    Object.keys(PREFIX).map((id) => [id, { rpc: net.rpcUrl(id), rest: net.restUrl(id) }]),
  );
  setClientOptions({
    apiUrl: server.apiUrl,
    endpointOptions: { endpoints },
  });
});
afterAll(async () => {
  await server?.stop();
  await net.stop();
});

/**
 * What Osmosis does with the broadcast: verify the signature against the account, include the transaction with the
 * packet its MsgTransfer sends, then relay hop by hop (the Hub forwards as its memo says) a little later.
 */
function ibcModule(bytes: Uint8Array, relayer: TestRelayer, atomPath: string): { code: number; log: string } {
  const raw = TxRaw.decode(bytes);
  const authInfo = AuthInfo.decode(raw.authInfoBytes);
  const pubkey = PubKey.decode(authInfo.signerInfos[0]!.publicKey!.value).key;
  const signBytes = makeSignBytes(makeSignDoc(raw.bodyBytes, raw.authInfoBytes, 'osmosis-1', Number(ACCOUNT_NUMBER)));
  const valid = Secp256k1.verifySignature(
    Secp256k1Signature.fromFixedLength(raw.signatures[0]!),
    sha256(signBytes),
    pubkey,
  );
  // What the chain's ante handler answers for a bad signature or sequence (code 4: unauthorized).
  if (!valid || authInfo.signerInfos[0]!.sequence !== 3n) return { code: 4, log: 'signature verification failed' };
  const body = TxBody.decode(raw.bodyBytes);
  const msg = MsgTransfer.decode(body.messages[0]!.value);
  const first = relayer.packet('osmosis-1', msg.sourceChannel, {
    // ICS-20 sends the voucher's full trace path, not its ibc/ hash.
    denom: msg.token.denom === ATOM_ON_OSMOSIS ? atomPath : msg.token.denom,
    amount: msg.token.amount,
    sender: msg.sender,
    receiver: msg.receiver,
    memo: msg.memo,
  });
  net.chain('osmosis-1').include([sendPacket(first)], { txBytes: bytes });
  const forward = (JSON.parse(msg.memo) as { forward: { receiver: string; channel: string } }).forward;
  const later = (ms: number, f: () => void) => setTimeout(f, ms);
  let second: Packet;
  later(300, () => {
    second = relayer.packet('cosmoshub-4', forward.channel, {
      denom: 'uatom',
      amount: first.data.amount,
      sender: addresses['cosmoshub-4']!,
      receiver: forward.receiver,
      memo: '',
    });
    relayer.recv(first, null, [sendPacket(second)]);
  });
  later(600, () => {
    relayer.recv(second, RESULT_ACK);
    delivered.push(second.data.receiver);
  });
  later(900, () => {
    relayer.acknowledge(second, [writeAck(first, RESULT_ACK)]);
    relayer.acknowledge(first);
  });
  return { code: 0, log: '' };
}

it('executeRoute: route, messages, gas check, sign, submit, status to STATE_COMPLETED_SUCCESS', async () => {
  const r = await route({
    amountIn: '1000000',
    sourceAssetDenom: ATOM_ON_OSMOSIS,
    sourceAssetChainId: 'osmosis-1',
    destAssetDenom: ATOM_ON_NEUTRON,
    destAssetChainId: 'neutron-1',
  });
  expect(r?.requiredChainAddresses).toEqual(['osmosis-1', 'cosmoshub-4', 'neutron-1']);
  const completed: TxStatusResponse[] = [];
  const broadcasts: string[] = [];
  await executeRoute({
    route: r!,
    userAddresses: r!.requiredChainAddresses.map((chainId) => ({ chainId, address: addresses[chainId]! })),
    getCosmosSigner: async (chainId) => wallets[chainId]!,
    simulate: false,
    getFallbackGasAmount: async () => 250_000,
    onTransactionBroadcast: async ({ txHash }) => void broadcasts.push(txHash),
    onTransactionCompleted: async ({ status }) => void completed.push(status as TxStatusResponse),
  });
  // One transaction, signed by the wallet, broadcast to Osmosis through Junction.
  expect(net.chain('osmosis-1').broadcasts).toHaveLength(1);
  expect(broadcasts).toHaveLength(1);
  expect(delivered).toEqual([addresses['neutron-1']]);
  expect(completed[0]).toMatchObject({
    state: 'STATE_COMPLETED_SUCCESS',
    transferAssetRelease: { chainId: 'neutron-1', denom: ATOM_ON_NEUTRON, amount: '1000000', released: true },
  });
  expect(completed[0]!.transferSequence.map((e) => ('ibcTransfer' in e ? e.ibcTransfer?.state : undefined))).toEqual([
    'TRANSFER_SUCCESS',
    'TRANSFER_SUCCESS',
  ]);
});
