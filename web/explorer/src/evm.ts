/**
 * EVM calldata made readable: the function a transaction calls and its arguments. The functions are those of the
 * ABIs Junction's bridges and venues encode with (their abi.ts files, imported as they are, so the page cannot drift
 * from what the server builds) plus ERC-20's; viem decodes them, dynamic types and structs included. Anything else
 * is shown as its selector and raw 32-byte words.
 */
import { decodeFunctionData, erc20Abi, toFunctionSelector, type Abi, type AbiFunction, type AbiParameter } from 'viem';
import { HANDLER_ABI as AXELAR_HANDLER_ABI } from '../../../src/bridges/axelar/abi.js';
import { CCTP_RELAYER_ABI, TOKEN_MESSENGER_ABI } from '../../../src/bridges/cctp/abi.js';
import { TOKEN_MESSENGER_V2_ABI } from '../../../src/bridges/cctp-v2/abi.js';
import { EUREKA_HANDLER_ABI, ICS20_TRANSFER_ABI } from '../../../src/bridges/eureka/abi.js';
import { GO_FAST_GATEWAY_ABI, GO_FAST_HANDLER_ABI } from '../../../src/bridges/go-fast/abi.js';
import { WARP_ROUTER_ABI } from '../../../src/bridges/hyperlane/abi.js';
import { IOFT_ABI } from '../../../src/bridges/oft/abi.js';
import { SWAP_ROUTER_02_ABI } from '../../../src/venues/uniswap/router-abi.js';

interface AbiParam {
  name: string;
  type: string;
}
export interface KnownFunction {
  name: string;
  /** The canonical signature the selector is the keccak of, e.g. `approve(address,uint256)`. */
  signature: string;
  params: AbiParam[];
  abi: AbiFunction;
}

/** Structs written in their canonical `(t1,t2,...)` form, as in a signature. */
const canonicalType = (p: AbiParameter): string =>
  p.type.startsWith('tuple') && 'components' in p
    ? `(${p.components.map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`
    : p.type;

/** Every ABI whose functions a Junction transaction may call. */
const PROJECT_ABIS: readonly Abi[] = [
  TOKEN_MESSENGER_ABI,
  TOKEN_MESSENGER_V2_ABI,
  CCTP_RELAYER_ABI,
  GO_FAST_GATEWAY_ABI,
  GO_FAST_HANDLER_ABI,
  AXELAR_HANDLER_ABI,
  ICS20_TRANSFER_ABI,
  EUREKA_HANDLER_ABI,
  WARP_ROUTER_ABI,
  IOFT_ABI,
  SWAP_ROUTER_02_ABI,
  erc20Abi,
];

/** By 4-byte selector (hex, no 0x). */
export const KNOWN_FUNCTIONS: Record<string, KnownFunction> = Object.fromEntries(
  PROJECT_ABIS.flatMap((abi) => abi.filter((item): item is AbiFunction => item.type === 'function')).map((fn) => {
    const signature = `${fn.name}(${fn.inputs.map(canonicalType).join(',')})`;
    const params = fn.inputs.map((p, i) => ({ name: p.name || `argument ${i}`, type: canonicalType(p) }));
    return [toFunctionSelector(signature).slice(2), { name: fn.name, signature, params, abi: fn }];
  }),
);

export const signatureOf = (f: KnownFunction) => f.signature;

export interface DecodedCall {
  selector: string;
  /** Null when the selector is not one the page knows. */
  fn: KnownFunction | null;
  args: { name: string; type: string; value: string }[];
  /** Why the arguments could not be read (too short, malformed). */
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
  const fn = KNOWN_FUNCTIONS[selector] ?? null;
  if (!fn) {
    const words = hex.slice(8).match(/.{1,64}/g) ?? [];
    return { selector, fn, args: words.map((w, i) => ({ name: `word ${i}`, type: 'bytes32', value: `0x${w}` })) };
  }
  let values: readonly unknown[];
  try {
    values = decodeFunctionData({ abi: [fn.abi], data: `0x${hex}` }).args ?? [];
  } catch {
    return { selector, fn, args: [], problem: "calldata shorter than the function's arguments" };
  }
  return { selector, fn, args: fn.params.map((param, i) => ({ ...param, value: show(values[i]) })) };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Numbers in full, addresses lower case (an EIP-55 checksum is not needed to read them), structs as JSON. */
function show(value: unknown): string {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return ADDRESS.test(value) ? value.toLowerCase() : value;
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : typeof v === 'string' && ADDRESS.test(v) ? v.toLowerCase() : v,
  );
}
