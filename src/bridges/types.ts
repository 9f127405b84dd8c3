/**
 * The Bridge plug-in interface. A bridge moves a holding (an asset on a chain) to a holding on another chain; the
 * route engine (src/routing/) knows bridges only through this interface, and adding one means adding a folder under
 * src/bridges/<id>/ and listing it in src/bridges/index.ts, whose set context.ts hands to the engine (set.ts).
 *
 * Two kinds of bridge share the interface:
 * - IBC (src/bridges/ibc/) offers a *computed* edge: the same-origin transfer path between any two holdings of one
 *   origin asset follows from their traces (routing/transfer-path.ts), so it is not listed lane by lane. Its steps
 *   are `transfer` steps, folded into memos by the message builder.
 * - Lane bridges (CCTP, and every later one) offer *listed* lanes between two fixed holdings, built once per registry
 *   from the registry and data/. Their steps are `bridge` steps; the bridge quotes them, renders and re-validates
 *   their wire records, builds their transaction, and says which neighbouring steps can share that transaction.
 */
import type { BridgeType } from '../wire/common.js';
import type { BridgeOperationKind } from '../wire/operation.js';
import type { Tx } from '../wire/msgs.js';
import type { Registry } from '../registry/registry.js';
import type { LiveFeeProbe } from './live-fees.js';

/** One listed way across: holding (fromChainId, denomIn) becomes holding (toChainId, denomOut). */
export interface Lane {
  readonly bridge: BridgeType;
  readonly fromChainId: string;
  readonly toChainId: string;
  readonly denomIn: string;
  readonly denomOut: string;
  /**
   * Chains the funds pass through between the lane's ends, in order (Axelar: every transfer is confirmed on and
   * sent from the Axelar chain). A route that already left one of them does not come back to it through the lane.
   */
  readonly via?: readonly string[];
}

/** A fee a hop charges, in base units of an asset on a chain. */
export interface StepFee {
  type: 'SMART_RELAY';
  chainId: string;
  denom: string;
  amount: bigint;
  /** Deducted from the amount moved, or paid on top of it (EVM native value). */
  behavior: 'FEE_BEHAVIOR_DEDUCTED' | 'FEE_BEHAVIOR_ADDITIONAL';
  /**
   * Where a fee the chain sets came from (bridges/live-fees.ts): quoted on chain by the fee refresher, or the
   * bridge's fee table (an upper-bound estimate) when its source chain has no endpoint. Absent for fixed fees.
   */
  estimate?: 'live' | 'fee_table';
}

/** A lane priced for an amount. */
export interface LaneQuote {
  amountIn: bigint;
  amountOut: bigint;
  fees: StepFee[];
  /** Expected seconds from signing to funds usable at the far end. */
  seconds: number;
}

/** Why a lane cannot carry an amount (below a minimum, above a limit...): named in "no route" errors. */
export interface LaneRefusal {
  refused: string;
}

/** A lane bridge hop in a planned route, with the amounts it carries. */
export interface BridgeStep<L extends Lane = Lane> {
  kind: 'bridge';
  /** The plug-in that quoted the lane: it renders, builds and chains the step (the engine holds no bridge list). */
  bridge: LaneBridge;
  lane: L;
  amountIn: bigint;
  amountOut: bigint;
  fees: StepFee[];
  seconds: number;
}

