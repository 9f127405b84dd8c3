/**
 * Messages to sign for a PlannedRoute. Steps are grouped by transaction; within a transaction the first step becomes
 * a message on its chain and every later step is folded, from the last one backwards, into what the previous step
 * hands over: a packet-forward memo for a further hop, an IBC-hooks `wasm` memo that calls the entry point for a
 * swap, the entry point's post-swap action after a swap, and the caller's post-route action at the very end.
 */
import {
  isRefusal,
  type BridgeStep,
  type ContractCall,
  type EvmSwapAfter,
  type SolanaTxContext,
} from '../bridges/types.js';
import { invalidArgument } from '../errors.js';
import type { Msg, PostRouteHandler, Tx } from '../wire/msgs.js';
import type { Registry } from '../registry/registry.js';
import { stepDenomIn, stepFrom, stepTo, type PlannedRoute, type Step, type SwapStep } from '../routing/types.js';
import type { Affiliate, AffiliatesByChain } from './affiliates.js';
import { affiliateFeeOf } from '../routing/affiliate-fee.js';
import { ROUTER_MAX_FEE_BIPS } from '../venues/uniswap/router-calldata.js';
import { forwardMemo, type Arrival } from '../messages/cosmos/memo.js';
import { buildMsgTransfer, msgTransferJson, MSG_TRANSFER_TYPE_URL } from '../messages/cosmos/msg-transfer.js';
import {
  executeContractJson,
  ibcFeeFields,
  MSG_EXECUTE_CONTRACT_TYPE_URL,
  swapAndAction,
  withRecovery,
  type AffiliateFee,
  type PostSwapAction,
} from '../messages/cosmos/entry-point.js';
import { stringifyWithBigInts } from '../messages/json.js';
import { postRouteArrival, wasmCallOn } from '../messages/post-route.js';
import { txOpensAfterSeconds } from '../messages/tx-window.js';
import { wasmMsgBinary } from '../messages/wasm-msg.js';
import { isEvmSwapStep } from '../routing/evm-venues.js';
import {
  evmMinAmountOut,
  evmDirectCall,
  evmSwapAfter,
  evmSwapCall,
  inputTokenOf,
  ZERO_ADDRESS,
} from '../routing/evm-swap-call.js';

const DEFAULT_TIMEOUT_SECONDS = 300;
/** Retries a forwarding chain makes for a failed forward (PFM option); chains default differently, so be explicit. */
const PFM_RETRIES = 2;
/** Slippage tolerance when the caller gives none, in parts per million (1 %). */
const DEFAULT_SLIPPAGE_PPM = 10_000n;

export interface MessageOptions {
  /** Wall-clock time of the request, in milliseconds (injected: the builder has no hidden clock). */
  nowMs: number;
  timeoutSeconds: number;
  /** Slippage tolerance in parts per million (1 % = 10 000). */
  slippagePpm?: bigint;
  postRouteHandler?: PostRouteHandler | null | undefined;
  /** The affiliates paid on the route's last swap, per chain, with the operator's share (revenue-share.ts). */
  affiliates?: AffiliatesByChain;
  /**
   * The integrator's affiliates alone: what SwapRouter02, which pays one recipient, pays when the operator's share
   * would make two (the operator then forgoes it on that swap).
   */
  integratorAffiliates?: AffiliatesByChain;
  /** Recent blockhash and fee payer for a transaction that starts on Solana (fetched by msgs.ts, only for such routes). */
  solana?: SolanaTxContext;
}

export interface BuiltMessages {
  msgs: Msg[];
  txs: Tx[];
  /** What the user is guaranteed to receive: the minimum after slippage and fees. */
  minAmountOut: bigint;
}

export function parseTimeoutSeconds(raw: string | null | undefined): number {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_TIMEOUT_SECONDS;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 7 * 24 * 3600) {
    throw invalidArgument(
      `invalid timeout_seconds: must be an integer number of seconds between 1 and 604800, got "${raw}"`,
    );
  }
  return Number(raw);
}

/** "1" → 10 000 ppm; "0.25" → 2 500 ppm. At most four decimals (one ppm), below 100 %. */
export function parseSlippagePpm(raw: string | null | undefined): bigint {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_SLIPPAGE_PPM;
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(raw);
  if (!m)
    throw invalidArgument(
      `invalid slippage_tolerance_percent: must be a decimal percent such as "1" or "0.5" with at most 4 decimal places, got "${raw}"`,
    );
  const ppm = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
  if (ppm >= 1_000_000n) throw invalidArgument('invalid slippage_tolerance_percent: must be below 100');
  return ppm;
}

