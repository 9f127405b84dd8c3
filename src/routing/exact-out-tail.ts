/**
 * An exact-out swap that is not the route's last amount-changing step (a lane that deducts its fee follows it — an
 * Axelar transfer, a CCTP V2 fast burn, a Stargate send — or an EVM swap on the chain a lane reaches): the output it
 * must give is what the steps after it need to deliver amount_out, solved backwards — lanes by their 'out' quotes
 * (fees fixed by the quote), EVM swaps by the pools' inverse math along their one path. IBC transfers carry the
 * amount unchanged.
 */
import { isRefusal } from '../bridges/types.js';
import { invalidArgument } from '../errors.js';
import type { OperationInput } from '../wire/operation.js';
import { evmGrossForNet } from './affiliate-fee.js';
import { parseAmount } from './query.js';
import { simulateExactOut } from './swap.js';
import type { Step } from './types.js';

/**
 * The record's swap_amount_out of an exact-out swap that a lane or an EVM swap follows (only to shape the first walk
 * of the operations; `fallback`, the request's amount_out, when the record gives none), or undefined when only IBC
 * transfers follow an exact-out swap (it then delivers amount_out).
 */
export function exactOutTarget(operations: readonly OperationInput[], fallback?: bigint): bigint | undefined {
  const i = operations.findIndex((o) => (o.swap as { swap_out?: unknown } | null | undefined)?.swap_out);
  const changesAmount = (o: OperationInput) =>
    Object.entries(o).some(([k, v]) => k !== 'transfer' && v !== null && typeof v === 'object');
  if (i < 0 || !operations.slice(i + 1).some(changesAmount)) return undefined;
  const raw = (operations[i]!.swap as { swap_out: { swap_amount_out?: unknown } }).swap_out.swap_amount_out;
  if (raw === undefined || raw === null) return fallback;
  return parseAmount(`operations[${i}].swap.swap_out.swap_amount_out`, raw as string);
}

/**
 * What the exact-out swap in `steps` must give so that the steps after it deliver `amountOut`; `feeBps`: the affiliate
 * fee the route's last swap (an EVM swap here) takes from its gross output (affiliate-fee.ts evmGrossForNet).
 */
export function solveTailBackwards(steps: readonly Step[], amountOut: bigint, feeBps: number): bigint {
  const swapIndex = steps.findIndex((s) => s.kind === 'swap' && s.exact === 'out');
  const lastSwap = steps.findLastIndex((s) => s.kind === 'swap');
  let needed = amountOut;
  for (let k = steps.length - 1; k > swapIndex; k--) {
    const s = steps[k]!;
    if (s.kind === 'bridge') {
      const q = s.bridge.quote(s.lane, needed, 'out');
      if (isRefusal(q)) throw invalidArgument(`invalid operations[${k}]: ${q.refused}`);
      needed = q.amountIn;
    } else if (s.kind === 'swap') {
      const gross = k === lastSwap ? evmGrossForNet(needed, feeBps) : needed;
      const input =
        s.routes.length === 1 && gross !== undefined ? simulateExactOut(s.routes[0]!.path, gross) : undefined;
      if (input === undefined)
        throw invalidArgument(`invalid operations[${k}]: the pools cannot deliver ${needed} ${s.denomOut}`);
      needed = input;
    }
  }
  return needed;
}
