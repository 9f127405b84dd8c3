/**
 * post_route_handler.wasm_msg.msg: the caller's contract message, a JSON object given as a string. It must reach the
 * contract byte for byte (wasmd hands the bytes to the contract, which may hold u128 amounts beyond 2^53), so it is
 * checked here and then carried as RawJson: spliced verbatim into an IBC-hooks memo, or base64-encoded from its own
 * UTF-8 bytes for the entry point's contract_call. It is never parsed into JS numbers and written back.
 */
import { invalidArgument } from '../errors.js';
import { jsonDepth } from '../wire/limits.js';
import { RawJson } from './json.js';

/** Deepest nesting accepted; far beyond real contract messages, far below any parser's recursion limit. */
const MAX_WASM_MSG_DEPTH = 64;

const FIELD = 'post_route_handler.wasm_msg.msg';

export function parseWasmMsg(raw: string): RawJson {
  // Depth first: the syntax check below must never meet a pathological nesting.
  if (jsonDepth(raw, MAX_WASM_MSG_DEPTH) > MAX_WASM_MSG_DEPTH) {
    throw invalidArgument(`invalid ${FIELD}: nested deeper than ${MAX_WASM_MSG_DEPTH} levels`);
  }
  let value: unknown;
  try {
    // Syntax check only: the parsed value (whose numbers may be rounded) is never used to build anything.
    value = JSON.parse(raw);
  } catch {
    throw invalidArgument(`invalid ${FIELD}: must be a JSON-encoded contract message`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidArgument(`invalid ${FIELD}: must encode a JSON object`);
  }
  return new RawJson(raw);
}

/** The entry point's contract_call `msg` (a cosmwasm Binary): base64 of the message's own UTF-8 bytes. */
export function wasmMsgBinary(msg: RawJson): string {
  return Buffer.from(msg.text, 'utf8').toString('base64');
}
