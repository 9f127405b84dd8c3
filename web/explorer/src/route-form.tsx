/**
 * The route request: source and destination assets, an amount in whole tokens (converted with the asset's
 * decimals), exact-in or exact-out, and the options a user meets (bridges, swap venues, several transactions, Go
 * Fast, split swaps, unsafe prices, slippage for the messages). Sends POST /v2/fungible/route.
 */
import { useState } from 'preact/hooks';
import { api } from './api.js';
import type { Catalog } from './catalog.js';
import { AssetPicker, defaultDenom, type Holding } from './picker.js';
import { toBaseUnits } from './units.js';
import type { Route } from './wire.js';
import type { RankedRoute } from './alternative-rows.js';

interface RouteRequestBody {
  source_asset_chain_id: string;
  source_asset_denom: string;
  dest_asset_chain_id: string;
  dest_asset_denom: string;
  amount_in?: string;
  amount_out?: string;
  allow_multi_tx: boolean;
  allow_unsafe: boolean;
  go_fast: boolean;
  smart_relay: boolean;
  smart_swap_options: { split_routes: boolean };
  bridges?: string[];
  swap_venues?: { name: string; chain_id: string }[];
}

export interface RouteResult {
  request: RouteRequestBody;
  route: Route;
  /** Slippage for /msgs, percent as typed. */
  slippage: string;
  /** POST /junction/routes for the same request (empty when that answer failed: the route above still stands). */
  alternatives: RankedRoute[];
}

const pick = (catalog: Catalog, chainId: string, preferred: string): Holding => {
  const has = catalog.asset(chainId, preferred);
  return { chainId, denom: has ? preferred : defaultDenom(catalog, chainId) };
};

