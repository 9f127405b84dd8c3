/**
 * JSON with big integers written as bare numbers. The wire format carries MsgTransfer `timeout_timestamp` and the
 * entry point's `timeout_timestamp` as JSON numbers of nanoseconds (beyond 2^53), so they cannot pass through a JS
 * `number`. A bigint anywhere in the value is emitted as its exact digits.
 */
export function stringifyWithBigInts(value: unknown): string {
  const marks: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') {
      marks.push(v.toString());
      return `\u0000big${marks.length - 1}\u0000`;
    }
    return v;
  });
  if (marks.length === 0) return text;
  // The placeholder contains a NUL, which JSON.stringify escapes as \u0000: it cannot occur in any other string.
  return text.replace(/"\\u0000big(\d+)\\u0000"/g, (_m, i: string) => marks[Number(i)]!);
}
