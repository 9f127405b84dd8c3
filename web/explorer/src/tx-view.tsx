/**
 * A transaction's transfers, live: enter a chain and hash (or arrive from a route's messages, or a link
 * #/tx/<chain>/<hash>) and the page follows GET /junction/tx/events (server-sent events of the tracked status),
 * showing each hop with its explorer links, where progress is blocked, and where the funds are when it fails.
 * A transaction Junction does not track yet can be tracked from here (POST /v2/tx/track).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiCallError, headers } from './api.js';
import type { Catalog } from './catalog.js';
import { ErrorBox } from './common.js';
import { parseSse } from './sse.js';
import { fromBaseUnits, shorten } from './units.js';
import type { ChainTransaction, TransferEvent, TransferStatus, TxStatus } from './wire.js';

const TERMINAL = new Set(['STATE_COMPLETED_SUCCESS', 'STATE_COMPLETED_ERROR', 'STATE_ABANDONED']);

const STATE_WORDS: Record<string, string> = {
  STATE_SUBMITTED: 'Submitted: not seen on chain yet',
  STATE_PENDING: 'In flight',
  STATE_PENDING_ERROR: 'Failed: the refund is on its way',
  STATE_COMPLETED_SUCCESS: 'Delivered',
  STATE_COMPLETED_ERROR: 'Failed: the funds were released',
  STATE_ABANDONED: 'Tracking gave up (no progress for too long)',
};

type Conn = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'finished';

/** Reads the event stream until it ends; calls onStatus for each status event. Throws ApiCallError on HTTP errors. */
async function stream(
  chainId: string,
  hash: string,
  signal: AbortSignal,
  onOpen: () => void,
  onStatus: (s: TxStatus) => void,
): Promise<void> {
  const res = await fetch(
    `/junction/tx/events?chain_id=${encodeURIComponent(chainId)}&tx_hash=${encodeURIComponent(hash)}`,
    { headers: headers(false), signal },
  );
  if (!res.ok || !res.body) {
    const e = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
    throw new ApiCallError(res.status, e.code, e.message ?? `HTTP ${res.status}`, []);
  }
  onOpen();
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const { events, rest } = parseSse(buffer + value);
    buffer = rest;
    for (const ev of events) if (ev.event === 'status') onStatus(JSON.parse(ev.data) as TxStatus);
  }
}

