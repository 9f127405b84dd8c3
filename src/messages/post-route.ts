/**
 * The caller's post_route_handler, the route's very last action: a contract call (`wasm_msg`) or a Stride autopilot
 * action (`autpilot_msg`). Every address in it is checked as an address of the chain where it is used and emitted
 * in canonical form, and the contract message is carried byte-exact (wasm-msg.ts).
 */
import { invalidArgument } from '../errors.js';
import type { PostRouteHandler } from '../wire/msgs.js';
import type { Registry } from '../registry/registry.js';
import { requireAddress } from './address.js';
import type { Arrival } from './cosmos/memo.js';
import type { RawJson } from './json.js';
import { parseWasmMsg } from './wasm-msg.js';

export interface WasmCall {
  contract: string;
  msg: RawJson;
}

/** The wasm_msg as a call on `chainId`, the chain whose wasmd executes it. */
export function wasmCallOn(
  registry: Registry,
  chainId: string,
  wasm: NonNullable<PostRouteHandler['wasm_msg']>,
): WasmCall {
  const contract = requireAddress(
    registry,
    chainId,
    wasm.contract_address,
    'post_route_handler.wasm_msg.contract_address',
  );
  return { contract, msg: parseWasmMsg(wasm.msg) };
}

/** The caller's final action on the destination chain, carried by the last packet's memo. */
export function postRouteArrival(
  registry: Registry,
  chainId: string,
  handler: PostRouteHandler,
  userAddress: string,
): Arrival {
  const chain = registry.chain(chainId);
  if (handler.wasm_msg && handler.autpilot_msg)
    throw invalidArgument('invalid post_route_handler: give only one of wasm_msg and autpilot_msg');
  if (handler.wasm_msg) {
    if (!chain?.capabilities.ibcHooks) {
      throw invalidArgument(
        `invalid post_route_handler.wasm_msg: ${chainId} does not run IBC hooks, so a packet cannot call a contract there`,
      );
    }
    const { contract, msg } = wasmCallOn(registry, chainId, handler.wasm_msg);
    // IBC hooks require the packet receiver to be the contract it calls.
    return { receiver: contract, memo: { wasm: { contract, msg } } };
  }
  if (handler.autpilot_msg) {
    if (!chain?.capabilities.autopilot) {
      throw invalidArgument(`invalid post_route_handler.autpilot_msg: ${chainId} does not run the autopilot module`);
    }
    const { action } = handler.autpilot_msg;
    const receiver = requireAddress(
      registry,
      chainId,
      handler.autpilot_msg.receiver,
      'post_route_handler.autpilot_msg.receiver',
    );
    const body =
      action === 'LIQUID_STAKE' ? { stakeibc: { action: 'LiquidStake' } } : { claim: { stride_address: receiver } };
    return { receiver, memo: { autopilot: { receiver, ...body } } };
  }
  return { receiver: userAddress, memo: undefined };
}
