/**
 * A transfer whose memo (IBC hooks, or a Go Fast order's data) asks Skip's entry point to swap on arrival and transfer
 * the output: what the recipient was paid. The IBC, Eureka and Go Fast trackers report it as the leg's `swap_out`.
 */
import { entryPointCall } from '../../messages/cosmos/entry-point.js';
import { attr } from '../../tx/cosmos-client.js';
import type { AssetAt } from '../../tx/record.js';
import type { IncludedTx } from '../../tx/tracker.js';

/** The swap-and-transfer an IBC-hooks memo asks of Skip's entry point: the output denom and its recipient. */
function swapTransferOf(memo: string): { denom: string; to: string } | null {
  if (!memo.trim().startsWith('{')) return null;
  try {
    const m = JSON.parse(memo) as { wasm?: { msg?: unknown } };
    const action = entryPointCall(m.wasm?.msg).swapAndAction as
      | { min_asset?: { native?: { denom?: unknown } }; post_swap_action?: { transfer?: { to_address?: unknown } } }
      | undefined;
    const denom = action?.min_asset?.native?.denom;
    const to = action?.post_swap_action?.transfer?.to_address;
    return typeof denom === 'string' && typeof to === 'string' ? { denom, to } : null;
  } catch {
    return null;
  }
}

/**
 * What the entry point paid the recipient in `tx` on `chainId` when `memo` swaps and transfers: the bank `transfer`
 * events to it in the output denom (amounts are coin lists, "128669405uosmo"). Affiliate fees go to other recipients
 * and are not counted. Null when the memo asks no swap-and-transfer; a null amount when nothing was paid.
 */
export function swapPaid(memo: string, tx: IncludedTx, chainId: string): AssetAt | null {
  const swap = swapTransferOf(memo);
  if (!swap) return null;
  let total = 0n;
  let seen = false;
  for (const e of tx.events) {
    if (e.type !== 'transfer' || attr(e, 'recipient') !== swap.to) continue;
    for (const coin of (attr(e, 'amount') ?? '').split(',')) {
      const m = /^(\d+)(.+)$/.exec(coin.trim());
      if (m && m[2] === swap.denom) {
        total += BigInt(m[1]!);
        seen = true;
      }
    }
  }
  return { chain_id: chainId, denom: swap.denom, amount: seen ? total.toString() : null };
}
