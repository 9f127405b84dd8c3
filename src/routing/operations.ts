/**
 * /v2/fungible/msgs receives a route's operations back (the SDK echoes them verbatim, extra fields included). They
 * are re-validated step by step against the registry and the market — a caller cannot make Junction build a
 * transfer over a channel that does not lead where the record says, or a swap through a pool that does not trade
 * those denoms — and re-simulated from the request amounts, so messages never trust amounts or indices they are sent.
 */
import { hopOfRecord } from '../bridges/ibc/operation.js';
import { checkEchoedFields } from '../bridges/record-fields.js';
import type { BridgeSet } from '../bridges/set.js';
import { isRefusal, type BridgeStep, type LaneBridge } from '../bridges/types.js';
import { invalidArgument } from '../errors.js';
import { MAX_SHORT_STRING_LENGTH } from '../wire/limits.js';
import { priceImpactPercent } from '../pricing/index.js';
import type { OperationInput } from '../wire/operation.js';
import { BRIDGE_OF_KIND, OPERATION_KINDS } from '../wire/operation.js';
import type { Registry } from '../registry/registry.js';
import type { RegistryAsset } from '../registry/types.js';
import { affiliateFeeOf, exactOutAffiliateFee } from './affiliate-fee.js';
import { postSwapIbcFee } from './ibc-fee.js';
import type { MarketView } from './market.js';
import { simulateExactIn, simulateExactOut } from './swap.js';
import { stepTxIndices } from './transactions.js';
import { evmSwapOfRecord } from './evm-swap-record.js';
import { exactOutTarget, solveTailBackwards } from './exact-out-tail.js';
import { transferStep, type PlannedRoute, type PoolHop, type Step, type SwapRoute, type SwapStep } from './types.js';

type Rec = Record<string, unknown>;

/** A lane-bridge operation re-validated by its plug-in and re-quoted for the amount that reaches it. */
function bridgeOfRecord(
  registry: Registry,
  bridge: LaneBridge,
  record: Rec,
  at: string,
  holding: { chainId: string; denom: string },
  amountIn: bigint,
): BridgeStep {
  const lane = bridge.laneOfRecord(registry, record, at, holding);
  const q = bridge.quote(lane, amountIn, 'in');
  if (isRefusal(q)) throw invalidArgument(`invalid ${at}: ${q.refused}`);
  const step: BridgeStep = {
    kind: 'bridge',
    bridge,
    lane,
    amountIn: q.amountIn,
    amountOut: q.amountOut,
    fees: q.fees,
    seconds: q.seconds,
  };
  const what = `${bridge.name} from ${lane.fromChainId} to ${lane.toChainId}`;
  checkEchoedFields(record, bridge.operation(registry, step), bridge.echoedFields, at, what);
  return step;
}

function kindOf(op: OperationInput, at: string): string {
  const kinds = Object.keys(op).filter((k) => (OPERATION_KINDS as readonly string[]).includes(k));
  if (kinds.length !== 1)
    throw invalidArgument(`invalid ${at}: an operation has exactly one of ${OPERATION_KINDS.join(', ')}`);
  return kinds[0]!;
}

/**
 * Whether the entry point's post-swap action sends the operation after a swap on `chainId` (transactions.ts): an IBC
 * transfer, or a lane whose source message there is one ICS-20 transfer (Axelar from a Cosmos chain). On Neutron the
 * swap pays that transfer's relayer fee out of its input.
 */
function sentAfterSwap(bridges: BridgeSet, next: OperationInput | undefined, chainId: string): boolean {
  if (!next) return false;
  if (next.transfer !== undefined && next.transfer !== null) return true;
  const kinds = Object.keys(next).filter((k) => (OPERATION_KINDS as readonly string[]).includes(k));
  if (kinds.length !== 1) return false; // refused when that operation is read
  const record = (next as Record<string, unknown>)[kinds[0]!];
  const from = typeof record === 'object' && record !== null ? (record as Rec).from_chain_id : undefined;
  return bridges.ofKind(kinds[0]!)?.ics20 !== undefined && from === chainId;
}

function obj(v: unknown, at: string): Rec {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw invalidArgument(`invalid ${at}: must be an object`);
  return v as Rec;
}

function str(r: Rec, k: string, at: string): string {
  const v = r[k];
  if (typeof v !== 'string' || v === '') throw invalidArgument(`invalid ${at}.${k}: must be a non-empty string`);
  if (v.length > MAX_SHORT_STRING_LENGTH)
    throw invalidArgument(`invalid ${at}.${k}: longer than ${MAX_SHORT_STRING_LENGTH} characters`);
  return v;
}

