/**
 * Parses the elements of a large JSON array without one long JSON.parse: the text is scanned for the array's
 * top-level element boundaries (string-aware), each element is parsed on its own, and the work yields to the event
 * loop every few milliseconds. A 20 MB pool list then costs many short slices instead of one ~150 ms pause.
 *
 * `key` selects the array: undefined for a top-level array (SQS `/pools`), or the name of a property of the
 * top-level object (`pools` in the LCD all-pools response).
 */
import { ShapeError } from '../json.js';
import { yieldToEventLoop } from './yield.js';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

export async function parseJsonArrayChunked(text: string, key?: string, budgetMs = 4): Promise<unknown[]> {
  const out: unknown[] = [];
  await forEachJsonArrayElement(text, (element) => out.push(JSON.parse(element)), key, budgetMs);
  return out;
}

/**
 * Calls `f` with the text of each element of the array (not parsed: a caller can recognise an element it has seen
 * before by its text and skip parsing it), yielding to the event loop every `budgetMs` of work.
 */
export async function forEachJsonArrayElement(
  text: string,
  f: (element: string) => void,
  key?: string,
  budgetMs = 4,
): Promise<void> {
  const begin = key === undefined ? topLevelArray(text) : propertyArray(text, key);
  let depth = 0;
  let elementStart = begin + 1;
  let sliceStart = performance.now();
  // One pass: element boundaries are commas at depth 0; the array ends at the bracket that takes depth below 0.
  // Strings (most of the text) are skipped with indexOf, which scans natively, instead of one character at a time.
  for (let i = begin + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) {
        if (c !== CLOSE_BRACKET) throw new ShapeError('unbalanced JSON array');
        const last = text.slice(elementStart, i).trim();
        if (last !== '') f(last);
        return;
      }
      depth--;
    } else if (c === COMMA && depth === 0) {
      f(text.slice(elementStart, i).trim());
      elementStart = i + 1;
      if (performance.now() - sliceStart >= budgetMs) {
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
    }
  }
  throw new ShapeError('unterminated JSON array');
}

/** Index of the '[' opening a document that is an array. */
function topLevelArray(text: string): number {
  const begin = text.search(/\S/);
  if (begin < 0 || text.charCodeAt(begin) !== OPEN_BRACKET) throw new ShapeError('expected a JSON array');
  return begin;
}

/** Index of the '[' opening the array value of `key` in a top-level object. */
function propertyArray(text: string, key: string): number {
  const begin = text.search(/\S/);
  if (begin < 0 || text.charCodeAt(begin) !== OPEN_BRACE) throw new ShapeError('expected a JSON object');
  const target = JSON.stringify(key);
  let depth = 0;
  for (let i = begin; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const close = stringEnd(text, i);
      if (depth === 1 && text.slice(i, close + 1) === target) {
        let j = close + 1;
        while (/\s/.test(text[j] ?? '')) j++;
        if (text[j] === ':') {
          j++;
          while (/\s/.test(text[j] ?? '')) j++;
          if (text.charCodeAt(j) !== OPEN_BRACKET) throw new ShapeError(`${key}: expected an array`);
          return j;
        }
      }
      i = close;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  throw new ShapeError(`missing property ${key}`);
}

/** Index of the quote closing the string that opens at `open` (a quote preceded by an odd run of backslashes is escaped). */
function stringEnd(text: string, open: number): number {
  for (let close = text.indexOf('"', open + 1); close >= 0; close = text.indexOf('"', close + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return close;
  }
  throw new ShapeError('unterminated string');
}