interface TxGroup {
  index: number;
  first: number;
  steps: Step[];
  operationIndices: number[];
}

function groupByTx(route: PlannedRoute): TxGroup[] {
  const groups: TxGroup[] = [];
  route.steps.forEach((step, i) => {
    const tx = route.txIndices[i]!;
    let g = groups[groups.length - 1];
    if (!g || g.index !== tx) groups.push((g = { index: tx, first: i, steps: [], operationIndices: [] }));
    g.steps.push(step);
    g.operationIndices.push(i);
  });
  return groups;
}

/**
 * Per-step amounts the messages commit to: what enters each step, and the guaranteed minimum of each swap and of each
 * bridge whose send takes a minimum (LaneBridge.minOutput).
 */
interface Commitments {
  input: bigint[];
  /** What each step guarantees to hand on: a swap's output net of the affiliate fees it pays. */
  minOut: bigint[];
  /** EVM swaps: the minimum their router checks, on the whole output before it takes the affiliate fee. */
  routerMin: bigint[];
  /** The route's last swap, the one that pays the affiliates (Skip's rule; routing/engine.ts lastSwapLeg); -1: none. */
  feeStep: number;
}

const isEvmSwap = (s: Step): s is SwapStep => s.kind === 'swap' && isEvmSwapStep(s);

function mulPpm(x: bigint, ppm: bigint): bigint {
  return (x * ppm) / 1_000_000n;
}

function mulPpmCeil(x: bigint, ppm: bigint): bigint {
  return (x * ppm + 999_999n) / 1_000_000n;
}

function affiliatesOn(opts: MessageOptions, chainId: string) {
  return opts.affiliates?.byChain.get(chainId) ?? [];
}

/** The affiliates the route's last swap pays on its chain (none on any other swap), those of 0 bps left out. */
function payees(opts: MessageOptions, amounts: Commitments, i: number, chainId: string): Affiliate[] {
  return i === amounts.feeStep ? affiliatesOn(opts, chainId).filter((a) => a.bps > 0) : [];
}

/**
 * The one affiliate SwapRouter02 pays from the output (sweepTokenWithFee / unwrapWETH9WithFee: one recipient,
 * 1..100 bps), or why it cannot. With the operator's share the swap would pay two: the integrator's own affiliate is
 * then paid whole and the operator forgoes its share on this swap (the user's outcome is the same).
 */
function router02Fee(opts: MessageOptions, paid: readonly Affiliate[], chainId: string) {
  const field = `chain_ids_to_affiliates.${chainId}`;
  const own = (opts.integratorAffiliates?.byChain.get(chainId) ?? []).filter((a) => a.bps > 0);
  const list = paid.length <= 1 ? paid : own;
  if (list.length > 1)
    return {
      refused: `invalid ${field}: the swap on ${chainId} runs through Uniswap's SwapRouter02, which pays one affiliate, not ${list.length}`,
    };
  const fee = list[0];
  if (fee && BigInt(fee.bps) > ROUTER_MAX_FEE_BIPS)
    return {
      refused: `invalid ${field}: the swap on ${chainId} runs through Uniswap's SwapRouter02, which takes at most ${ROUTER_MAX_FEE_BIPS} bps, not ${fee.bps}`,
    };
  return fee ? { fee } : {};
}

/**
 * Exact-in: the input is fixed; each swap guarantees `min_asset` = gross output less slippage, divided so that the
 * affiliate fees (computed on min_asset) still fit: min_asset × (1 + bps/10⁴) ≤ worst-case gross.
 * Exact-out swap: the input is padded by the slippage tolerance, because the entry point refunds the unused input to
 * the swap's refund address; the output is fixed. Nothing else refunds, so a route without such a swap (transfers
 * only) sends exactly its amount.
 * A bridge delivers its quoted output, or for an OFT send (Stargate, LayerZero) at least its minAmountLD, which the
 * caller's slippage tolerance sets: min_amount_out must not promise more than the transactions enforce.
 */
