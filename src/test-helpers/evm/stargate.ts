/**
 * Stargate V2 of Ethereum on anvil, from the npm package @stargatefinance/stg-evm-v2 (its shipped hardhat-deploy
 * records of ethereum-mainnet: creation bytecode, ABI, constructor arguments, deployer) and LayerZero's EndpointV2 and
 * SimpleMessageLib from the @layerzerolabs/lz-evm-protocol-v2 artifacts of the version stg-evm-v2 depends on.
 *
 * Placement: Stargate's pools keep their whole configuration (fee library, messaging, credits, …) in storage, and
 * their constructor writes storage too (owner, status) and creates the LP token, so copying runtime code to the
 * mainnet address would leave a pool without its state. Every Stargate contract is instead created the way it was on
 * mainnet: the recorded deployer is impersonated, its nonce set to the one that yields the recorded address, and the
 * recorded creation code is sent with the recorded arguments, so each contract lands at its mainnet address with its
 * constructor run there. One argument differs: the LayerZero endpoint is the local EndpointV2 (an ordinary
 * deployment; its deployer is not in the packages), not 0x1a44…728c.
 *
 * Configuration, sent as the impersonated mainnet owner: each pool's address config (FeeLibV1, TokenMessaging,
 * CreditMessaging, Treasurer, planner), FeeLibV1 fee configs (one rate for every amount), TokenMessaging asset ids,
 * peers and enforced taxi options, CreditMessaging asset ids and peers. Credits: a pool sends only as much as its
 * path to the destination holds, and a path gains credit when the remote chain's planner sends it; here each remote
 * chain's credit message is delivered through the endpoint (SimpleMessageLib verifies the packet, the endpoint calls
 * CreditMessaging.lzReceive, which credits the pools), as a real delivery would.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  getAddress,
  getContractAddress,
  keccak256,
  pad,
  parseAbi,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { anvilAccount, type Anvil } from './anvil.js';
import { installLayerZeroEndpoint } from './layer-zero.js';

const require = createRequire(import.meta.url);
const stgDir = path.dirname(require.resolve('@stargatefinance/stg-evm-v2/package.json'));

interface Deployment {
  address: Address;
  abi: Abi;
  bytecode: Hex;
  args: unknown[];
  receipt: { from: Address };
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const deployment = (name: string) =>
  readJson<Deployment>(path.join(stgDir, 'deployments', 'ethereum-mainnet', `${name}.json`));

const MAINNET_ENDPOINT = '0x1a44076050125825900e736c501f859c50fE728c';
/** Stargate's asset ids (@stargatefinance/stg-definitions-v2): USDC 1, USDT 2, ETH 13. */
const POOLS = {
  USDC: { pool: 'StargatePoolUSDC', feeLib: 'FeeLibV1USDC', assetId: 1 },
  USDT: { pool: 'StargatePoolUSDT', feeLib: 'FeeLibV1USDT', assetId: 2 },
  ETH: { pool: 'StargatePoolNative', feeLib: 'FeeLibV1ETH', assetId: 13 },
} as const;
export type StargateSymbol = keyof typeof POOLS;

/** Stand-ins for the remote chains' TokenMessaging and CreditMessaging (their addresses do not matter here). */
export const tokenMessagingPeer = (eid: number) => pad(`0x${(0x7a0000 + eid).toString(16)}`);
const creditMessagingPeer = (eid: number) => pad(`0x${(0xc00000 + eid).toString(16)}`);
/** Taxi's enforced options: an executor lzReceive option with this gas (type 3 options). */
const TAXI_GAS = 100_000n;
export const taxiEnforcedOptions = encodePacked(
  ['uint16', 'uint8', 'uint16', 'uint8', 'uint128'],
  [3, 1, 17, 1, TAXI_GAS],
);

export interface StargateV2 {
  endpoint: Address;
  endpointAbi: Abi;
  tokenMessaging: Address;
  pools: Record<StargateSymbol, { pool: Address; feeLib: Address; abi: Abi; assetId: number }>;
}

