/**
 * Reading many view calls of an EVM chain in few requests: Multicall3's `aggregate3` (deployed at the same address on
 * every chain) through JSON-RPC `eth_call`, a batch of calls per request, a few requests in flight. A call that fails
 * on chain (a pool that does not exist, a reverting view) comes back as `undefined`, never fails the batch.
 */
import { getAbiItem, parseAbi, toFunctionSelector, type Address, type Hex } from 'viem';
import { IngestError } from '../ingest/http.js';
import { mapLimit } from '../ingest/http.js';

/** Canonical Multicall3 deployment (github.com/mds1/multicall: the same address on every EVM chain). */
const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

export const MULTICALL3_ABI = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

export interface ViewCall {
  target: Address;
  data: Hex;
}

export interface RpcOptions {
  url: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Calls per eth_call (default 250). */
  batchSize?: number;
  /** Requests in flight (default 4). */
  concurrency?: number;
  /** Counts requests (tests, status). */
  onRequest?: () => void;
}

let rpcId = 0;

/** One JSON-RPC request; the result, or an IngestError with the node's error message. */
async function jsonRpc(opts: RpcOptions, method: string, params: unknown[]): Promise<unknown> {
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? 20_000);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  opts.onRequest?.();
  let res: Response;
  try {
    res = await fetch(opts.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
      signal,
    });
  } catch (err) {
    throw new IngestError(`request failed: ${(err as Error).message}`, opts.url, undefined, { cause: err });
  }
  if (!res.ok) throw new IngestError(`HTTP ${res.status}`, opts.url, res.status);
  let body: { result?: unknown; error?: { message?: string } };
  try {
    body = (await res.json()) as typeof body;
  } catch (err) {
    throw new IngestError(`not JSON: ${(err as Error).message}`, opts.url, res.status, { cause: err });
  }
  if (body.error) throw new IngestError(`${method}: ${body.error.message ?? 'error'}`, opts.url, res.status);
  return body.result;
}

/** Runs the calls through aggregate3 (batched); each result is the call's return data, or undefined if it failed. */
export async function multicall(opts: RpcOptions, calls: readonly ViewCall[]): Promise<(Hex | undefined)[]> {
  const size = opts.batchSize ?? 250;
  const batches: ViewCall[][] = [];
  for (let i = 0; i < calls.length; i += size) batches.push(calls.slice(i, i + size));
  const answers = await mapLimit(batches, opts.concurrency ?? 4, async (batch) => {
    const raw = await jsonRpc(opts, 'eth_call', [{ to: MULTICALL3_ADDRESS, data: encodeAggregate3(batch) }, 'latest']);
    if (typeof raw !== 'string' || !/^0x[0-9a-fA-F]*$/.test(raw))
      throw new IngestError('eth_call: result is not hex data', opts.url);
    let results: (Hex | undefined)[];
    try {
      results = decodeAggregate3(raw as Hex);
    } catch (err) {
      throw new IngestError(`aggregate3: ${(err as Error).message}`, opts.url, undefined, { cause: err });
    }
    if (results.length !== batch.length) throw new IngestError('aggregate3: wrong number of results', opts.url);
    return results;
  });
  return answers.flat();
}

const AGGREGATE3 = toFunctionSelector(getAbiItem({ abi: MULTICALL3_ABI, name: 'aggregate3' }));
const hexWord = (n: number | bigint) => n.toString(16).padStart(64, '0');

/**
 * aggregate3(Call3[]) calldata with every call allowed to fail, ABI-encoded by hand: a poll sends tens of thousands of
 * calls, and the generic encoder and decoder cost milliseconds per batch (the ABI layout is fixed and simple). Checked
 * against viem's encoder and decoder in rpc.test.ts.
 */
export function encodeAggregate3(calls: readonly ViewCall[]): Hex {
  const heads: string[] = [];
  const tails: string[] = [];
  let offset = 32 * calls.length;
  for (const c of calls) {
    heads.push(hexWord(offset));
    const bytes = c.data.slice(2);
    const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
    tails.push(hexWord(BigInt(c.target)) + hexWord(1) + hexWord(96) + hexWord(bytes.length / 2) + padded);
    offset += 128 + padded.length / 2;
  }
  return `${AGGREGATE3}${hexWord(32)}${hexWord(calls.length)}${heads.join('')}${tails.join('')}`;
}

/** aggregate3's Result[] decoded by hand: each call's return data, or undefined where it failed or returned nothing. */
export function decodeAggregate3(data: Hex): (Hex | undefined)[] {
  const at = (byte: number): number => {
    const end = 2 + 2 * (byte + 32);
    if (end > data.length) throw new RangeError('result too short');
    return Number(`0x${data.slice(2 + 2 * byte, end)}`);
  };
  const array = at(0);
  const n = at(array);
  const base = array + 32;
  const out: (Hex | undefined)[] = [];
  for (let i = 0; i < n; i++) {
    const el = base + at(base + 32 * i);
    const success = at(el) !== 0;
    const bytesAt = el + at(el + 32);
    const len = at(bytesAt);
    const start = 2 + 2 * (bytesAt + 32);
    if (start + 2 * len > data.length) throw new RangeError('result too short');
    out.push(success && len > 0 ? `0x${data.slice(start, start + 2 * len)}` : undefined);
  }
  return out;
}

/** The i-th 32-byte word of ABI return data as an unsigned integer (undefined if the data is too short). */
export function word(data: Hex | undefined, i: number): bigint | undefined {
  if (!data || data.length < 2 + 64 * (i + 1)) return undefined;
  return BigInt(`0x${data.slice(2 + 64 * i, 2 + 64 * (i + 1))}`);
}

/** A word read as a two's-complement signed integer of `bits` bits (int24 ticks, int128 liquidityNet). */
export function signedWord(data: Hex | undefined, i: number, bits: number): bigint | undefined {
  const w = word(data, i);
  if (w === undefined) return undefined;
  const v = BigInt.asIntN(256, w);
  const max = 1n << BigInt(bits - 1);
  if (v < -max || v >= max) return undefined;
  return v;
}