function commitments(route: PlannedRoute, opts: MessageOptions): Commitments {
  const slip = opts.slippagePpm ?? DEFAULT_SLIPPAGE_PPM;
  const input: bigint[] = [];
  const minOut: bigint[] = [];
  const routerMin: bigint[] = [];
  const feeStep = route.steps.findLastIndex((s) => s.kind === 'swap');
  // An EVM swap executes exact in (routing/evm-swap-call.ts): it refunds nothing and needs no padded input.
  const refundsUnusedInput = route.steps.some((s) => s.kind === 'swap' && s.exact === 'out' && !isEvmSwapStep(s));
  let amount = refundsUnusedInput ? route.amountIn + mulPpmCeil(route.amountIn, slip) : route.amountIn;
  for (const [i, step] of route.steps.entries()) {
    input.push(amount);
    routerMin.push(0n);
    const bps = i === feeStep && step.kind === 'swap' ? affiliatesOn(opts, step.chainId).map((a) => BigInt(a.bps)) : [];
    if (step.kind === 'bridge') {
      const out = bridgeOutput(step, amount);
      // A send that takes a minimum from the slippage tolerance (an OFT's minAmountLD) guarantees only that; as after
      // an EVM swap, a padded input keeps the planned output for the exact-out swap further on.
      amount = amount > step.amountIn || !step.bridge.minOutput ? out : step.bridge.minOutput(step.lane, out, slip);
    } else if (step.kind === 'swap') {
      if (isEvmSwapStep(step)) {
        // The router's minimum: the planned output less the slippage tolerance. When the input was padded for an
        // exact-out swap further on, the padding is the swap's slippage room: it must still deliver the planned
        // output, which is what that later swap needs (a later transaction sends exactly this minimum, so anything
        // less would make the exact-out swap fail). When less than the planned input is committed (a later
        // transaction swaps what an OFT send or an earlier swap guarantees), the minimum is taken from the output
        // that smaller input surely gives, as for a Cosmos swap: the planned output less the tolerance is about all
        // that input buys at the quoted price, which would leave the swap no tolerance of its own.
        const min =
          amount > step.amountIn
            ? step.grossOut
            : evmMinAmountOut({ ...step, grossOut: grossAtWorstInput(step, amount), exact: 'in' }, slip);
        routerMin[i] = min;
        // The router checks that minimum before its fee, then takes floor(output × bps / 10⁴) per affiliate: what
        // the user surely gets is the minimum less the fee on it (routing/affiliate-fee.ts). With several affiliates
        // the fees on the cumulative bps are a bound the per-affiliate rounding can only beat.
        amount = min - affiliateFeeOf(min, Number(bps.reduce((s, b) => s + b, 0n)));
      } else if (step.exact === 'out') {
        amount = step.amountOut;
      } else {
        const gross = grossAtWorstInput(step, amount);
        amount = largestMinAsset(gross - mulPpm(gross, slip), bps);
      }
      if (amount <= 0n)
        throw invalidArgument(
          'the swap output after slippage and fees is zero: increase the amount or lower the slippage',
        );
    }
    minOut.push(amount);
  }
  return { input, minOut, routerMin, feeStep };
}

/**
 * A Cosmos swap's output when less than its planned input arrives: after an EVM swap in the same transaction (the
 * entry point swaps whatever the bridge delivers), only that swap's minimum is sure, so the planned output is scaled
 * down by the share of the swapped input that is sure to come. Scaling is conservative: with a smaller input the price
 * impact is smaller, so the pools give at least that share of the planned output. The IBC relayer fee the swap pays
 * first (ibc-fee.ts) is a fixed cost, taken off both inputs. Without a shortfall the planned output stands.
 */
function grossAtWorstInput(step: SwapStep, arriving: bigint): bigint {
  if (arriving >= step.amountIn) return step.grossOut;
  const cost = step.ibcFee?.inputCost ?? 0n;
  const planned = step.amountIn - cost;
  const sure = arriving - cost;
  if (planned <= 0n || sure <= 0n) return 0n;
  return (step.grossOut * sure) / planned;
}

/** What a bridge hop delivers for the committed amount: its fees are fixed by its quote, so this is exact. */
function bridgeOutput(step: BridgeStep, amount: bigint): bigint {
  const q = step.bridge.quote(step.lane, amount, 'in');
  if (isRefusal(q))
    throw invalidArgument(
      `the ${step.lane.bridge} transfer from ${step.lane.fromChainId} cannot carry ${amount}: ${q.refused}`,
    );
  return q.amountOut;
}

/**
 * The largest min_asset M the entry point accepts when the swap returns only `worstGross`: it takes each affiliate's
 * fee as floor(M · bps / 10⁴) and requires worstGross − fees ≥ M.
 */