async function send(
  node: Anvil,
  from: Address,
  to: Address | undefined,
  data: Hex,
): Promise<Address | null | undefined> {
  const hash = await node.wallet(0).sendTransaction({ account: from, to, data, chain: node.chain });
  const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction from ${from} to ${to ?? 'create'} reverted`);
  return receipt.contractAddress;
}

/** The nonce at which `from` creates `address` (searched up to 100 000). */
function creationNonce(from: Address, address: Address): number {
  for (let nonce = 0; nonce < 100_000; nonce++)
    if (getContractAddress({ from, nonce: BigInt(nonce) }) === getAddress(address)) return nonce;
  throw new Error(`${address} is not a CREATE address of ${from}`);
}

/** Replays a mainnet creation at its recorded address, with the local endpoint in place of the mainnet one. */
async function replay(node: Anvil, d: Deployment, endpoint: Address): Promise<Address> {
  const from = getAddress(d.receipt.from);
  await node.testClient.impersonateAccount({ address: from });
  await node.testClient.setBalance({ address: from, value: 10n ** 22n });
  await node.testClient.setNonce({ address: from, nonce: creationNonce(from, d.address) });
  const ctor = d.abi.find((i) => i.type === 'constructor');
  const args = d.args.map((a) =>
    typeof a === 'string' && a.toLowerCase() === MAINNET_ENDPOINT.toLowerCase() ? endpoint : a,
  );
  const created = await send(
    node,
    from,
    undefined,
    encodeDeployData({ abi: ctor ? [ctor] : [], bytecode: d.bytecode, args }),
  );
  if (getAddress(created!) !== getAddress(d.address)) throw new Error(`created ${created}, expected ${d.address}`);
  return getAddress(d.address);
}

const OWNER_ABI = parseAbi([
  'struct AddressConfig { address feeLib; address planner; address treasurer; address tokenMessaging; address creditMessaging; address lzToken; }',
  'struct EnforcedOptionParam { uint32 eid; uint16 msgType; bytes options; }',
  'function setAddressConfig(AddressConfig config)',
  'function setFeeConfig(uint32 dstEid, uint64 zone1UpperBound, uint64 zone2UpperBound, uint24 zone1FeeMillionth, uint24 zone2FeeMillionth, uint24 zone3FeeMillionth, uint24 rewardMillionth)',
  'function setAssetId(address stargateImpl, uint16 assetId)',
  'function setPeer(uint32 eid, bytes32 peer)',
  'function setPlanner(address planner)',
  'function setEnforcedOptions(EnforcedOptionParam[] enforcedOptions)',
]);
const LZ_ABI = parseAbi([
  'struct Origin { uint32 srcEid; bytes32 sender; uint64 nonce; }',
  'function validatePacket(bytes packetBytes)',
  'function lzReceive(Origin origin, address receiver, bytes32 guid, bytes message, bytes extraData) payable',
]);

export interface StargateV2Options {
  localEid: number;
  remoteEids: readonly number[];
  /** SimpleMessageLib's fixed native fee per message. */
  endpointFee: bigint;
  /** FeeLibV1's fee for every destination and amount, in millionths. */
  feeMillionth: number;
  /** Credit (shared decimals) each remote chain's planner grants every pool's path. */
  credit: bigint;
}

export async function deployStargateV2(node: Anvil, o: StargateV2Options): Promise<StargateV2> {
  // anvil's first account (unlocked on the node) deploys and owns the endpoint and the message library, of the
  // LayerZero version stg-evm-v2 depends on; the library also delivers the remote planners' credit packets.
  const admin = anvilAccount(0).address;
  const lz0 = await installLayerZeroEndpoint(node, o.localEid, o.remoteEids, o.endpointFee, {
    from: stgDir,
    receive: true,
  });
  const { endpoint, sendLibrary: lib } = lz0;
  const call = (from: Address, to: Address, data: Hex) => send(node, from, to, data);
  const lz = (from: Address, to: Address, functionName: string, args: readonly unknown[]) =>
    call(from, to, encodeFunctionData({ abi: LZ_ABI, functionName, args } as Parameters<typeof encodeFunctionData>[0]));

  // Mainnet creation order (the deployer's nonces): pools, messaging, fee libraries, treasurer.
  const entries = Object.entries(POOLS) as [StargateSymbol, (typeof POOLS)[StargateSymbol]][];
  const poolAt = new Map<StargateSymbol, { pool: Address; abi: Abi }>();
  for (const [symbol, p] of entries) {
    const d = deployment(p.pool);
    poolAt.set(symbol, { pool: await replay(node, d, endpoint), abi: d.abi });
  }
  const tokenMessaging = await replay(node, deployment('TokenMessaging'), endpoint);
  const creditMessaging = await replay(node, deployment('CreditMessaging'), endpoint);
  const pools = {} as StargateV2['pools'];
  for (const [symbol, p] of entries)
    pools[symbol] = {
      ...poolAt.get(symbol)!,
      feeLib: await replay(node, deployment(p.feeLib), endpoint),
      assetId: p.assetId,
    };
  const treasurer = await replay(node, deployment('Treasurer'), endpoint);

  const owner = getAddress(deployment('TokenMessaging').receipt.from);
  const own = (to: Address, functionName: string, args: readonly unknown[]) =>
    call(
      owner,
      to,
      encodeFunctionData({ abi: OWNER_ABI, functionName, args } as Parameters<typeof encodeFunctionData>[0]),
    );
  for (const { pool, feeLib, assetId } of Object.values(pools)) {
    await own(pool, 'setAddressConfig', [
      { feeLib, planner: owner, treasurer, tokenMessaging, creditMessaging, lzToken: zeroAddress },
    ]);
    for (const eid of o.remoteEids)
      await own(feeLib, 'setFeeConfig', [eid, 0n, 0n, o.feeMillionth, o.feeMillionth, o.feeMillionth, 0]);
    await own(tokenMessaging, 'setAssetId', [pool, assetId]);
    await own(creditMessaging, 'setAssetId', [pool, assetId]);
  }
  for (const m of [tokenMessaging, creditMessaging]) await own(m, 'setPlanner', [owner]);
  await own(tokenMessaging, 'setEnforcedOptions', [
    o.remoteEids.map((eid) => ({ eid, msgType: 1, options: taxiEnforcedOptions })),
  ]);
  for (const eid of o.remoteEids) {
    await own(tokenMessaging, 'setPeer', [eid, tokenMessagingPeer(eid)]);
    await own(creditMessaging, 'setPeer', [eid, creditMessagingPeer(eid)]);
  }

  // Each remote chain's planner sends credits (srcEid = that chain) for all three assets: one CreditMessaging message.
  for (const eid of o.remoteEids) {
    const assets = Object.values(pools);
    const message = encodePacked(
      ['uint8', ...assets.flatMap(() => ['uint16', 'uint8', 'uint32', 'uint64'])],
      [assets.length, ...assets.flatMap((p) => [p.assetId, 1, eid, o.credit])],
    );
    const sender = creditMessagingPeer(eid);
    const receiver = pad(creditMessaging.toLowerCase() as Hex);
    const nonce = 1n;
    const guid = keccak256(
      encodePacked(['uint64', 'uint32', 'bytes32', 'uint32', 'bytes32'], [nonce, eid, sender, o.localEid, receiver]),
    );
    const packet = encodePacked(
      ['uint8', 'uint64', 'uint32', 'bytes32', 'uint32', 'bytes32', 'bytes32', 'bytes'],
      [1, nonce, eid, sender, o.localEid, receiver, guid, message],
    );
    await lz(admin, lib, 'validatePacket', [packet]);
    await lz(admin, endpoint, 'lzReceive', [{ srcEid: eid, sender, nonce }, creditMessaging, guid, message, '0x']);
  }
  return { endpoint, endpointAbi: lz0.endpointAbi, tokenMessaging, pools };
}
