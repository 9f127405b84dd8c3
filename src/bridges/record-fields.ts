/**
 * Reading an operation record a caller echoed to /msgs: every bridge's reverse (laneOfRecord, hopOfRecord) starts
 * the same way, by taking its string fields and checking that the record continues where the previous operation left
 * the funds; it then picks the lane (or packet) the record names, and the fields that merely follow from that choice
 * are checked in one place, against the record rendered again for it (checkEchoedFields). Errors are code 3 and name
 * the field (`invalid operations[2].cctp_transfer.denom_in: ...`).
 */
import { invalidArgument } from '../errors.js';
import { describeValue, MAX_SHORT_STRING_LENGTH } from '../wire/limits.js';
import type { BridgeType } from '../wire/common.js';

export interface RecordStart {
  /** A required non-empty string field. */
  str(key: string): string;
  fromChainId: string;
  denomIn: string;
}

export function readRecordStart(
  record: Record<string, unknown>,
  at: string,
  expected: { chainId: string; denom: string },
  bridge: { id: BridgeType; operationKind: string },
): RecordStart {
  const str = (k: string): string => {
    const v = record[k];
    if (typeof v !== 'string' || v === '') throw invalidArgument(`invalid ${at}.${k}: must be a non-empty string`);
    if (v.length > MAX_SHORT_STRING_LENGTH)
      throw invalidArgument(`invalid ${at}.${k}: longer than ${MAX_SHORT_STRING_LENGTH} characters`);
    return v;
  };
  const fromChainId = str('from_chain_id');
  const denomIn = str('denom_in');
  if (record.bridge_id !== undefined && record.bridge_id !== bridge.id) {
    throw invalidArgument(`invalid ${at}.bridge_id: a ${bridge.operationKind} operation uses the ${bridge.id} bridge`);
  }
  if (fromChainId !== expected.chainId) {
    throw invalidArgument(
      `invalid ${at}.from_chain_id: the previous operation ends on ${expected.chainId}, not ${fromChainId}`,
    );
  }
  if (denomIn !== expected.denom)
    throw invalidArgument(`invalid ${at}.denom_in: the previous operation delivers ${expected.denom}, not ${denomIn}`);
  return { str, fromChainId, denomIn };
}

/** Equal as the wire means it: EVM addresses (0x…) in any letter case, everything else exactly. */
function sameValue(got: unknown, want: unknown): boolean {
  if (typeof got === 'string' && typeof want === 'string' && got.startsWith('0x') && want.startsWith('0x'))
    return got.toLowerCase() === want.toLowerCase();
  return got === want;
}

/**
 * The fields of an echoed record that follow from the lane (or packet) it was found to name: each one the echo
 * carries must be what `rendered`, the record rendered again for that choice, says. A field left out is fine: the
 * rendering, not the echo, is what the messages are built from. `what` names the choice for the error.
 */
export function checkEchoedFields(
  echo: Record<string, unknown>,
  rendered: Record<string, unknown>,
  fields: readonly string[],
  at: string,
  what: string,
): void {
  for (const field of fields) {
    const got = echo[field];
    if (got === undefined || sameValue(got, rendered[field])) continue;
    throw invalidArgument(
      `invalid ${at}.${field}: ${what} has ${String(rendered[field])} here, not ${describeValue(got)}`,
    );
  }
}