function largestMinAsset(worstGross: bigint, bps: readonly bigint[]): bigint {
  const total = bps.reduce((s, b) => s + b, 0n);
  const fees = (m: bigint) => bps.reduce((s, b) => s + (m * b) / 10_000n, 0n);
  let m = (worstGross * 10_000n) / (10_000n + total);
  // The estimate ignores the per-affiliate rounding down, so it can be a few units low; never high.
  while (m + 1n + fees(m + 1n) <= worstGross) m++;
  return m;
}

export function buildMessages(
  registry: Registry,
  route: PlannedRoute,
  addresses: ReadonlyMap<string, string>,
  opts: MessageOptions,
): BuiltMessages {
  const address = (chainId: string) => {
    const a = addresses.get(chainId);
    if (!a) throw invalidArgument(`missing address for chain ${chainId}`);
    return a;
  };
  requireHandlerCarried(route, opts.postRouteHandler);
  const amounts = commitments(route, opts);
  const groups = groupByTx(route);
  const lastGroup = groups[groups.length - 1];
  const msgs: Msg[] = [];
  const txs: Tx[] = [];

  for (const g of groups) {
    // A later transaction is signed once the funds it spends arrive: its deadlines count from then (tx-window.ts).
    const opensAfterSeconds = txOpensAfterSeconds(route.steps, g.first);
    const timeoutNs =
      BigInt(opts.nowMs) * 1_000_000n + BigInt(opensAfterSeconds + opts.timeoutSeconds) * 1_000_000_000n;
    const first = g.steps[0]!;
    const carried = timeoutNs + carriedDelayNs(g, opts.timeoutSeconds, opensAfterSeconds);
    const fold = new Folder(registry, address, opts, g, amounts, carried, g === lastGroup, opensAfterSeconds);
    const chainId = stepFrom(first);
    if (g.index > 0 && registry.chain(chainId)?.wire.chain_type === 'svm')
      // Its blockhash would be fixed now and expire within about a minute, long before the funds arrive: the route
      // search never passes through Solana (search.ts), so reaching this is a bug, not a request to answer.
      throw new Error(`a later transaction of the route starts on ${chainId}, where it would be signed too early`);
    const path = [chainId];
    for (const s of g.steps) if (path[path.length - 1] !== stepTo(s)) path.push(stepTo(s));
    const signer = address(chainId);
    const amount = amounts.input[g.first]!;

    if (first.kind === 'swap' && isEvmSwapStep(first)) {
      txs.push(evmSwapTx(registry, g, amounts, signer, address, opts, opensAfterSeconds, fold));
      const last = txs[txs.length - 1]!;
      if ('evm_tx' in last) msgs.push({ evm_tx: last.evm_tx });
      continue;
    }

    if (first.kind === 'bridge') {
      // A lane-bridge hop starts its transaction: its plug-in builds it on its source chain. Steps after it ride along
      // only when the lane carries them (carriesNext), as a contract call on arrival.
      const tx = first.bridge.buildTx({
        registry,
        step: first,
        amount,
        sender: signer,
        recipient: address(first.lane.toChainId),
        operationIndices: g.operationIndices,
        timeoutTimestampNs: timeoutNs,
        slippagePpm: opts.slippagePpm ?? DEFAULT_SLIPPAGE_PPM,
        ...(opts.solana && g.index === 0 ? { solana: opts.solana } : {}),
        nowMs: opts.nowMs,
        opensAfterSeconds,
        timeoutSeconds: opts.timeoutSeconds,
        ...(g.steps.length > 1
          ? isEvmSwap(g.steps[1]!)
            ? // An EVM swap the lane's destination contract runs on arrival; it ends the transaction (transactions.ts).
              { swapAfter: carriedSwap(g.steps[1], g.first + 1, amounts, opts) }
            : first.bridge.forwardsByIbc
              ? { ibcForward: fold.forwardedTransfer() }
              : { continuation: fold.contractCallAfter(1) }
          : {}),
      });
      txs.push(tx);
      // The deprecated top-level msgs hold one message per transaction: a Cosmos transaction of several (the relayed
      // Noble burn and its fee send) has no entry there, as in Skip's answers; its txs entry carries it whole.
      if ('cosmos_tx' in tx) {
        const only = tx.cosmos_tx.msgs.length === 1 ? tx.cosmos_tx.msgs[0] : undefined;
        if (only) msgs.push({ multi_chain_msg: { chain_id: chainId, path, ...only } });
      } else if ('evm_tx' in tx) msgs.push({ evm_tx: tx.evm_tx });
      else msgs.push({ svm_tx: tx.svm_tx });
      continue;
    }

    let cosmosMsg: { msg: string; msg_type_url: string };
    if (first.kind === 'transfer') {
      const arrival = fold.arrivalAfter(1);
      const msg = buildMsgTransfer({
        sourcePort: first.hop.port,
        sourceChannel: first.hop.channel,
        denom: first.hop.denomIn,
        amount,
        sender: signer,
        receiver: arrival.receiver,
        timeoutTimestampNs: timeoutNs,
        memo: arrival.memo ? stringifyWithBigInts(arrival.memo) : '',
      });
      cosmosMsg = { msg: msgTransferJson(msg), msg_type_url: MSG_TRANSFER_TYPE_URL };
    } else {
      const entryPoint = registry.chain(chainId)?.entryPoint?.entryPoint;
      if (!entryPoint) throw invalidArgument(`${chainId} has no entry-point contract to execute the swap`);
      const msg = fold.swapMsg(0);
      cosmosMsg = {
        msg: executeContractJson(signer, entryPoint, msg, [{ denom: stepDenomIn(first), amount }]),
        msg_type_url: MSG_EXECUTE_CONTRACT_TYPE_URL,
      };
    }
    msgs.push({ multi_chain_msg: { chain_id: chainId, path, ...cosmosMsg } });
    txs.push({
      cosmos_tx: { chain_id: chainId, path, signer_address: signer, msgs: [cosmosMsg] },
      operations_indices: g.operationIndices,
    });
  }
  return { msgs, txs, minAmountOut: amounts.minOut[amounts.minOut.length - 1] ?? route.amountOut };
}