export interface OperationsInput {
  source: RegistryAsset;
  dest: RegistryAsset;
  amountIn: bigint;
  /** The net output the caller asked for; required for exact-out (swap_out) routes. */
  amountOut: bigint | undefined;
  /**
   * Cumulative affiliate bps per swap chain (from chain_ids_to_affiliates): paid on the route's last swap only, on its
   * chain (Skip's rule, engine.ts lastSwapLeg).
   */
  affiliateBps: (chainId: string) => number;
  operations: readonly OperationInput[];
}

/** The world operations are re-validated against: the registry, the market of this moment, the bridges running. */
export interface OperationsContext {
  registry: Registry;
  market: MarketView;
  bridges: BridgeSet;
}

export function planFromOperations(ctx: OperationsContext, input: OperationsInput): PlannedRoute {
  // An exact-out swap with a lane or an EVM swap after it delivers their input, not amount_out: its output is solved
  // backwards from amount_out through the steps after it (first walked with the record's swap_amount_out, which
  // only shapes that walk and is never trusted), then the route is walked again with the solved output.
  const tailTarget = exactOutTarget(input.operations, input.amountOut);
  let walk = walkOperations(ctx, input, tailTarget);
  if (tailTarget !== undefined && input.amountOut !== undefined) {
    const last = walk.steps.findLast((s) => s.kind === 'swap');
    const needed = solveTailBackwards(walk.steps, input.amountOut, last ? input.affiliateBps(last.chainId) : 0);
    walk = walkOperations(ctx, input, needed);
  }
  const { steps, amount, exactOut } = walk;
  const { registry } = ctx;
  const { source, dest } = input;
  if (exactOut) {
    // An exact-out swap fixes its input from the output: carry that input back to the start of the route.
    // Bridge hops before it are solved backwards from what the swap needs (their fees are fixed by their quotes).
    const swapIndex = steps.findIndex((s) => s.kind === 'swap' && s.exact === 'out');
    let needed = steps[swapIndex]!.amountIn;
    for (let k = swapIndex - 1; k >= 0; k--) {
      const s = steps[k]!;
      if (s.kind === 'bridge') {
        const q = s.bridge.quote(s.lane, needed, 'out');
        if (isRefusal(q)) throw invalidArgument(`invalid operations[${k}]: ${q.refused}`);
        steps[k] = { ...s, amountIn: q.amountIn, amountOut: q.amountOut, fees: q.fees };
        needed = q.amountIn;
      } else if (s.kind === 'swap') {
        // An EVM swap before the exact-out swap: the input that buys what the later steps need (one path).
        const path = s.routes[0]!.path;
        const input = simulateExactOut(path, needed);
        if (input === undefined || s.routes.length !== 1)
          throw invalidArgument(`invalid operations[${k}]: the pools cannot deliver ${needed} ${s.denomOut}`);
        const out = simulateExactIn(path, input)!;
        steps[k] = {
          ...s,
          routes: [{ path, amountIn: input, amountOut: out }],
          amountIn: input,
          amountOut: out,
          grossOut: out,
        };
        needed = input;
      } else {
        steps[k] = { ...s, amountIn: needed, amountOut: needed } as Step;
      }
    }
  }
  return {
    source,
    dest,
    steps,
    txIndices: stepTxIndices(registry, steps),
    amountIn: steps[0]!.amountIn,
    amountOut: amount,
    amountKind: exactOut ? 'out' : 'in',
  };
}

interface Walk {
  steps: Step[];
  amount: bigint;
  exactOut: boolean;
}