/** What the message builder gives a bridge to build the transaction on the lane's first chain. */
export interface BridgeTxInput<L extends Lane = Lane> {
  registry: Registry;
  step: BridgeStep<L>;
  /** Amount the transaction commits to (what enters the step). */
  amount: bigint;
  /** The user's address on the source chain (signer) and on the destination chain (recipient). */
  sender: string;
  recipient: string;
  /** Indices of the route operations the transaction executes. */
  operationIndices: number[];
  /** Solana context, present when the HTTP layer fetched it for a transaction that starts on Solana. */
  solana?: SolanaTxContext;
  /** Absolute IBC timeout (ns) of the transaction, for a bridge whose first message is an ICS-20 transfer (Axelar). */
  timeoutTimestampNs?: bigint;
  /** The caller's slippage tolerance in parts per million (bridges that take a minimum amount out use it). */
  slippagePpm?: bigint;
  /**
   * Wall-clock time of the request in milliseconds, and the caller's timeout: for bridges whose transaction expires.
   * A deadline is nowMs + opensAfterSeconds + timeoutSeconds (or more); a limit the sending chain counts from the
   * block that includes the transaction (Eureka's one day) counts from nowMs, the earliest it can be sent.
   */
  nowMs: number;
  /**
   * Seconds after the request when this transaction can be sent: 0 for a route's first transaction, the expected
   * arrival of its funds (with an allowance) for a later one (src/messages/tx-window.ts).
   */
  opensAfterSeconds: number;
  timeoutSeconds: number;
  /**
   * When the lane carries the steps after it (carriesNext): the contract call that runs them on arrival, which the
   * lane delivers its funds to (a Go Fast order's `data`, a callback memo on an IBC v2 packet).
   */
  continuation?: ContractCall;
  /** When the lane's entry point swaps first (swapsBefore): the swap on the lane's source chain. */
  swapBefore?: EvmSwapCall;
  /**
   * When the lane carries the EVM swap after it (carriesNext with an EVM swap): the swap the contract the lane calls on
   * its destination runs with what arrives, paying the recipient.
   */
  swapAfter?: EvmSwapAfter;
  /**
   * When the lane carries the IBC transfer after it through an account on its destination that forwards whatever it
   * receives (forwardsByIbc, Noble's forwarding accounts): the channel on the destination and the transfer's receiver.
   * The forwarding sends no memo, so nothing after that transfer rides along.
   */
  ibcForward?: { channel: string; receiver: string };
}

/**
 * A swap a swap-then-bridge entry point runs before the bridge: it takes `amountIn` of `inputToken` (the zero address
 * for the native token, then sent as value) from the user and calls the venue's router with `calldata`, whose
 * output (at least its minimum) is what the bridge then moves.
 */
export interface EvmSwapCall {
  inputToken: string;
  amountIn: bigint;
  calldata: string;
  /**
   * Why `calldata` (SwapRouter02's) cannot serve: it cannot pay the route's affiliates (several of them, or more than
   * 100 bps), or SwapRouter02 cannot execute the pools at all (an Aerodrome Slipstream pool: `calldata` is then empty).
   * An entry point that would send it refuses with this; `skipGoCalldata` pays every affiliate.
   */
  calldataRefused?: string;
  /** The guaranteed minimum output the calldata encodes (before an affiliate fee taken from it). */
  minAmountOut: bigint;
  /**
   * The same swap as Skip's SkipGoSwapRouter takes it (swapExactIn over adapter hops, without 0x), for an entry point
   * whose router is that one: present when the swap takes one path over pools its adapters run (Uniswap V3 and V2,
   * Aerodrome Slipstream where its VELODROME adapter is deployed).
   */
  skipGoCalldata?: string;
}

/**
 * A swap a contract runs on an EVM chain with the tokens a lane delivers to it (Skip's AxelarHandler Swap command):
 * the token it pays out (the zero address: the native token) and the calldata it hands its swap router as it is,
 * which swaps the amount the lane surely delivers and checks the minimum; the handler sends the output, and any input
 * the calldata left, to the recipient.
 */
export interface EvmSwapAfter {
  tokenOut: `0x${string}`;
  calldata: `0x${string}`;
  minAmountOut: bigint;
}

/** A lane whose source message is one ICS-20 transfer (LaneBridge.ics20). */
interface Ics20Lane<L extends Lane> {
  /** Whether this lane's source message is that transfer (for the route search, before any amount is known). */
  applies(lane: L): boolean;
  /**
   * The transfer, for any amount (what a swap delivers is known only when it runs): its channel on the source chain,
   * receiver and memo. `swapAfter`: the EVM swap the lane carries on arrival (carriesNext).
   */
  send(input: { lane: L; recipient: string; swapAfter?: EvmSwapAfter }): {
    channel: string;
    receiver: string;
    memo: string;
  };
}

/**
 * A lane that the chain it starts from sends by itself when an ICS-20 packet arrives there with the right receiver
 * and memo (LaneBridge.sentOnArrival).
 */