/**
 * A post_route_handler runs where the route ends: in the memo of its last IBC packet (IBC hooks, autopilot) or as the
 * post-swap action of its last swap on a Cosmos chain. A route that ends otherwise (a lane bridge such as CCTP, Go
 * Fast, Hyperlane or OPinit, or an EVM swap) has nothing that would run it, so the request is refused rather than
 * answered with transactions that silently leave it out.
 */
function requireHandlerCarried(route: PlannedRoute, handler: PostRouteHandler | null | undefined): void {
  // A handler the service does not know (autopilot_msg, spelled as English has it) would otherwise vanish unread.
  for (const key of Object.keys(handler ?? {}))
    if (key !== 'wasm_msg' && key !== 'autpilot_msg')
      throw invalidArgument(
        `invalid post_route_handler.${key}: not a handler; give wasm_msg or autpilot_msg (spelled so in the Skip API)`,
      );
  if (!handler?.wasm_msg && !handler?.autpilot_msg) return;
  const last = route.steps[route.steps.length - 1]!;
  if (last.kind === 'transfer' || (last.kind === 'swap' && !isEvmSwapStep(last))) return;
  const ending =
    last.kind === 'bridge'
      ? `a transfer over ${last.lane.bridge} to ${last.lane.toChainId}`
      : `a swap on ${last.chainId}, an EVM chain`;
  throw invalidArgument(
    `invalid post_route_handler: the route ends with ${ending}, which cannot run it; a handler needs a route that ends with an IBC transfer or a swap on a Cosmos chain`,
  );
}

/**
 * A transaction that starts with an EVM swap: the swap alone through a router (SwapRouter02, or Skip's
 * SkipGoSwapRouter for pools SwapRouter02 cannot execute), or the swap
 * and the lane after it through the lane's swap-then-bridge entry point (transactions.ts puts them together only
 * where the lane's bridge has one).
 */