/** The operations re-validated forward from amount_in; `swapOutTarget`: the output an exact-out swap must give. */
function walkOperations(ctx: OperationsContext, input: OperationsInput, swapOutTarget?: bigint): Walk {
  const { registry, market, bridges } = ctx;
  const { source, dest, operations } = input;
  const steps: Step[] = [];
  let at = { chainId: source.wire.chain_id, denom: source.wire.denom };
  let amount = input.amountIn;
  let exactOut = false;
  const feeOp = lastSwapOperation(operations);
  operations.forEach((op, i) => {
    const where = `operations[${i}]`;
    const kind = kindOf(op, where);
    const record = obj(op[kind], `${where}.${kind}`);
    switch (kind) {
      case 'transfer': {
        const hop = hopOfRecord(registry, record, `${where}.transfer`, at);
        steps.push(transferStep(hop, amount));
        at = { chainId: hop.toChainId, denom: hop.denomOut };
        break;
      }
      case 'swap': {
        // A transfer right after a swap is the entry point's post-swap ibc_transfer (see transactions.ts).
        const transferFollows = sentAfterSwap(bridges, operations[i + 1], at.chainId);
        const target = {
          ...input,
          ...(swapOutTarget === undefined ? {} : { amountOut: swapOutTarget }),
          affiliateBps: i === feeOp ? input.affiliateBps : () => 0,
        };
        const step = swapOfRecord(registry, market, record, `${where}.swap`, at, amount, target, transferFollows);
        exactOut ||= step.exact === 'out';
        steps.push(step);
        at = { chainId: step.chainId, denom: step.denomOut };
        break;
      }
      case 'evm_swap': {
        const chainId = typeof record.from_chain_id === 'string' ? record.from_chain_id : '';
        const bps = i === feeOp ? input.affiliateBps(chainId) : 0;
        const step = evmSwapOfRecord(market, record, `${where}.evm_swap`, at, amount, bps);
        steps.push(step);
        at = { chainId: step.chainId, denom: step.denomOut };
        break;
      }
      default: {
        const bridge = bridges.ofKind(kind);
        if (bridge) {
          const step = bridgeOfRecord(registry, bridge, record, `${where}.${kind}`, at, amount);
          steps.push(step);
          at = { chainId: step.lane.toChainId, denom: step.lane.denomOut };
          break;
        }
        const off = (BRIDGE_OF_KIND as Readonly<Record<string, string>>)[kind];
        throw invalidArgument(
          `invalid ${where}: ${kind} operations are not supported by this instance${off ? ` (the ${off} bridge is not enabled)` : ''}`,
        );
      }
    }
    amount = steps[steps.length - 1]!.amountOut;
  });
  if (at.chainId !== dest.wire.chain_id || at.denom !== dest.wire.denom) {
    throw invalidArgument(
      `invalid operations: they end with ${at.denom} on ${at.chainId}, not dest_asset_denom ${dest.wire.denom} on ${dest.wire.chain_id}`,
    );
  }
  return { steps, amount, exactOut };
}

/** The operation of the route's last swap, Cosmos or EVM: the one that pays the affiliates (-1: none). */
function lastSwapOperation(operations: readonly OperationInput[]): number {
  return operations.findLastIndex(
    (o) => (o.swap !== undefined && o.swap !== null) || (o.evm_swap !== undefined && o.evm_swap !== null),
  );
}

