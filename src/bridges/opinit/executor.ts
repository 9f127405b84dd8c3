/**
 * The rollup's OPinit executor (initia-labs/opinit-bots), which holds the withdrawal proofs a claim on L1 needs:
 * `GET <executor>/withdrawal/{l2 sequence}` (executor/querier.go) answers QueryWithdrawalResponse
 * (executor/types/query.go) in Go's JSON: uint64 fields as JSON numbers, byte fields as base64 strings, the coin
 * as {denom, amount: "<integer>"}. While the rollup's withdrawal tree is not finalized the executor answers the
 * withdrawal without proofs (null `withdrawal_proofs`, `storage_root`, `last_block_hash`): not claimable yet.
 */
import { requestJson, joinUrl } from '../../tx/upstream.js';
import { hostOf, observeUpstream, outcomeOf } from '../../upstream-calls.js';

/** What MsgFinalizeTokenWithdrawal needs of a withdrawal, as the executor gives it (bytes in base64). */
export interface WithdrawalProof {
  bridge_id: string;
  output_index: string;
  withdrawal_proofs: string[];
  from: string;
  to: string;
  sequence: string;
  amount: { denom: string; amount: string };
  version: string;
  storage_root: string;
  last_block_hash: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const UINT = /^\d+$/;

/** A uint64 the executor writes as a JSON number (or, defensively, a decimal string). */
function uint(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  if (typeof v === 'string' && UINT.test(v)) return v;
  return null;
}
const bytes = (v: unknown): string | null => (typeof v === 'string' && v !== '' && BASE64.test(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The executor's answer, or null when it carries no complete proof (tree not finalized, or a malformed answer). */
export function parseWithdrawalProof(body: unknown): WithdrawalProof | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const proofs = Array.isArray(b.withdrawal_proofs) ? b.withdrawal_proofs.map(bytes) : null;
  const coin = (b.amount ?? {}) as Record<string, unknown>;
  const fields = {
    bridge_id: uint(b.bridge_id),
    output_index: uint(b.output_index),
    from: text(b.from),
    to: text(b.to),
    sequence: uint(b.sequence),
    denom: text(coin.denom),
    amount: uint(coin.amount),
    version: bytes(b.version),
    storage_root: bytes(b.storage_root),
    last_block_hash: bytes(b.last_block_hash),
  };
  // A single-withdrawal tree has no sibling hashes: an empty proof list is a complete proof.
  if (!proofs || proofs.some((p) => p === null) || Object.values(fields).some((v) => v === null)) return null;
  const f = fields as { [K in keyof typeof fields]: string };
  return {
    bridge_id: f.bridge_id,
    output_index: f.output_index,
    withdrawal_proofs: proofs as string[],
    from: f.from,
    to: f.to,
    sequence: f.sequence,
    amount: { denom: f.denom, amount: f.amount },
    version: f.version,
    storage_root: f.storage_root,
    last_block_hash: f.last_block_hash,
  };
}

/**
 * The withdrawal's proof from the executor at `base`, or null while it has none (or cannot be asked: the executor
 * answers an unknown or unproven sequence with an error; tracking asks again on its next pass).
 */
export async function fetchWithdrawalProof(base: string, sequence: string): Promise<WithdrawalProof | null> {
  try {
    const body = await observeUpstream(
      { upstream: 'bridge_api', target: hostOf(base) },
      () => requestJson(joinUrl(base, `withdrawal/${encodeURIComponent(sequence)}`), AbortSignal.timeout(10_000)),
      outcomeOf,
    );
    return parseWithdrawalProof(body);
  } catch {
    return null;
  }
}