function evmSwapTx(
  registry: Registry,
  g: TxGroup,
  amounts: Commitments,
  signer: string,
  address: (chainId: string) => string,
  opts: MessageOptions,
  opensAfterSeconds: number,
  fold: Folder,
): Tx {
  const swap = g.steps[0] as SwapStep;
  const input = amounts.input[g.first]!;
  const minOut = amounts.minOut[g.first]!;
  const routerMin = amounts.routerMin[g.first]!;
  const paid = payees(opts, amounts, g.first, swap.chainId);
  const next = g.steps[1];
  if (next?.kind === 'bridge') {
    return next.bridge.buildTx({
      registry,
      step: next,
      amount: minOut,
      sender: signer,
      recipient: address(next.lane.toChainId),
      operationIndices: g.operationIndices,
      slippagePpm: opts.slippagePpm ?? DEFAULT_SLIPPAGE_PPM,
      nowMs: opts.nowMs,
      opensAfterSeconds,
      timeoutSeconds: opts.timeoutSeconds,
      swapBefore: evmSwapCall(swap, input, routerMin, paid, router02Fee(opts, paid, swap.chainId)),
      // What the lane carries after itself (steps[2..]), as for a lane that starts its transaction.
      ...(g.steps.length > 2
        ? isEvmSwap(g.steps[2]!)
          ? { swapAfter: carriedSwap(g.steps[2], g.first + 2, amounts, opts) }
          : next.bridge.forwardsByIbc
            ? { ibcForward: fold.forwardedTransfer(2) }
            : { continuation: fold.contractCallAfter(2) }
        : {}),
    });
  }
  if (next) throw new Error('an EVM swap shares its transaction only with the lane after it');
  // SwapRouter02 where it runs the pools, else SkipGoSwapRouter (a Slipstream pool), which pays every affiliate.
  const call = evmDirectCall(swap, input, routerMin, paid, router02Fee(opts, paid, swap.chainId));
  const token = inputTokenOf(swap);
  return {
    evm_tx: {
      chain_id: swap.chainId,
      to: call.router,
      value: call.value.toString(),
      data: call.data.slice(2),
      // The router pulls an ERC-20 input with transferFrom; the native token comes as value.
      required_erc20_approvals:
        token === ZERO_ADDRESS ? [] : [{ token_contract: token, spender: call.router, amount: input.toString() }],
      signer_address: signer,
    },
    operations_indices: g.operationIndices,
  };
}

/**
 * The EVM swap steps[i] as the contract a lane calls on arrival runs it (Skip's AxelarHandler Swap command): that
 * command pays no affiliate, so it cannot be the route's fee-paying swap while affiliates are given on its chain.
 */
function carriedSwap(step: Step, i: number, amounts: Commitments, opts: MessageOptions): EvmSwapAfter {
  const swap = step as SwapStep;
  if (payees(opts, amounts, i, swap.chainId).length > 0)
    throw invalidArgument(
      `invalid chain_ids_to_affiliates.${swap.chainId}: the route's last swap runs on arrival in Skip's AxelarHandler, whose Swap command pays no affiliate`,
    );
  return evmSwapAfter(swap, amounts.input[i]!, amounts.routerMin[i]!);
}

/**
 * Steps a lane carries run on arrival, after the lane's own delivery time (twenty minutes and more for Axelar from
 * Ethereum): their timeouts start then. The lane's expected seconds are a typical figure, so twice that is allowed
 * before the continuation gives up; a swap that runs late is still bound by its minimum output. A lane whose transfer
 * may land later still (an IBC Eureka packet may be received until its own timeout, twelve hours) gives the carried
 * steps their whole timeout_seconds after that latest landing: a continuation that expired before its packet landed
 * would fail on arrival and send the funds back.
 */
function carriedDelayNs(g: TxGroup, timeoutSeconds: number, opensAfterSeconds: number): bigint {
  const first = g.steps[0]!;
  if (first.kind !== 'bridge' || g.steps.length === 1) return 0n;
  const latest = first.bridge.landsWithinSeconds?.(first.lane, timeoutSeconds, opensAfterSeconds);
  // The group's own deadline is opensAfterSeconds + timeoutSeconds after the request; the delay is added to it.
  const untilLatest = latest === undefined ? 0 : latest - opensAfterSeconds;
  return BigInt(Math.max(first.seconds * 2, untilLatest)) * 1_000_000_000n;
}

/** Builds, from the last step of a transaction backwards, what each step hands over to the next. */
class Folder {
  constructor(
    private readonly registry: Registry,
    private readonly address: (chainId: string) => string,
    private readonly opts: MessageOptions,
    private readonly group: TxGroup,
    private readonly amounts: Commitments,
    private readonly timeoutNs: bigint,
    private readonly isFinalTx: boolean,
    /** Seconds after the request when the transaction can be signed (tx-window.ts). */
    private readonly opensAfterSeconds: number,
  ) {}

  private get steps() {
    return this.group.steps;
  }

  /** What the packet of steps[j-1] carries when it lands, given that steps[j..] follow in the same transaction. */
  arrivalAfter(j: number): Arrival {
    const here = stepTo(this.steps[j - 1]!);
    if (j === this.steps.length) return this.endOfTx(here);
    const next = this.steps[j]!;
    if (next.kind === 'swap') {
      const entryPoint = this.registry.chain(here)?.entryPoint?.entryPoint;
      if (!entryPoint) throw invalidArgument(`${here} has no entry-point contract to execute the swap`);
      // IBC hooks require the packet receiver to be the contract the memo calls.
      return { receiver: entryPoint, memo: { wasm: { contract: entryPoint, msg: this.swapMsg(j) } } };
    }
    if (next.kind === 'bridge') return this.laneSentOnArrival(j);
    const onward = this.arrivalAfter(j + 1);
    return {
      // Packet-forward middleware credits a derived account, not this receiver; the user's own address here means a
      // chain that unexpectedly does not forward credits the user instead of a stranger.
      receiver: this.address(here),
      memo: forwardMemo({
        receiver: onward.receiver,
        port: next.hop.port,
        channel: next.hop.channel,
        timeout: `${this.opts.timeoutSeconds}s`,
        retries: PFM_RETRIES,
        next: onward.memo,
      }),
    };
  }

