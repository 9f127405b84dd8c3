/**
 * Skip's CosmWasm entry-point contract (execution-mechanics §3.2): `swap_and_action` swaps the attached coin over a
 * venue's pools, checks the output against `min_asset` (net of affiliate fees, which are computed on min_asset) and
 * then performs the post-swap action (a bank transfer, an IBC transfer with its own memo, or a contract call).
 * Used as a MsgExecuteContract when the swap starts the transaction, or as an IBC-hooks `wasm` memo when a packet
 * brings the funds.
 */
import { MsgExecuteContract } from 'cosmjs-types/cosmwasm/wasm/v1/tx';
import { stringifyWithBigInts } from '../json.js';
import type { IbcFeePayment } from '../../routing/ibc-fee.js';
import type { PoolHop, SwapStep } from '../../routing/types.js';

export const MSG_EXECUTE_CONTRACT_TYPE_URL = '/cosmwasm.wasm.v1.MsgExecuteContract';

interface CoinJson {
  denom: string;
  amount: string;
}

/** IbcFee of the skip package: relayer fees the IBC adapter attaches (only Neutron's requires them). */
export interface IbcFeeJson {
  recv_fee: CoinJson[];
  ack_fee: CoinJson[];
  timeout_fee: CoinJson[];
}

/** SwapExactAssetOut buying the fee coin with the swap input (refund_address unset: the exact input is taken). */
export interface FeeSwapJson {
  swap_venue_name: string;
  operations: { pool: string; denom_in: string; denom_out: string }[];
}

interface IbcInfoJson {
  source_channel: string;
  receiver: string;
  fee?: IbcFeeJson;
  memo: string;
  recover_address: string;
}

export type PostSwapAction =
  | { transfer: { to_address: string } }
  | { ibc_transfer: { ibc_info: IbcInfoJson; fee_swap?: FeeSwapJson } }
  | { contract_call: { contract_address: string; msg: string } };

/** ibc_info.fee and fee_swap for a post-swap transfer that pays relayer fees. */
export function ibcFeeFields(payment: IbcFeePayment, venueName: string): { fee: IbcFeeJson; feeSwap?: FeeSwapJson } {
  const coins = (list: { denom: string; amount: bigint }[]) =>
    list.map((c) => ({ denom: c.denom, amount: c.amount.toString() }));
  const { recvFee, ackFee, timeoutFee } = payment.fee;
  return {
    fee: { recv_fee: coins(recvFee), ack_fee: coins(ackFee), timeout_fee: coins(timeoutFee) },
    ...(payment.feeSwap ? { feeSwap: { swap_venue_name: venueName, operations: operations(payment.feeSwap) } } : {}),
  };
}

export interface AffiliateFee {
  basis_points_fee: string;
  address: string;
}

export interface SwapAndActionInput {
  step: SwapStep;
  /** Amount attached per split route, for smart swaps; otherwise the whole input. */
  routeAmounts: bigint[];
  minAsset: bigint;
  timeoutNs: bigint;
  postSwapAction: PostSwapAction;
  affiliates: AffiliateFee[];
  /** Where an exact-out swap returns unused input. */
  refundAddress: string;
}

const native = (denom: string, amount: bigint) => ({ native: { denom, amount: amount.toString() } });

function operations(path: readonly PoolHop[]) {
  return path.map((h) => ({ pool: h.pool.id, denom_in: h.denomIn, denom_out: h.denomOut }));
}

function userSwap(i: SwapAndActionInput): Record<string, unknown> {
  const venue = i.step.venue.name;
  if (i.step.routes.length > 1) {
    return {
      smart_swap_exact_asset_in: {
        swap_venue_name: venue,
        routes: i.step.routes.map((r, k) => ({
          offer_asset: native(i.step.denomIn, i.routeAmounts[k]!),
          operations: operations(r.path),
        })),
      },
    };
  }
  const path = i.step.routes[0]!.path;
  if (i.step.exact === 'out') {
    return {
      swap_exact_asset_out: { swap_venue_name: venue, operations: operations(path), refund_address: i.refundAddress },
    };
  }
  return { swap_exact_asset_in: { swap_venue_name: venue, operations: operations(path) } };
}

/** The `swap_and_action` execute message as a JSON object (bigint timeout kept exact). */
export function swapAndAction(i: SwapAndActionInput): { swap_and_action: Record<string, unknown> } {
  return {
    swap_and_action: {
      user_swap: userSwap(i),
      min_asset: native(i.step.denomOut, i.minAsset),
      timeout_timestamp: i.timeoutNs,
      post_swap_action: i.postSwapAction,
      affiliates: i.affiliates,
    },
  };
}

/**
 * The `_with_recover` form of an entry-point call, `swap_and_action` or `action` (skip-mev/skip-go-cosmwasm-contracts
 * packages/skip/src/entry_point.rs SwapAndActionWithRecover / ActionWithRecover, commit 0d526c4): the contract runs
 * the call as a sub-message and, should it fail (a swap under its minimum, a passed deadline), sends the coins it
 * received to `recovery_addr` rather than failing the message that delivered them.
 */
export function withRecovery(msg: Record<string, unknown>, recoveryAddr: string): Record<string, unknown> {
  const [key, ...others] = Object.keys(msg);
  const body = key === undefined ? undefined : msg[key];
  if ((key !== 'swap_and_action' && key !== 'action') || others.length > 0 || typeof body !== 'object' || body === null)
    throw new Error('only a swap_and_action or an action call has a _with_recover form');
  return { [`${key}_with_recover`]: { ...body, recovery_addr: recoveryAddr } };
}

/**
 * The entry-point call's own fields whichever of its forms `msg` is: `swap_and_action` or `action`, plain or
 * `_with_recover` (withRecovery). For the trackers, which read where a delivered call sends the funds.
 */
export function entryPointCall(msg: unknown): {
  swapAndAction?: Record<string, unknown>;
  action?: Record<string, unknown>;
} {
  if (typeof msg !== 'object' || msg === null) return {};
  const m = msg as Record<string, unknown>;
  const obj = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined);
  const swapAndAction = obj(m.swap_and_action) ?? obj(m.swap_and_action_with_recover);
  const action = obj(m.action) ?? obj(m.action_with_recover);
  return { ...(swapAndAction ? { swapAndAction } : {}), ...(action ? { action } : {}) };
}

/** MsgExecuteContract on the entry point, rendered as the wire `msg` string (`msg` as a JSON object). */
export function executeContractJson(
  sender: string,
  contract: string,
  msg: object,
  funds: { denom: string; amount: bigint }[],
): string {
  const text = stringifyWithBigInts(msg);
  // Built through the chain's protobuf model so that field types are checked; rendered as the wire JSON.
  const m = MsgExecuteContract.fromPartial({
    sender,
    contract,
    msg: new TextEncoder().encode(text),
    funds: funds.map((f) => ({ denom: f.denom, amount: f.amount.toString() })),
  });
  // The wire form carries the contract message as a JSON object (bigint timeouts exact), not as bytes.
  return stringifyWithBigInts({ sender: m.sender, contract: m.contract, msg, funds: m.funds });
}
