/**
 * A local OPinit executor answering `GET /withdrawal/{sequence}` in the shape of initia-labs/opinit-bots
 * (route: executor/querier.go; body: QueryWithdrawalResponse in executor/types/query.go, encoded by Go's
 * encoding/json: uint64 as JSON numbers, []byte as base64, sdk.Coin as {denom, amount: "<integer string>"};
 * an unfinalized tree answers the withdrawal with null proof fields, an unknown sequence an error status).
 * The values are made up for the tests; only the shape is the executor's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const b64 = (byte: number, length = 32) => Buffer.alloc(length, byte).toString('base64');

/** A proven withdrawal as the executor answers it once its output is finalized. */
export function provenWithdrawal(o: {
  sequence: number;
  bridgeId: number;
  outputIndex: number;
  from: string;
  to: string;
  denom: string;
  amount: string;
}) {
  return {
    sequence: o.sequence,
    to: o.to,
    from: o.from,
    amount: { denom: o.denom, amount: o.amount },
    output_index: o.outputIndex,
    bridge_id: o.bridgeId,
    withdrawal_proofs: [b64(0x11), b64(0x22)],
    version: b64(1, 1),
    storage_root: b64(0x33),
    last_block_hash: b64(0x44),
    tx_time: 1_764_000_000_000_000_000,
    tx_height: 1234,
    tx_hash: 'AB'.repeat(32),
  };
}

/** The same withdrawal before its tree is finalized: no proof yet. */
export function unprovenWithdrawal(proven: ReturnType<typeof provenWithdrawal>) {
  return { ...proven, output_index: 0, withdrawal_proofs: null, storage_root: null, last_block_hash: null };
}

export class FakeExecutor {
  /** The answer per L2 sequence; sequences not here are answered 500 "not found", as the executor's error handler does. */
  readonly withdrawals = new Map<string, unknown>();
  readonly asked: string[] = [];
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const m = /^\/withdrawal\/([^/?]+)$/.exec(req.url ?? '');
      if (req.method !== 'GET' || !m) {
        res.writeHead(404).end('Cannot GET');
        return;
      }
      this.asked.push(m[1]!);
      const body = this.withdrawals.get(m[1]!);
      if (body === undefined) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('failed to get withdrawal: not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
