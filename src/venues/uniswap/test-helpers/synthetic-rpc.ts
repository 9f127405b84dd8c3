/**
 * A JSON-RPC node answering Multicall3 aggregate3 eth_calls for any number of synthetic Uniswap V3 pools, in the real
 * wire shapes (ABI-encoded slot0, liquidity, fee, tickBitmap, ticks results inside aggregate3's Result[]): each pool's
 * state is derived from its address. Answers are computed once per distinct call batch and then replayed, so that
 * the node's own work does not count against the ingest it serves when both run in one process.
 */
import http from 'node:http';
import {
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionResult,
  hexToBigInt,
  parseAbi,
  slice,
  type Address,
  type Hex,
} from 'viem';
import { sqrtRatioAtTick } from '../math/tick-math.js';

const AGG3 = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

/** Pool i: spacing 10, the price at tick 1000·(i mod 50), initialized ticks every 100 ticks (40 in ±2 words). */
export function syntheticPool(i: number): Address {
  return `0x${(0x1000 + i).toString(16).padStart(40, '0')}`;
}
/** What every synthetic pool's fee() answers (pips). */
export const SYNTHETIC_FEE = 420;
const tickOf = (pool: Address) => 1000 * (Number(BigInt(pool) - 0x1000n) % 50);
const word = (v: bigint) => encodeAbiParameters([{ type: 'uint256' }], [v]);

function answer(pool: Address, data: Hex): Hex {
  const selector = slice(data, 0, 4);
  const tick = tickOf(pool);
  if (selector === '0x3850c7bd') {
    // slot0
    return encodeAbiParameters(
      ['uint160', 'int24', 'uint16', 'uint16', 'uint16', 'uint8', 'bool'].map((type) => ({ type })),
      [sqrtRatioAtTick(tick) + 1n, tick, 0, 1, 1, 0, true],
    );
  }
  if (selector === '0x1a686502') return word(10n ** 18n); // liquidity
  if (selector === '0xddca3f43') return word(BigInt(SYNTHETIC_FEE)); // fee() (a Slipstream pool's fee of the moment)
  if (selector === '0x5339c296') {
    // tickBitmap(int16): every 10th compressed tick initialized
    let bits = 0n;
    for (let b = 0; b < 256; b += 10) bits |= 1n << BigInt(b);
    return word(bits);
  }
  if (selector === '0xf30dba93') {
    // ticks(int24): liquidityNet +1e15 below the price, −1e15 above
    const t = Number(BigInt.asIntN(256, hexToBigInt(slice(data, 4))));
    const net = t <= tick ? 10n ** 15n : -(10n ** 15n);
    return encodeAbiParameters(
      ['uint128', 'int128', 'uint256', 'uint256', 'int56', 'uint160', 'uint32', 'bool'].map((type) => ({ type })),
      [10n ** 15n, net, 0n, 0n, 0n, 0n, 0, true],
    );
  }
  return '0x';
}

export interface SyntheticNode {
  url: string;
  close(): Promise<void>;
}

export function startSyntheticNode(): Promise<SyntheticNode> {
  const replay = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const msg = JSON.parse(Buffer.concat(parts).toString()) as { id: number; params: [{ data: Hex }] };
      const data = msg.params[0].data;
      let result = replay.get(data);
      if (result === undefined) {
        const { args } = decodeFunctionData({ abi: AGG3, data });
        result = encodeFunctionResult({
          abi: AGG3,
          functionName: 'aggregate3',
          result: args[0].map((c) => ({ success: true, returnData: answer(c.target, c.callData) })),
        });
        replay.set(data, result);
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"jsonrpc":"2.0","id":${msg.id},"result":"${result}"}`);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}
