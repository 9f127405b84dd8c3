/**
 * Size limits of request input, checked before anything costly happens to it (parsing, BigInt conversion, address
 * decoding, caching). A request is at most BODY_LIMIT_BYTES; within that, no single field may make one request cost
 * much more than an ordinary one, because requests share one event loop: a million-digit amount or ten thousand
 * affiliates would stall every other caller while they are processed. The limits sit far above anything a real
 * client sends and are stated in the schemas (maxLength, maxItems, maxProperties), hence in the OpenAPI document.
 */
/** Bodies of /route, /msgs and /msgs_direct (BODY_LIMIT_BYTES bounds the other endpoints). */
export const MAX_QUOTE_BODY_BYTES = 256 * 1024;
/** Digits of the largest amount: 2^256 − 1, the widest integer a supported chain holds, has 78. */
export const MAX_AMOUNT_DIGITS = 78;
/** JSON nesting of a request body; real requests nest 7 levels (an operation's swap path). Checked before parsing. */
export const MAX_BODY_DEPTH = 32;
/** Chain ids (Cosmos caps them at 50 characters; EVM ids are decimal numbers). */
export const MAX_CHAIN_ID_LENGTH = 128;
/** Denoms: the Cosmos SDK caps them at 128 characters; ERC-20 and SPL addresses are shorter. */
export const MAX_DENOM_LENGTH = 256;
/** Addresses of any supported chain (bech32 strings are at most 90 characters). */
export const MAX_ADDRESS_LENGTH = 128;
/** Any other short string field (names, options, percentages). */
export const MAX_SHORT_STRING_LENGTH = 256;
/** post_route_handler.wasm_msg.msg: ibc-go refuses memos longer than 32768 bytes, and the message travels in one. */
export const MAX_WASM_MSG_LENGTH = 32_768;
/** Affiliates on one chain. */
export const MAX_AFFILIATES_PER_CHAIN = 32;
/** Chains in chain_ids_to_affiliates. */
export const MAX_AFFILIATE_CHAINS = 32;
/** Chains in chain_ids_to_addresses (a wallet may offer an address for every chain it knows). */
export const MAX_ADDRESS_CHAINS = 256;
/** Entries of small option lists (bridges, swap_venues, experimental_features, chain_ids, address_list). */
export const MAX_LIST_ITEMS = 64;

/** A caller's value for an error message: strings quoted and cut short, anything else by its JSON type only. */
export function describeValue(v: unknown, max = 80): string {
  if (typeof v === 'string') return JSON.stringify(v.length > max ? `${v.slice(0, max)}…` : v);
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v;
}

/** Nesting depth of JSON text, counting brackets outside strings; stops early once past `limit`. */
export function jsonDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max && (max = depth) > limit) return max;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/**
 * Whether JSON text nests deeper than `limit`, counting brackets outside strings (jsonDepth: linear, allocation-free,
 * stops at the first bracket past the limit), so it can run on any body before JSON.parse or a schema sees it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  return jsonDepth(text, limit) > limit;
}

/** The limits as one sentence for the OpenAPI description. */
export const LIMITS_TEXT =
  `Input limits (HTTP 400, code 3, beyond them): bodies of /v2/fungible/route, /msgs and /msgs_direct at most ${MAX_QUOTE_BODY_BYTES / 1024} KiB; amounts at most ${MAX_AMOUNT_DIGITS} digits (2^256 - 1); JSON bodies nested at most ` +
  `${MAX_BODY_DEPTH} levels; chain ids ${MAX_CHAIN_ID_LENGTH} characters, denoms ${MAX_DENOM_LENGTH}, addresses ${MAX_ADDRESS_LENGTH}, ` +
  `other strings ${MAX_SHORT_STRING_LENGTH}; post_route_handler.wasm_msg.msg ${MAX_WASM_MSG_LENGTH} characters; at most ` +
  `${MAX_AFFILIATES_PER_CHAIN} affiliates on each of ${MAX_AFFILIATE_CHAINS} chains, ${MAX_ADDRESS_CHAINS} chains in chain_ids_to_addresses, ` +
  `${MAX_LIST_ITEMS} entries in other lists; keys named __proto__ or constructor are refused.`;
