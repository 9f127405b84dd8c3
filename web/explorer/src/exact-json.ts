/**
 * Message JSON as the server wrote it carries integers beyond 2^53 as bare numbers (MsgTransfer's
 * timeout_timestamp in nanoseconds). JSON.parse would round them; here every number that a double cannot hold
 * exactly is kept as its text, wrapped in ExactNumber, so what the page shows is what will be signed.
 */

export class ExactNumber {
  constructor(readonly text: string) {}
  toJSON(): string {
    return this.text;
  }
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** JSON.parse, except that integers outside the safe range become ExactNumber. */
export function parseExactJson(text: string): unknown {
  // Rewrite the text: unsafe integer literals outside strings become a marker string, then revive the markers.
  let out = '';
  let i = 0;
  const marker = '\u0000exact:';
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      const lit = m ? m[0] : c;
      out += /^-?\d+$/.test(lit) && !Number.isSafeInteger(Number(lit)) ? JSON.stringify(marker + lit) : lit;
      i += lit.length;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out, (_k, v: unknown) =>
    typeof v === 'string' && v.startsWith(marker) ? new ExactNumber(v.slice(marker.length)) : v,
  );
}

/**
 * A JSON string field that holds JSON itself (memos, contract messages): parsed, recursively, so a memo's nested
 * `next` or `wasm.msg` reads as structure. Strings that are not JSON objects or arrays stay strings.
 */
export function expandNestedJson(value: unknown, depth = 0): unknown {
  if (depth > 16) return value;
  if (typeof value === 'string') {
    const t = value.trim();
    if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
      try {
        return new NestedJson(expandNestedJson(parseExactJson(t), depth + 1));
      } catch {
        return value;
      }
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => expandNestedJson(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof ExactNumber)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandNestedJson(v, depth + 1)]));
  }
  return value;
}

/** Marks a value that was a JSON string on the wire (shown as "JSON text:" so nobody mistakes it for an object). */
export class NestedJson {
  constructor(readonly value: unknown) {}
}

/** Pretty text of a parsed value, exact numbers written bare as on the wire, nested JSON shown expanded. */
export function prettyJson(value: unknown, indent = 0): string {
  const pad = '  '.repeat(indent);
  if (value instanceof ExactNumber) return value.text;
  if (value instanceof NestedJson) return `JSON text ${prettyJson(value.value, indent)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${pad}  ${prettyJson(v, indent + 1)}`).join(',\n')}\n${pad}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${pad}  ${JSON.stringify(k)}: ${prettyJson(v, indent + 1)}`).join(',\n')}\n${pad}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
