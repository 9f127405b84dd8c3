/**
 * A transfer whose memo (IBC hooks, or a Go Fast order's data) asks Skip's entry point to swap on arrival and transfer
 * the output: what the recipient was paid. The IBC, Eureka and Go Fast trackers report it as the leg's `swap_out`.
 */
import { entryPointCall } from '../../messages/cosmos/entry-point.js';
import { attr } from '../../tx/cosmos-client.js';
import type { AssetAt } from '../../tx/record.js';
import type { IncludedTx } from '../../tx/tracker.js';

/**
 * The swap-and-transfer an IBC-hooks memo asks of Skip's entry point: the output denom and its recipient, and in the
 * `_with_recover` form the address that gets the received coins back when the swap or its action fails.
 */
function swapTransferOf(memo: string): { denom: string; to: string; recoverTo: string | null } | null {
  if (!memo.trim().startsWith('{')) return null;
  try {
    const m = JSON.parse(memo) as { wasm?: { msg?: unknown } };
    const action = entryPointCall(m.wasm?.msg).swapAndAction as
      | {
          min_asset?: { native?: { denom?: unknown } };
          post_swap_action?: { transfer?: { to_address?: unknown } };
          recovery_addr?: unknown;
        }
      | undefined;
    const denom = action?.min_asset?.native?.denom;
    const to = action?.post_swap_action?.transfer?.to_address;
    const recoverTo = typeof action?.recovery_addr === 'string' ? action.recovery_addr : null;
    return typeof denom === 'string' && typeof to === 'string' ? { denom, to, recoverTo } : null;
  } catch {
    return null;
  }
}

/** The coins the bank `transfer` events of `tx` paid `recipient`, by denom (amounts are coin lists, "128669405uosmo"). */
function paidTo(tx: IncludedTx, recipient: string): Map<string, bigint> {
  const paid = new Map<string, bigint>();
  for (const e of tx.events) {
    if (e.type !== 'transfer' || attr(e, 'recipient') !== recipient) continue;
    for (const coin of (attr(e, 'amount') ?? '').split(',')) {
      const m = /^(\d+)(.+)$/.exec(coin.trim());
      if (m) paid.set(m[2]!, (paid.get(m[2]!) ?? 0n) + BigInt(m[1]!));
    }
  }
  return paid;
}

/**
 * What the entry point paid the recipient in `tx` on `chainId` when `memo` swaps and transfers: the bank `transfer`
 * events to it in the output denom. Affiliate fees go to other recipients and are not counted. When no output was
 * paid and the call is the `_with_recover` form, what the entry point paid the recovery address instead (the coins it
 * received, given back when the swap fell under its minimum or its deadline passed): that is where the user's funds
 * are. Null when the memo asks no swap-and-transfer; a null amount when nothing was paid.
 */
export function swapPaid(memo: string, tx: IncludedTx, chainId: string): AssetAt | null {
  const swap = swapTransferOf(memo);
  if (!swap) return null;
  const out = paidTo(tx, swap.to).get(swap.denom);
  if (out !== undefined) return { chain_id: chainId, denom: swap.denom, amount: out.toString() };
  const recovered = swap.recoverTo ? [...paidTo(tx, swap.recoverTo)] : [];
  if (recovered.length === 1) {
    const [denom, amount] = recovered[0]!;
    return { chain_id: chainId, denom, amount: amount.toString() };
  }
  return { chain_id: chainId, denom: swap.denom, amount: null };
}