export function TxView({
  catalog,
  initial,
  onLocation,
}: {
  catalog: Catalog;
  initial: { chainId: string; hash: string; nonce: number };
  onLocation: (chainId: string, hash: string) => void;
}) {
  const [chainId, setChainId] = useState(initial.chainId || 'osmosis-1');
  const [hash, setHash] = useState(initial.hash);
  const [target, setTarget] = useState<{ chainId: string; hash: string; n: number } | null>(null);
  const [status, setStatus] = useState<TxStatus | null>(null);
  const [conn, setConn] = useState<Conn>('idle');
  const [error, setError] = useState<unknown>(null);
  const [notTracked, setNotTracked] = useState(false);
  const hashInput = useRef<HTMLInputElement>(null);

  // Arriving from a route's "watch" button (or a changed link): take its chain and hash.
  useEffect(() => {
    setChainId(initial.chainId || 'osmosis-1');
    setHash(initial.hash);
    if (initial.hash) setTarget({ chainId: initial.chainId, hash: initial.hash, n: initial.nonce });
    else hashInput.current?.focus();
  }, [initial.chainId, initial.hash, initial.nonce]);

  useEffect(() => {
    if (!target) return;
    const abort = new AbortController();
    let last = '';
    setStatus(null);
    setError(null);
    setNotTracked(false);
    setConn('connecting');
    void (async () => {
      while (!abort.signal.aborted) {
        try {
          await stream(
            target.chainId,
            target.hash,
            abort.signal,
            () => setConn('live'),
            (s) => {
              last = s.state;
              setStatus(s);
              setError(null);
            },
          );
          if (TERMINAL.has(last)) return setConn('finished');
        } catch (err) {
          if (abort.signal.aborted) return;
          if (err instanceof ApiCallError && err.status === 404) {
            setNotTracked(true);
            setError(err);
            return setConn('idle');
          }
          if (err instanceof ApiCallError && err.status >= 400 && err.status < 500 && err.status !== 429) {
            setError(err);
            return setConn('idle');
          }
          setError(err);
        }
        // The stream ended before a terminal state (a restart, a proxy timeout): pick it up again.
        setConn('reconnecting');
        await new Promise((r) => setTimeout(r, 1500));
      }
    })();
    return () => abort.abort();
  }, [target]);

  const watch = (e: Event) => {
    e.preventDefault();
    const h = hash.trim();
    if (!h) return hashInput.current?.focus();
    onLocation(chainId, h);
    setTarget({ chainId, hash: h, n: Date.now() });
  };

  const track = async () => {
    if (!target) return;
    try {
      await api('/v2/tx/track', { chain_id: target.chainId, tx_hash: target.hash });
      setTarget({ ...target, n: Date.now() });
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section class="card" aria-labelledby="tx-title">
      <h2 id="tx-title">Transaction</h2>
      <form onSubmit={watch} class="row">
        <div class="field">
          <label for="tx-chain">Chain</label>
          <select id="tx-chain" value={chainId} onChange={(e) => setChainId(e.currentTarget.value)}>
            {catalog.chains.map((c) => (
              <option key={c.chain_id} value={c.chain_id}>
                {c.pretty_name} ({c.chain_id})
              </option>
            ))}
          </select>
        </div>
        <div class="field grow">
          <label for="tx-hash">Transaction hash</label>
          <input
            id="tx-hash"
            ref={hashInput}
            autocomplete="off"
            spellcheck={false}
            value={hash}
            onInput={(e) => setHash(e.currentTarget.value)}
            placeholder="hex (Cosmos, EVM) or base58 signature (Solana)"
          />
        </div>
        <div class="field end">
          <button type="submit">Watch</button>
        </div>
      </form>
      <p class="conn muted small" role="status" aria-live="polite">
        {conn === 'connecting' && 'Connecting…'}
        {conn === 'live' && 'Live: updates appear as the chains move.'}
        {conn === 'reconnecting' && 'Connection lost: reconnecting…'}
        {conn === 'finished' && 'Finished: the transaction reached a final state.'}
      </p>
      <ErrorBox
        error={error}
        title={notTracked ? 'Junction is not tracking this transaction' : 'The status could not be read'}
      />
      {notTracked && (
        <button type="button" onClick={() => void track()}>
          Track it now
        </button>
      )}
      {status && <StatusView catalog={catalog} status={status} />}
    </section>
  );
}

function StatusView({ catalog, status }: { catalog: Catalog; status: TxStatus }) {
  const transfers: TransferStatus[] = status.transfers.length ? status.transfers : [status];
  return (
    <div class="status" aria-live="polite">
      <p class={`state state-${status.state}`}>
        <strong>{STATE_WORDS[status.state] ?? status.state}</strong> <code class="muted">{status.state}</code>
      </p>
      <Release catalog={catalog} status={status} />
      {status.error && (
        <p class="problem">
          {status.error.type ? `${status.error.type}: ` : ''}
          {status.error.message}
          {status.error.details
            ? ` (code ${status.error.details.code}${status.error.details.message !== status.error.message ? `: ${status.error.details.message}` : ''})`
            : ''}
        </p>
      )}
      {transfers.map((t, i) => (
        <article key={i} class="transfer" aria-label={`Transfer ${i + 1}`}>
          <h3>
            Transfer {i + 1}: {STATE_WORDS[t.state] ?? t.state}
          </h3>
          {t.transfer_sequence.length === 0 && <p class="muted">No hop seen yet.</p>}
          <ol class="hops">
            {t.transfer_sequence.map((ev, k) => (
              <Hop
                key={k}
                catalog={catalog}
                ev={ev}
                index={k}
                blocking={t.next_blocking_transfer?.transfer_sequence_index === k}
              />
            ))}
          </ol>
        </article>
      ))}
    </div>
  );
}

function Release({ catalog, status }: { catalog: Catalog; status: TxStatus }) {
  const r = status.transfer_asset_release;
  const [origin, setOrigin] = useState<{ symbol: string; decimals: number } | null>(null);
  const unknown = !!r && !catalog.asset(r.chain_id, r.denom) && r.denom.startsWith('ibc/');
  useEffect(() => {
    setOrigin(null);
    if (!r || !unknown) return;
    let live = true;
    void catalog.origin(r.chain_id, r.denom).then((a) => {
      if (live && a?.symbol && typeof a.decimals === 'number') setOrigin({ symbol: a.symbol, decimals: a.decimals });
    });
    return () => {
      live = false;
    };
  }, [r?.chain_id, r?.denom]);
  if (!r) return null;
  // A voucher the asset list does not name is shown as its origin asset, with the voucher denom beside it.
  const amount =
    origin && r.amount
      ? `${fromBaseUnits(r.amount, origin.decimals)} ${origin.symbol} (${shorten(r.denom, 8)})`
      : r.amount
        ? catalog.amount(r.chain_id, r.denom, r.amount)
        : catalog.symbol(r.chain_id, r.denom);
  const failed =
    status.state === 'STATE_COMPLETED_ERROR' ||
    status.state === 'STATE_PENDING_ERROR' ||
    status.state === 'STATE_ABANDONED';
  return (
    <p class={failed ? 'funds funds-failed' : 'funds'}>
      <strong>Where the funds are:</strong> {amount} on {catalog.chainName(r.chain_id)} ({r.chain_id}),{' '}
      {r.released ? 'released: usable by the owner' : 'not released yet: they wait there'}.
    </p>
  );
}

const TX_WORDS: Record<string, string> = {
  send_tx: 'sent',
  receive_tx: 'received',
  acknowledge_tx: 'acknowledged',
  timeout_tx: 'timed out',
  order_submitted_tx: 'order submitted',
  order_filled_tx: 'order filled',
  order_refunded_tx: 'refunded',
  error_tx: 'error',
};

function Hop({
  catalog,
  ev,
  index,
  blocking,
}: {
  catalog: Catalog;
  ev: TransferEvent;
  index: number;
  blocking: boolean;
}) {
  const [kind, body] = Object.entries(ev)[0] ?? ['unknown', undefined];
  if (!body) return null;
  const txs = (body.packet_txs ?? body.txs ?? {}) as Record<string, unknown>;
  const links = Object.entries(txs).filter(
    (e): e is [string, ChainTransaction] => !!e[1] && typeof e[1] === 'object' && 'tx_hash' in (e[1] as object),
  );
  const problem = txs.error as { message?: string; type?: string } | null | undefined;
  return (
    <li class={blocking ? 'hop blocking' : 'hop'}>
      <p>
        <strong>
          Hop {index + 1}: {catalog.chainName(body.from_chain_id)} → {catalog.chainName(body.to_chain_id)}
        </strong>{' '}
        · {kind.replace(/_/g, ' ')} · <code>{body.state}</code>
        {blocking && <span class="badge">waiting here</span>}
      </p>
      {links.length > 0 && (
        <ul class="links">
          {links.map(([k, t]) => (
            <li key={k}>
              {TX_WORDS[k] ?? k.replace(/_/g, ' ')} on {catalog.chainName(t.chain_id)}:{' '}
              <a href={t.explorer_link} target="_blank" rel="noopener noreferrer">
                {shorten(t.tx_hash, 8)}
                <span class="visually-hidden"> (opens the chain explorer)</span>
              </a>
              {t.on_chain_at ? <span class="muted small"> at {t.on_chain_at}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {problem?.message && <p class="problem">{problem.message}</p>}
    </li>
  );
}
