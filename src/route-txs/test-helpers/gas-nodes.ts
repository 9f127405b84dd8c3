/**
 * Local chain nodes for the gas tests, answering in the shapes of the real ones: per Cosmos chain the Cosmos SDK REST
 * (LCD) bank balance by denom (`{"balance": {"denom", "amount"}}`), the auth account (`{"account": {"@type", "address",
 * "pub_key": {"@type", "key"}, "account_number", "sequence"}}`) and tx simulation (`{"gas_info": {"gas_wanted",
 * "gas_used"}, "result": {...}}`), as Cosmos SDK 0.50 answers them (docs.cosmos.network, gRPC-gateway REST); per EVM
 * chain a JSON-RPC endpoint answering eth_chainId and eth_getBalance (single requests and batches, as viem sends them);
 * for Solana, JSON-RPC getLatestBlockhash and simulateTransaction (`{"context": {"slot"}, "value": {"err", "logs",
 * "accounts", "unitsConsumed", "returnData"}}`, solana.com/docs/rpc/http/simulatetransaction).
 * A chain can be made to fail (HTTP 500 with a Cosmos SDK error body) or never answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';

interface GasNodeState {
  /** chain → address → denom → amount (base units). EVM: the native balance under denom 'native'. */
  balances: Map<string, Map<string, Map<string, bigint>>>;
  /** Chains that answer HTTP 500. */
  failing: Set<string>;
  /** Chains that never answer. */
  silent: Set<string>;
  /** chain → address → base64 secp256k1 public key (accounts not listed have none: never signed). */
  pubKeys: Map<string, Map<string, string>>;
  /** Gas used the simulation answers, per chain. */
  simulatedGas: Map<string, bigint>;
  /** Decoded tx bodies the simulations received. */
  simulated: { chainId: string; tx: TxRaw }[];
  /** Compute units Solana's simulation answers; the configs it received. */
  solanaUnits: number;
  solanaSimulations: { config: Record<string, unknown> }[];
}

export interface GasNodes {
  url: string;
  state: GasNodeState;
  restUrl(chainId: string): string;
  rpcUrl(chainId: string): string;
  solanaUrl: string;
  setBalance(chainId: string, address: string, denom: string, amount: bigint): void;
  close(): Promise<void>;
}

/** A recent blockhash as Solana's getLatestBlockhash returns it (solana.com/docs/rpc/http/getlatestblockhash). */
const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export async function startGasNodes(): Promise<GasNodes> {
  const state: GasNodeState = {
    balances: new Map(),
    failing: new Set(),
    silent: new Set(),
    pubKeys: new Map(),
    simulatedGas: new Map(),
    simulated: [],
    solanaUnits: 25_000,
    solanaSimulations: [],
  };
  const balance = (chain: string, address: string, denom: string) =>
    state.balances.get(chain)?.get(address.toLowerCase())?.get(denom) ?? 0n;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const [, kind, chain, ...rest] = url.pathname.split('/');
      if (!chain) return json(res, 404, {});
      if (state.silent.has(chain)) return; // never answers
      if (state.failing.has(chain)) return json(res, 500, { code: 13, message: 'internal error', details: [] });
      if (kind === 'evm') {
        const call = (r: { id: number; method: string; params: unknown[] }) => {
          if (r.method === 'eth_chainId')
            return { jsonrpc: '2.0', id: r.id, result: `0x${Number(chain).toString(16)}` };
          if (r.method === 'eth_getBalance')
            return {
              jsonrpc: '2.0',
              id: r.id,
              result: `0x${balance(chain, String(r.params[0]), 'native').toString(16)}`,
            };
          return { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: 'method not found' } };
        };
        const parsed = JSON.parse(body) as unknown;
        return json(res, 200, Array.isArray(parsed) ? parsed.map(call) : call(parsed as Parameters<typeof call>[0]));
      }
      if (kind === 'solana') {
        const r = JSON.parse(body) as { id: number; method: string; params: unknown[] };
        const context = { slot: 2792 };
        if (r.method === 'getLatestBlockhash')
          return json(res, 200, {
            jsonrpc: '2.0',
            id: r.id,
            result: { context, value: { blockhash: BLOCKHASH, lastValidBlockHeight: 3090 } },
          });
        if (r.method === 'simulateTransaction') {
          state.solanaSimulations.push({ config: r.params[1] as Record<string, unknown> });
          return json(res, 200, {
            jsonrpc: '2.0',
            id: r.id,
            result: {
              context,
              value: { err: null, logs: [], accounts: null, unitsConsumed: state.solanaUnits, returnData: null },
            },
          });
        }
        return json(res, 200, { jsonrpc: '2.0', id: r.id, error: { code: -32601, message: 'Method not found' } });
      }
      const path = rest.join('/');
      const byDenom = /^cosmos\/bank\/v1beta1\/balances\/([^/]+)\/by_denom$/.exec(path);
      if (byDenom) {
        const denom = url.searchParams.get('denom') ?? '';
        return json(res, 200, { balance: { denom, amount: balance(chain, byDenom[1]!, denom).toString() } });
      }
      const account = /^cosmos\/auth\/v1beta1\/accounts\/([^/]+)$/.exec(path);
      if (account) {
        const address = account[1]!;
        const key = state.pubKeys.get(chain)?.get(address);
        return json(res, 200, {
          account: {
            '@type': '/cosmos.auth.v1beta1.BaseAccount',
            address,
            pub_key: key ? { '@type': '/cosmos.crypto.secp256k1.PubKey', key } : null,
            account_number: '42',
            sequence: '7',
          },
        });
      }
      if (path === 'cosmos/tx/v1beta1/simulate' && req.method === 'POST') {
        const tx = TxRaw.decode(Buffer.from((JSON.parse(body) as { tx_bytes: string }).tx_bytes, 'base64'));
        state.simulated.push({ chainId: chain, tx });
        const used = state.simulatedGas.get(chain) ?? 100_000n;
        return json(res, 200, {
          gas_info: { gas_wanted: '0', gas_used: used.toString() },
          result: { data: '', log: '', events: [], msg_responses: [] },
        });
      }
      return json(res, 501, { code: 12, message: `Not Implemented: ${path}`, details: [] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    restUrl: (chainId) => `${url}/rest/${chainId}`,
    rpcUrl: (chainId) => `${url}/evm/${chainId}`,
    solanaUrl: `${url}/solana/solana`,
    setBalance(chainId, address, denom, amount) {
      let byAddress = state.balances.get(chainId);
      if (!byAddress) state.balances.set(chainId, (byAddress = new Map()));
      let byDenom = byAddress.get(address.toLowerCase());
      if (!byDenom) byAddress.set(address.toLowerCase(), (byDenom = new Map()));
      byDenom.set(denom, amount);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