  /**
   * The lane steps[j], sent by the chain it starts from when the packet of steps[j-1] lands there with the receiver
   * and memo the lane's bridge gives (routing/transactions.ts: sentOnArrival). It ends the transaction.
   */
  private laneSentOnArrival(j: number): Arrival {
    const step = this.steps[j] as BridgeStep;
    const arriving = step.bridge.sentOnArrival;
    if (!arriving || j !== this.steps.length - 1)
      throw new Error('a lane-bridge hop after a transfer must be sent on arrival and end the transaction');
    return arriving.arrival({
      registry: this.registry,
      lane: step.lane,
      sender: this.address(step.lane.fromChainId),
      recipient: this.address(step.lane.toChainId),
      nowMs: this.opts.nowMs,
      opensAfterSeconds: this.opensAfterSeconds,
      timeoutSeconds: this.opts.timeoutSeconds,
    });
  }

  /**
   * The one IBC transfer a forwarding account on the lane's destination sends (steps[j], the lane being steps[j-1]):
   * its channel and receiver. Such an account sends no memo, so the transfer must end the transaction
   * (routing/transactions.ts ensures it).
   */
  forwardedTransfer(j = 1): { channel: string; receiver: string } {
    const next = this.steps[j]!;
    if (next.kind !== 'transfer' || this.steps.length !== j + 1)
      throw new Error('a forwarding account carries exactly one IBC transfer');
    const onward = this.arrivalAfter(j + 1);
    if (onward.memo)
      throw invalidArgument('a Noble forwarding account sends no memo: nothing (a post_route_handler) can follow it');
    return { channel: next.hop.channel, receiver: onward.receiver };
  }

  /**
   * The entry-point call that runs steps[j..] with the funds a lane delivers to it: `swap_and_action` for a swap,
   * `action` with an `ibc_transfer` for a transfer onward (its memo carrying whatever follows).
   */
  contractCallAfter(j: number): ContractCall {
    const lane = this.steps[j - 1]!;
    const call = this.entryPointCallAfter(j);
    // Delivered by a lane that cannot give the coins back should the call fail: the user's address here gets them.
    return lane.kind === 'bridge' && lane.bridge.recoversContinuation
      ? { contract: call.contract, msg: withRecovery(call.msg, this.address(stepTo(lane))) }
      : call;
  }

  private entryPointCallAfter(j: number): ContractCall {
    const here = stepTo(this.steps[j - 1]!);
    const entryPoint = this.registry.chain(here)?.entryPoint?.entryPoint;
    if (!entryPoint) throw invalidArgument(`${here} has no entry-point contract to continue the route on arrival`);
    const next = this.steps[j]!;
    if (next.kind === 'swap') return { contract: entryPoint, msg: this.swapMsg(j) };
    if (next.kind !== 'transfer') throw new Error('a lane-bridge hop starts a transaction of its own');
    const onward = this.arrivalAfter(j + 1);
    return {
      contract: entryPoint,
      msg: {
        action: {
          action: {
            ibc_transfer: {
              ibc_info: {
                source_channel: next.hop.channel,
                receiver: onward.receiver,
                memo: onward.memo ? stringifyWithBigInts(onward.memo) : '',
                recover_address: this.address(here),
              },
            },
          },
          exact_out: false,
          timeout_timestamp: this.timeoutNs,
        },
      },
    };
  }

  /** The entry point's swap_and_action for steps[j], with everything after it as the post-swap action. */
  swapMsg(j: number): { swap_and_action: Record<string, unknown> } {
    const step = this.steps[j] as SwapStep;
    const i = this.group.first + j;
    const input = this.amounts.input[i]!;
    const affiliates: AffiliateFee[] = (i === this.amounts.feeStep ? affiliatesOn(this.opts, step.chainId) : []).map(
      (a) => ({
        basis_points_fee: String(a.bps),
        address: a.address,
      }),
    );
    return swapAndAction({
      step,
      // The entry point takes the relayer fee of a following IBC transfer out of the input before swapping.
      routeAmounts: splitAmounts(step, input - (step.ibcFee?.inputCost ?? 0n)),
      minAsset: this.amounts.minOut[i]!,
      timeoutNs: this.timeoutNs,
      postSwapAction: this.postSwapAction(j + 1),
      affiliates,
      refundAddress: this.address(step.chainId),
    });
  }