export function RouteForm({
  catalog,
  onResult,
  onError,
  onStart,
}: {
  catalog: Catalog;
  onResult: (r: RouteResult) => void;
  onError: (e: unknown) => void;
  onStart: () => void;
}) {
  const firstChain = catalog.chain('cosmoshub-4') ? 'cosmoshub-4' : (catalog.chains[0]?.chain_id ?? '');
  const secondChain = catalog.chain('osmosis-1') ? 'osmosis-1' : (catalog.chains[1]?.chain_id ?? firstChain);
  const [source, setSource] = useState<Holding>(() => pick(catalog, firstChain, 'uatom'));
  const [dest, setDest] = useState<Holding>(() => pick(catalog, secondChain, 'uosmo'));
  const [amount, setAmount] = useState('1');
  const [mode, setMode] = useState<'in' | 'out'>('in');
  const [bridges, setBridges] = useState<Set<string>>(() => new Set(catalog.bridges.map((b) => b.id)));
  const [venues, setVenues] = useState<Set<string>>(() => new Set(catalog.venues.map((v) => v.name)));
  const [multiTx, setMultiTx] = useState(false);
  const [goFast, setGoFast] = useState(false);
  const [smartRelay, setSmartRelay] = useState(true);
  const [split, setSplit] = useState(false);
  const [unsafe, setUnsafe] = useState(false);
  const [slippage, setSlippage] = useState('1');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const amountAsset = catalog.asset(
    mode === 'in' ? source.chainId : dest.chainId,
    mode === 'in' ? source.denom : dest.denom,
  );
  const toggle = (set: Set<string>, key: string, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(key);
    else next.delete(key);
    return next;
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    setProblem('');
    const decimals = amountAsset?.decimals;
    if (decimals === null || decimals === undefined)
      return setProblem('this asset has no known decimals: pick another');
    const base = toBaseUnits(amount, decimals);
    if (!base.ok) return setProblem(base.error);
    if (!/^\d+(\.\d+)?$/.test(slippage.trim()) || Number(slippage) > 100)
      return setProblem('slippage is a percentage between 0 and 100');
    const request: RouteRequestBody = {
      source_asset_chain_id: source.chainId,
      source_asset_denom: source.denom,
      dest_asset_chain_id: dest.chainId,
      dest_asset_denom: dest.denom,
      ...(mode === 'in' ? { amount_in: base.value.toString() } : { amount_out: base.value.toString() }),
      allow_multi_tx: multiTx,
      allow_unsafe: unsafe,
      go_fast: goFast,
      smart_relay: smartRelay,
      smart_swap_options: { split_routes: split },
      // Everything ticked = no restriction: the field is left out, as a client that never restricts would.
      ...(bridges.size < catalog.bridges.length ? { bridges: [...bridges] } : {}),
      ...(venues.size < catalog.venues.length
        ? {
            swap_venues: catalog.venues
              .filter((v) => venues.has(v.name))
              .map((v) => ({ name: v.name, chain_id: v.chain_id })),
          }
        : {}),
    };
    setBusy(true);
    onStart();
    try {
      const [route, alternatives] = await Promise.all([
        api<Route>('/v2/fungible/route', request),
        api<{ routes: RankedRoute[] }>('/junction/routes', request).then(
          (a) => a.routes,
          () => [],
        ),
      ]);
      onResult({ request, route, slippage: slippage.trim(), alternatives });
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={(e) => void submit(e)} aria-labelledby="form-title">
      <h2 id="form-title">Find a route</h2>
      <div class="pickers">
        <AssetPicker catalog={catalog} id="source" legend="From" value={source} onChange={setSource} />
        <button
          type="button"
          class="secondary swap-sides"
          onClick={() => {
            setSource(dest);
            setDest(source);
          }}
        >
          Swap sides
        </button>
        <AssetPicker catalog={catalog} id="dest" legend="To" value={dest} onChange={setDest} />
      </div>
      <fieldset>
        <legend>Amount</legend>
        <div class="row">
          <div class="field">
            <label for="amount">
              Amount {mode === 'in' ? 'to send' : 'to receive'}
              {amountAsset?.symbol ? ` (${amountAsset.symbol})` : ''}
            </label>
            <input
              id="amount"
              inputMode="decimal"
              autocomplete="off"
              value={amount}
              onInput={(e) => setAmount(e.currentTarget.value)}
              aria-describedby="amount-help"
            />
            <p id="amount-help" class="muted small">
              In whole tokens; converted with the asset's {amountAsset?.decimals ?? '?'} decimals.
            </p>
          </div>
          <div class="field radios" role="radiogroup" aria-label="Exact amount">
            <label>
              <input type="radio" name="mode" checked={mode === 'in'} onChange={() => setMode('in')} /> Exact in (I send
              this much)
            </label>
            <label>
              <input type="radio" name="mode" checked={mode === 'out'} onChange={() => setMode('out')} /> Exact out (I
              receive this much)
            </label>
          </div>
        </div>
      </fieldset>
      <details class="options">
        <summary>Options</summary>
        <fieldset>
          <legend>Allowed bridges</legend>
          {catalog.bridges.map((b) => (
            <label key={b.id} class="check">
              <input
                type="checkbox"
                checked={bridges.has(b.id)}
                onChange={(e) => setBridges(toggle(bridges, b.id, e.currentTarget.checked))}
              />{' '}
              {b.name}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Swap venues</legend>
          {catalog.venues.map((v) => (
            <label key={v.name} class="check">
              <input
                type="checkbox"
                checked={venues.has(v.name)}
                onChange={(e) => setVenues(toggle(venues, v.name, e.currentTarget.checked))}
              />{' '}
              {v.name} ({catalog.chainName(v.chain_id)})
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>Route options</legend>
          <label class="check">
            <input
              type="checkbox"
              id="allow-multi-tx"
              checked={multiTx}
              onChange={(e) => setMultiTx(e.currentTarget.checked)}
            />{' '}
            Allow routes needing several transactions
          </label>
          <label class="check">
            <input type="checkbox" checked={goFast} onChange={(e) => setGoFast(e.currentTarget.checked)} /> Go Fast
            (faster bridging where offered)
          </label>
          <label class="check">
            <input type="checkbox" checked={smartRelay} onChange={(e) => setSmartRelay(e.currentTarget.checked)} />{' '}
            Relayed transfers (pay a relaying fee so a relayer completes the bridge)
          </label>
          <label class="check">
            <input type="checkbox" checked={split} onChange={(e) => setSplit(e.currentTarget.checked)} /> Split swaps
            over several pool routes
          </label>
          <label class="check">
            <input
              type="checkbox"
              id="allow-unsafe"
              checked={unsafe}
              onChange={(e) => setUnsafe(e.currentTarget.checked)}
            />{' '}
            Return routes with a bad or unknown price (with a warning)
          </label>
          <div class="field narrow">
            <label for="slippage">Slippage tolerance (%)</label>
            <input
              id="slippage"
              inputMode="decimal"
              value={slippage}
              onInput={(e) => setSlippage(e.currentTarget.value)}
            />
          </div>
        </fieldset>
      </details>
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Searching…' : 'Find route'}
      </button>
    </form>
  );
}