interface SentOnArrival<L extends Lane> {
  /** Whether this lane can be sent so (for the route search, before any amount is known). */
  applies(registry: Registry, lane: L): boolean;
  /**
   * The packet's receiver and memo, for whatever the packet delivers: `sender` is the user's address on the lane's
   * source chain (where the coins go should the lane's send fail there), `recipient` the user's on its destination;
   * deadlines count from the request as buildTx's do.
   */
  arrival(input: {
    registry: Registry;
    lane: L;
    sender: string;
    recipient: string;
    nowMs: number;
    opensAfterSeconds: number;
    timeoutSeconds: number;
  }): { receiver: string; memo: Record<string, unknown> };
}

export interface ContractCall {
  contract: string;
  msg: Record<string, unknown>;
}

/**
 * Which routers can run an EVM swap: Skip's SkipGoSwapRouter (one path of pools its adapters take: `skipGoCalldata`)
 * and Uniswap's SwapRouter02 (Uniswap's own pools only: `calldata`).
 */
export interface EvmSwapRunners {
  skipGo: boolean;
  swapRouter02: boolean;
}

/** The step that follows a lane hop, as far as the lane needs to know to say whether it can carry it. */
export interface NextStep {
  kind: 'transfer' | 'swap' | 'bridge';
  /** The chain the next step starts on (where the lane delivers). */
  chainId: string;
  /** A swap on an EVM venue along one path (not split): a contract that chains swaps can run it on arrival. */
  evmSinglePath?: boolean;
}

/**
 * Why a request's options close a lane. `twinOpen`: another form of the same lane (relayed or not, fast or standard)
 * stays open and carries the transfer instead, so closing this one is a choice of form, never why a route is missing.
 */
interface LaneClosed {
  why: string;
  twinOpen: boolean;
}

/** The request options that make a lane eligible or not. */
interface LaneOptions {
  /** smart_relay (default true): use relayed lanes that charge a relaying fee; false: the unrelayed form. */
  smartRelay: boolean;
  /** go_fast (default false): allow intent-based fast lanes (Go Fast). */
  goFast: boolean;
}

export interface SolanaTxContext {
  /** A recent blockhash from the configured Solana RPC endpoint (base58). */
  recentBlockhash: string;
  /** Pays the transaction fee and rent when given (`fee_payer_address`); the sender otherwise. */
  feePayer?: string | undefined;
  /** Makes the fresh keypair a Solana CCTP burn needs for its event account (injected: tests fix it). */
  newKeypairSeed: () => Uint8Array;
}

/** What the information endpoints list (/v2/info/bridges). */
export interface BridgeInfo {
  readonly id: BridgeType;
  /** Human name, for the listing and for errors. */
  readonly name: string;
  readonly logoUri: string;
}

/** The parts of the interface every bridge has. */
export interface BridgeBase extends BridgeInfo {
  /** The operation kind key on the wire (section 4.6): `transfer`, `cctp_transfer`, ... */
  readonly operationKind: BridgeOperationKind;
}