  private postSwapAction(j: number): PostSwapAction {
    const here = stepTo(this.steps[j - 1]!);
    if (j === this.steps.length) {
      const handler = this.isFinalTx ? this.opts.postRouteHandler : undefined;
      if (handler?.wasm_msg && handler.autpilot_msg)
        throw invalidArgument('invalid post_route_handler: give only one of wasm_msg and autpilot_msg');
      if (handler?.wasm_msg) {
        // The entry point on this chain calls the contract: it must be an address of this chain.
        const call = wasmCallOn(this.registry, here, handler.wasm_msg);
        return { contract_call: { contract_address: call.contract, msg: wasmMsgBinary(call.msg) } };
      }
      if (handler?.autpilot_msg)
        throw invalidArgument(`invalid post_route_handler.autpilot_msg: ${here} does not run the autopilot module`);
      return { transfer: { to_address: this.address(here) } };
    }
    const next = this.steps[j]!;
    if (next.kind === 'bridge') return this.laneSentAfterSwap(j);
    if (next.kind !== 'transfer') throw new Error('a swap cannot directly follow a swap in one transaction');
    const onward = this.arrivalAfter(j + 1);
    return this.postSwapTransfer(j, {
      channel: next.hop.channel,
      receiver: onward.receiver,
      memo: onward.memo ? stringifyWithBigInts(onward.memo) : '',
    });
  }

  /**
   * The lane steps[j] as the ICS-20 transfer the post-swap action sends (transactions.ts: Axelar from a Cosmos chain),
   * with the EVM swap it carries on arrival when one follows in this transaction. The transfer sends the whole swap
   * output; the lane's fee is a fixed amount taken from it.
   */
  private laneSentAfterSwap(j: number) {
    const lane = this.steps[j] as BridgeStep;
    if (!lane.bridge.ics20) throw new Error(`the ${lane.lane.bridge} transfer cannot be sent by a post-swap action`);
    const after = this.steps[j + 1];
    if (after && !isEvmSwap(after)) throw new Error('only an EVM swap on arrival rides on after a post-swap lane');
    const send = lane.bridge.ics20.send({
      lane: lane.lane,
      recipient: this.address(lane.lane.toChainId),
      ...(after ? { swapAfter: carriedSwap(after, this.group.first + j + 1, this.amounts, this.opts) } : {}),
    });
    return this.postSwapTransfer(j, send);
  }

  /**
   * The post-swap `ibc_transfer` the swap steps[j-1] ends with, with the relayer fee the swap bought where the chain's
   * contracts pay one for their transfers (Neutron's feerefunder: routing/ibc-fee.ts).
   */
  private postSwapTransfer(j: number, send: { channel: string; receiver: string; memo: string }): PostSwapAction {
    const swap = this.steps[j - 1] as SwapStep;
    const fees = swap.ibcFee ? ibcFeeFields(swap.ibcFee, swap.venue.name) : undefined;
    return {
      ibc_transfer: {
        ibc_info: {
          source_channel: send.channel,
          receiver: send.receiver,
          ...(fees ? { fee: fees.fee } : {}),
          memo: send.memo,
          recover_address: this.address(swap.chainId),
        },
        ...(fees?.feeSwap ? { fee_swap: fees.feeSwap } : {}),
      },
    };
  }

  private endOfTx(chainId: string): Arrival {
    const handler = this.opts.postRouteHandler;
    if (!this.isFinalTx || !handler) return { receiver: this.address(chainId), memo: undefined };
    return postRouteArrival(this.registry, chainId, handler, this.address(chainId));
  }
}

/** Input per split route: the planned proportions applied to the committed input (remainder on the largest). */
function splitAmounts(step: SwapStep, input: bigint): bigint[] {
  if (step.routes.length === 1) return [input];
  const total = step.routes.reduce((s, r) => s + r.amountIn, 0n);
  const parts = step.routes.map((r) => (input * r.amountIn) / total);
  const largest = parts.reduce((best, p, k) => (p > parts[best]! ? k : best), 0);
  parts[largest] = parts[largest]! + (input - parts.reduce((s, p) => s + p, 0n));
  return parts;
}
