/**
 * What the CCTP burn-from-Solana tests (V1 and V2) share: Solana's program ids and Circle's USDC mint as published
 * (written here, not read from the project's data, so that the tests check the data), PDA derivation, and a local
 * JSON-RPC endpoint answering `getLatestBlockhash` in the real response shape
 * (solana.com/docs/rpc/http/getlatestblockhash).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PublicKey } from '@solana/web3.js';

export const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
export const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ATA_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
export const SYSTEM_PROGRAM = new PublicKey('11111111111111111111111111111111');
/** The blockhash the endpoint answers. */
export const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

export const pda = (program: PublicKey, ...seeds: (string | Buffer)[]) =>
  PublicKey.findProgramAddressSync(
    seeds.map((s) => (typeof s === 'string' ? Buffer.from(s) : s)),
    program,
  )[0];

/** The owner's USDC token account: its associated token account for the USDC mint. */
export const ownerUsdcAccount = (owner: PublicKey) =>
  pda(ATA_PROGRAM, owner.toBuffer(), TOKEN_PROGRAM.toBuffer(), USDC.toBuffer());

export interface BlockhashRpc {
  /** The endpoint's URL, for CHAIN_RPC_URLS=solana=… */
  url: string;
  /** The methods called, in order. */
  calls: string[];
  /** While set, every call answers 503. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startBlockhashRpc(): Promise<BlockhashRpc> {
  const rpc: Omit<BlockhashRpc, 'url' | 'close'> = { calls: [], failing: false };
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const call = JSON.parse(text) as { id: number | string; method: string };
      rpc.calls.push(call.method);
      if (rpc.failing) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: call.id,
          result: { context: { slot: 2792 }, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 3090 } },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(rpc, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
