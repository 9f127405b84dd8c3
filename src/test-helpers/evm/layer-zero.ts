/**
 * LayerZero V2's own endpoint on anvil, from the bytecode @layerzerolabs/lz-evm-protocol-v2 ships (its artifacts):
 * EndpointV2 with the package's SimpleMessageLib registered as the default send library towards every destination.
 * SimpleMessageLib is the protocol's own minimal message library: it encodes the real packet and charges a flat fee
 * its owner sets, where the production ULN302 would price DVNs and an executor from workers and price feeds that a
 * local chain does not have. The endpoint's part is the real one: the send library lookup, the nonce, the fee check,
 * the payment to the library and the refund of the excess, the PacketSent event.
 */
import { encodeFunctionData, type Address } from 'viem';
import { anvilAccount, type Anvil } from './anvil.js';
import { deployContract, sendTx } from './deploy.js';
import { hardhatArtifact } from './npm-artifacts.js';
import type { Compiled } from './solidity.js';

const ARTIFACTS = '@layerzerolabs/lz-evm-protocol-v2/artifacts/contracts';
/** The package resolved from `from` (a dependant's folder, for the version it depends on) or the project's own. */
export const endpointV2 = (from?: string): Compiled =>
  hardhatArtifact(`${ARTIFACTS}/EndpointV2.sol/EndpointV2.json`, from);
const simpleMessageLib = (from?: string): Compiled =>
  hardhatArtifact(`${ARTIFACTS}/messagelib/SimpleMessageLib.sol/SimpleMessageLib.json`, from);

export interface LayerZeroEndpoint {
  endpoint: Address;
  endpointAbi: Compiled['abi'];
  /** The default send library, which keeps the native fee; its owner (anvil account 0) can change the fee. */
  sendLibrary: Address;
  setNativeFee(fee: bigint): Promise<void>;
}

export interface EndpointOptions {
  /** Resolve the protocol package from this folder (a dependant's, for the version it was built against). */
  from?: string;
  /** Also make the library the default receive library from each of `dstEids` (to deliver inbound packets). */
  receive?: boolean;
}

/** EndpointV2 of endpoint id `eid`, owned by anvil account 0, charging `nativeFee` per message to each of `dstEids`. */
export async function installLayerZeroEndpoint(
  node: Anvil,
  eid: number,
  dstEids: readonly number[],
  nativeFee: bigint,
  opts: EndpointOptions = {},
): Promise<LayerZeroEndpoint> {
  const owner = anvilAccount(0).address;
  const ep = endpointV2(opts.from);
  const lib = simpleMessageLib(opts.from);
  const endpoint = await deployContract(node, ep, [eid, owner]);
  const sendLibrary = await deployContract(node, lib, [endpoint, owner]);
  const call = (to: Address, c: Compiled, functionName: string, args: readonly unknown[]) =>
    sendTx(node, 0, { to, data: encodeFunctionData({ abi: c.abi, functionName, args }) });
  await call(endpoint, ep, 'registerLibrary', [sendLibrary]);
  for (const dst of dstEids) {
    await call(endpoint, ep, 'setDefaultSendLibrary', [dst, sendLibrary]);
    if (opts.receive) await call(endpoint, ep, 'setDefaultReceiveLibrary', [dst, sendLibrary, 0n]);
  }
  const setNativeFee = async (fee: bigint) => void (await call(sendLibrary, lib, 'setMessagingFee', [fee, 0n]));
  await setNativeFee(nativeFee);
  return { endpoint, endpointAbi: ep.abi, sendLibrary, setNativeFee };
}
