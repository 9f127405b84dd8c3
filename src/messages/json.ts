/**
 * JSON with big integers written as bare numbers, and caller-supplied JSON spliced in verbatim. The wire format
 * carries MsgTransfer `timeout_timestamp` and the entry point's `timeout_timestamp` as JSON numbers of nanoseconds
 * (beyond 2^53), so they cannot pass through a JS `number`; a bigint anywhere in the value is emitted as its exact
 * digits. A caller's contract message (post_route_handler.wasm_msg.msg) may hold integers beyond 2^53 too: it is
 * carried as RawJson, validated once and emitted as the caller's own text, never re-serialised.
 */

/** Already-validated JSON text, emitted as is where it appears in a value (see wasm-msg.ts). */
export class RawJson {
  constructor(readonly text: string) {}
}

export function stringifyWithBigInts(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint' || v instanceof RawJson) {
      marks.push(typeof v === 'bigint' ? v.toString() : v.text);
      return `\u0000big${marks.length - 1}\u0000`;
    }
    return v;
  });
  if (marks.length === 0) return text;
  // The placeholder contains a NUL, which JSON.stringify escapes as \u0000: it cannot occur in any other string.
  return text.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!);
}
