/**
 * EVM calldata made readable: the function a transaction calls and its arguments, for the functions Junction's
 * bridges call (Circle's TokenMessenger) and the ERC-20 calls a wallet makes around them. Static ABI types only,
 * which is all these functions take; anything else is shown as its selector and raw 32-byte words.
 */

export interface AbiParam {
  name: string;
  type: string;
}
export interface KnownFunction {
  name: string;
  params: AbiParam[];
}

const p = (type: string, name: string): AbiParam => ({ name, type });

/** By 4-byte selector (hex, no 0x). evm.test.ts checks each selector against the keccak of its signature. */
export const KNOWN_FUNCTIONS: Record<string, KnownFunction> = {
  '6fd3504e': {
    name: 'depositForBurn',
    params: [
      p('uint256', 'amount'),
      p('uint32', 'destinationDomain'),
      p('bytes32', 'mintRecipient'),
      p('address', 'burnToken'),
    ],
  },
  f856ddb6: {
    name: 'depositForBurnWithCaller',
    params: [
      p('uint256', 'amount'),
      p('uint32', 'destinationDomain'),
      p('bytes32', 'mintRecipient'),
      p('address', 'burnToken'),
      p('bytes32', 'destinationCaller'),
    ],
  },
  '8e0250ee': {
    name: 'depositForBurn',
    params: [
      p('uint256', 'amount'),
      p('uint32', 'destinationDomain'),
      p('bytes32', 'mintRecipient'),
      p('address', 'burnToken'),
      p('bytes32', 'destinationCaller'),
      p('uint256', 'maxFee'),
      p('uint32', 'minFinalityThreshold'),
    ],
  },
  '095ea7b3': { name: 'approve', params: [p('address', 'spender'), p('uint256', 'amount')] },
  a9059cbb: { name: 'transfer', params: [p('address', 'to'), p('uint256', 'amount')] },
};

export const signatureOf = (f: KnownFunction) => `${f.name}(${f.params.map((x) => x.type).join(',')})`;

export interface DecodedCall {
  selector: string;
  /** Null when the selector is not one the page knows. */
  fn: KnownFunction | null;
  args: { name: string; type: string; value: string }[];
  /** Why the arguments could not be read (too short, bytes left over). */
  problem?: string;
}

/** `data` as the wire carries it: hex, with or without 0x. */
export function decodeCalldata(data: string): DecodedCall {
  const hex = data.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]*$/.test(hex) || hex.length % 2 !== 0) return { selector: '', fn: null, args: [], problem: 'not hex' };
  if (hex.length < 8)
    return {
      selector: hex,
      fn: null,
      args: [],
      problem: hex.length ? 'shorter than a selector' : 'no calldata (a plain value transfer)',
    };
  const selector = hex.slice(0, 8);
  const body = hex.slice(8);
  const words = body.match(/.{1,64}/g) ?? [];
  const fn = KNOWN_FUNCTIONS[selector] ?? null;
  if (!fn)
    return { selector, fn, args: words.map((w, i) => ({ name: `word ${i}`, type: 'bytes32', value: `0x${w}` })) };
  if (words.length < fn.params.length || words.some((w) => w.length !== 64))
    return { selector, fn, args: [], problem: "calldata shorter than the function's arguments" };
  const args = fn.params.map((param, i) => ({ ...param, value: decodeWord(param.type, words[i]!) }));
  const extra = words.length > fn.params.length ? "more calldata than the function's arguments" : undefined;
  return { selector, fn, args, ...(extra ? { problem: extra } : {}) };
}

function decodeWord(type: string, word: string): string {
  if (type === 'address') return checksumless(`0x${word.slice(24)}`);
  if (type === 'bool') return BigInt(`0x${word}`) === 0n ? 'false' : 'true';
  if (/^uint\d*$/.test(type)) return BigInt(`0x${word}`).toString();
  if (/^int\d*$/.test(type)) {
    const v = BigInt(`0x${word}`);
    return (v >= 1n << 255n ? v - (1n << 256n) : v).toString();
  }
  return `0x${word}`;
}

/** Addresses are shown lower case: an EIP-55 checksum needs keccak, which the page does not ship for display. */
const checksumless = (a: string) => a.toLowerCase();
