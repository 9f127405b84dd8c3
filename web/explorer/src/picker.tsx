/**
 * Picks an asset: a chain, then one of its assets (native select boxes: keyboard type-ahead, phone pickers), or a
 * search across every chain ("atom hub") whose results set both at once.
 */
import { useMemo, useState } from 'preact/hooks';
import { searchAssets, type Catalog } from './catalog.js';
import { shorten } from './units.js';
import type { Asset } from './wire.js';

export interface Holding {
  chainId: string;
  denom: string;
}

const assetLabel = (a: Asset) =>
  `${a.symbol ?? a.denom}${a.name && a.name !== a.symbol ? ` · ${a.name}` : ''}${a.denom !== a.symbol ? ` (${shorten(a.denom, 10)})` : ''}`;

/** The asset a chain should offer first: its first fee-paying native asset, else the first one listed. */
export function defaultDenom(catalog: Catalog, chainId: string): string {
  const list = catalog.assets(chainId);
  return (
    (list.find((a) => a.origin_chain_id === chainId && a.origin_denom === a.denom && !a.denom.includes('/')) ?? list[0])
      ?.denom ?? ''
  );
}

export function AssetPicker({
  catalog,
  id,
  legend,
  value,
  onChange,
}: {
  catalog: Catalog;
  id: string;
  legend: string;
  value: Holding;
  onChange: (h: Holding) => void;
}) {
  const [search, setSearch] = useState('');
  const results = useMemo(() => searchAssets(catalog, search), [catalog, search]);
  const assets = catalog.assets(value.chainId);
  const selected = catalog.asset(value.chainId, value.denom);
  return (
    <fieldset class="picker">
      <legend>{legend}</legend>
      <div class="field">
        <label for={`${id}-search`}>Search by symbol and chain</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          placeholder="e.g. atom hub, usdc base"
          autocomplete="off"
          aria-controls={`${id}-results`}
          onInput={(e) => setSearch(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setSearch('');
          }}
        />
        {results.length > 0 && (
          <p class="muted small" id={`${id}-results-help`}>
            Best {results.length} matches; add a chain name to narrow (Escape clears).
          </p>
        )}
        <ul id={`${id}-results`} class="results" aria-label={`${legend}: search results`} hidden={results.length === 0}>
          {results.map((a) => (
            <li key={`${a.chain_id}/${a.denom}`}>
              <button
                type="button"
                class="result"
                onClick={() => {
                  onChange({ chainId: a.chain_id, denom: a.denom });
                  setSearch('');
                }}
              >
                <strong>{a.symbol ?? a.denom}</strong> on {catalog.chainName(a.chain_id)}
                <span class="muted"> {shorten(a.denom, 10)}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      <div class="row">
        <div class="field">
          <label for={`${id}-chain`}>Chain</label>
          <select
            id={`${id}-chain`}
            value={value.chainId}
            onChange={(e) =>
              onChange({ chainId: e.currentTarget.value, denom: defaultDenom(catalog, e.currentTarget.value) })
            }
          >
            {catalog.chains.map((c) => (
              <option key={c.chain_id} value={c.chain_id}>
                {c.pretty_name} ({c.chain_id}){c.chain_type !== 'cosmos' ? ` · ${c.chain_type.toUpperCase()}` : ''}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for={`${id}-asset`}>Asset</label>
          <select
            id={`${id}-asset`}
            value={value.denom}
            onChange={(e) => onChange({ chainId: value.chainId, denom: e.currentTarget.value })}
          >
            {assets.map((a) => (
              <option key={a.denom} value={a.denom}>
                {assetLabel(a)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {selected && (
        <p class="muted small">
          {selected.symbol} on {catalog.chainName(value.chainId)}: <code>{value.denom}</code>,{' '}
          {selected.decimals ?? '?'} decimals
          {selected.origin_chain_id !== value.chainId ? `, from ${catalog.chainName(selected.origin_chain_id)}` : ''}
        </p>
      )}
    </fieldset>
  );
}