function swapOfRecord(
  registry: Registry,
  market: MarketView,
  record: Rec,
  at: string,
  holding: { chainId: string; denom: string },
  stepIn: bigint,
  input: OperationsInput,
  transferFollows: boolean,
): SwapStep {
  const variants = ['swap_in', 'swap_out', 'smart_swap_in'].filter(
    (k) => record[k] !== undefined && record[k] !== null,
  );
  if (variants.length !== 1)
    throw invalidArgument(`invalid ${at}: give exactly one of swap_in, swap_out, smart_swap_in`);
  const variant = variants[0]!;
  const v = obj(record[variant], `${at}.${variant}`);
  const venueRec = obj(v.swap_venue, `${at}.${variant}.swap_venue`);
  const venueName = str(venueRec, 'name', `${at}.${variant}.swap_venue`);
  const venueChain = str(venueRec, 'chain_id', `${at}.${variant}.swap_venue`);
  const venue = market.venues.find((x) => x.venue.name === venueName && x.venue.chainId === venueChain);
  if (!venue)
    throw invalidArgument(
      `invalid ${at}.${variant}.swap_venue: ${venueName} on ${venueChain} is not an enabled swap venue`,
    );
  if (venueChain !== holding.chainId) {
    throw invalidArgument(
      `invalid ${at}: the swap runs on ${venueChain} but the previous operation ends on ${holding.chainId}`,
    );
  }
  const denomIn = str(record, 'denom_in', at);
  const denomOut = str(record, 'denom_out', at);
  if (denomIn !== holding.denom)
    throw invalidArgument(`invalid ${at}.denom_in: the previous operation delivers ${holding.denom}, not ${denomIn}`);

  const parsePath = (ops: unknown, where: string): PoolHop[] => {
    if (!Array.isArray(ops) || ops.length === 0) throw invalidArgument(`invalid ${where}: must be a non-empty array`);
    let denom = denomIn;
    const path = ops.map((o, k) => {
      const r = obj(o, `${where}[${k}]`);
      const id = str(r, 'pool', `${where}[${k}]`);
      const dIn = str(r, 'denom_in', `${where}[${k}]`);
      const dOut = str(r, 'denom_out', `${where}[${k}]`);
      const pool = venue.pool(id);
      if (!pool) throw invalidArgument(`invalid ${where}[${k}].pool: ${venueName} has no pool ${id}`);
      if (dIn !== denom) throw invalidArgument(`invalid ${where}[${k}].denom_in: expected ${denom}`);
      if (!pool.denoms.includes(dIn) || !pool.denoms.includes(dOut) || dIn === dOut) {
        throw invalidArgument(`invalid ${where}[${k}]: pool ${id} does not trade ${dIn} for ${dOut}`);
      }
      denom = dOut;
      return { pool, denomIn: dIn, denomOut: dOut };
    });
    if (denom !== denomOut)
      throw invalidArgument(`invalid ${where}: the path ends with ${denom}, not denom_out ${denomOut}`);
    return path;
  };

  const ibcFee = transferFollows ? postSwapIbcFee(registry, venue, denomIn) : undefined;
  if (typeof ibcFee === 'string') throw invalidArgument(`invalid ${at}: ${ibcFee}`);
  const feeCost = ibcFee?.inputCost ?? 0n;
  // What the routes swap: the step's input less the relayer fee of the transfer that follows.
  const amountIn = stepIn - feeCost;
  if (variant !== 'swap_out' && amountIn <= 0n)
    throw invalidArgument(`invalid ${at}: the amount does not cover the IBC relayer fee of ${feeCost} ${denomIn}`);
  const bps = input.affiliateBps(venueChain);
  const fail = () => invalidArgument(`invalid ${at}: the pools cannot execute this swap for the requested amount`);
  let routes: SwapRoute[];
  let exact: 'in' | 'out' = 'in';
  if (variant === 'swap_in') {
    const path = parsePath(v.swap_operations, `${at}.swap_in.swap_operations`);
    const out = simulateExactIn(path, amountIn);
    if (out === undefined) throw fail();
    routes = [{ path, amountIn, amountOut: out }];
  } else if (variant === 'swap_out') {
    if (input.amountOut === undefined)
      throw invalidArgument('missing amount_out: a swap_out operation fixes the output');
    exact = 'out';
    const path = parsePath(v.swap_operations, `${at}.swap_out.swap_operations`);
    const gross = input.amountOut + exactOutAffiliateFee(input.amountOut, bps);
    const needed = simulateExactOut(path, gross);
    if (needed === undefined) throw fail();
    routes = [{ path, amountIn: needed, amountOut: gross }];
  } else {
    const list = v.swap_routes;
    if (!Array.isArray(list) || list.length === 0)
      throw invalidArgument(`invalid ${at}.smart_swap_in.swap_routes: must be a non-empty array`);
    const planned = list.map((r, k) => {
      const rr = obj(r, `${at}.smart_swap_in.swap_routes[${k}]`);
      const share = str(rr, 'swap_amount_in', `${at}.smart_swap_in.swap_routes[${k}]`);
      if (!/^\d+$/.test(share))
        throw invalidArgument(`invalid ${at}.smart_swap_in.swap_routes[${k}].swap_amount_in: must be an integer`);
      return {
        path: parsePath(rr.swap_operations, `${at}.smart_swap_in.swap_routes[${k}].swap_operations`),
        share: BigInt(share),
      };
    });
    const total = planned.reduce((s, p) => s + p.share, 0n);
    if (total === 0n) throw fail();
    routes = planned.map((p, k) => {
      const part =
        k === planned.length - 1
          ? amountIn - planned.slice(0, -1).reduce((s, q) => s + (amountIn * q.share) / total, 0n)
          : (amountIn * p.share) / total;
      const out = simulateExactIn(p.path, part);
      if (out === undefined) throw fail();
      return { path: p.path, amountIn: part, amountOut: out };
    });
  }
  const grossOut = routes.reduce((s, r) => s + r.amountOut, 0n);
  const fee = exact === 'out' ? exactOutAffiliateFee(input.amountOut!, bps) : affiliateFeeOf(grossOut, bps);
  return {
    kind: 'swap',
    venue: venue.venue,
    chainId: venueChain,
    denomIn,
    denomOut,
    exact,
    routes,
    amountIn: routes.reduce((s, r) => s + r.amountIn, 0n) + feeCost,
    amountOut: grossOut - fee,
    grossOut,
    affiliateFee: fee,
    priceImpact: priceImpactPercent(
      routes.map((r) => ({ hops: r.path, amountIn: r.amountIn, amountOut: r.amountOut })),
    ),
    ...(ibcFee ? { ibcFee } : {}),
  };
}