/** A bridge whose lanes are listed (everything but IBC). */
export interface LaneBridge<L extends Lane = Lane> extends BridgeBase {
  readonly kind: 'lanes';
  /** Every lane it offers on this registry; called once per registry. */
  lanes(registry: Registry): readonly L[];
  /** The lane for an amount: `fixed: 'in'` prices amountIn, `fixed: 'out'` solves the input for amountOut. */
  quote(lane: L, amount: bigint, fixed: 'in' | 'out'): LaneQuote | LaneRefusal;
  /** The wire record of a step (the object under `operationKind`), without tx_index and amounts. */
  operation(registry: Registry, step: BridgeStep<L>): Record<string, unknown>;
  /**
   * The fields of its record that follow from the lane alone (not amounts, fees or prices): a record echoed to /msgs
   * that carries one must carry what `operation` renders for the lane laneOfRecord picked (checked for every bridge
   * in one place, routing/operations.ts).
   */
  readonly echoedFields: readonly string[];
  /**
   * The lane a record echoed to /msgs describes, re-validated against the registry (never trusting its amounts):
   * `expected` is where the previous operation left the funds. Throws a code-3 error naming the field at fault.
   */
  laneOfRecord(
    registry: Registry,
    record: Record<string, unknown>,
    at: string,
    expected: { chainId: string; denom: string },
  ): L;
  /** The transaction on the lane's first chain. Lane steps start a transaction of their own. */
  buildTx(input: BridgeTxInput<L>): Tx;
  /**
   * The least the lane's transaction accepts to deliver when its quote says `amountOut`, for a bridge whose send
   * carries a minimum taken from the caller's slippage tolerance (an OFT's minAmountLD): min_amount_out can promise no
   * more than that. Absent: the quote fixes the output.
   */
  minOutput?(lane: L, amountOut: bigint, slippagePpm: bigint): bigint;
  /**
   * Whether the lane's transaction can begin with a swap on its source EVM chain through a swap-then-bridge entry
   * point (Skip's CCTP relayer): the message builder then passes the swap as `swapBefore`. Absent: never.
   */
  swapsBefore?(registry: Registry, lane: L, swap: EvmSwapRunners): boolean;
  /**
   * From a Cosmos chain, the lane's whole source message as the one ICS-20 transfer it is (Axelar: to its GMP account
   * with the GMP memo). The entry point's post-swap action can send such a transfer, so a swap on that chain and the
   * lane share one transaction, as in Skip's answers (a swap on Osmosis, then Axelar to Ethereum, in one signature).
   * Absent: the lane is always a message of its own.
   */
  readonly ics20?: Ics20Lane<L>;
  /**
   * From a Cosmos chain, the lane sent by that chain itself on arrival of the ICS-20 packet before it, so the transfer
   * into the chain and the lane share one transaction, as in Skip's answers: the Hub's IBC callbacks adapter calling
   * the entry point, whose action sends a relayed Eureka packet (Osmosis -> Hub -> Ethereum); Noble's Orbiter module
   * burning for CCTP (Osmosis -> Noble -> Ethereum). Absent: the lane starts a transaction of its own after a transfer.
   */
  readonly sentOnArrival?: SentOnArrival<L>;
  /**
   * The lane carries the IBC transfer after it (carriesNext) by delivering to a forwarding account on its destination
   * rather than to a contract: buildTx gets `ibcForward`, and the transfer carries no memo onward. Absent: false.
   */
  readonly forwardsByIbc?: boolean;
  /**
   * The contract call the lane delivers to on arrival (`continuation`) is the entry point's `_with_recover` form: a
   * delivery that cannot hand the coins back to the user when the call fails (an Axelar GMP call, a Go Fast fill)
   * has the entry point send them to the user's address on that chain instead. Absent: the plain form, for a delivery
   * that refunds at the source when the call fails (an IBC v2 packet's callback).
   */
  readonly recoversContinuation?: boolean;
  /** Whether the step after this one can ride in the same transaction (false: the funds wait at the far end). */
  carriesNext(registry: Registry, step: BridgeStep<L>, next?: NextStep): boolean;
  /**
   * Seconds from the request by which a transfer on the lane has landed or can no longer land (its packet's
   * timeout), when that can be later than twice its expected time: the steps it carries keep their deadlines past
   * it (route-txs/build.ts). Absent: twice the expected time bounds it.
   */
  landsWithinSeconds?(lane: L, timeoutSeconds: number, opensAfterSeconds: number): number;
  /**
   * Whether the lane exists only to carry the step after it (a GMP call that pays for running it on arrival): the
   * route search leaves it out where no swap or transfer follows it on its destination chain. Absent: never.
   */
  onlyWithNext?(lane: L): boolean;
  /** How its fees are quoted on chain off the request path (bridges/live-fees.ts), for bridges whose fees float. */
  feeProbes?(registry: Registry): readonly LiveFeeProbe[];
  /** Why a lane is not eligible for a request's options (go_fast, smart_relay); undefined when it is. Absent: always. */
  eligible?(lane: L, options: LaneOptions): LaneClosed | undefined;
}

export function isRefusal(q: LaneQuote | LaneRefusal): q is LaneRefusal {
  return 'refused' in q;
}
