/**
 * The explorer page: an API key field, two views (a route: request, diagram, messages; a transaction: live
 * status), switched by the URL fragment so that #/tx/<chain>/<hash> links straight to a transaction.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { apiKey, setApiKey } from './api.js';
import { loadCatalog, type Catalog } from './catalog.js';
import { ErrorBox } from './common.js';
import { Messages } from './messages.js';
import { RouteForm, type RouteResult } from './route-form.js';
import { RouteView } from './route-view.js';
import { TxView } from './tx-view.js';
import { refusalTitle } from './refusal.js';
import { Alternatives } from './alternatives.js';

interface Place {
  view: 'route' | 'tx';
  chainId: string;
  hash: string;
  nonce: number;
}

function parseHash(): Place {
  const m = /^#\/tx(?:\/([^/]*)(?:\/([^/]*))?)?/.exec(location.hash);
  if (!m) return { view: 'route', chainId: '', hash: '', nonce: Date.now() };
  return {
    view: 'tx',
    chainId: decodeURIComponent(m[1] ?? ''),
    hash: decodeURIComponent(m[2] ?? ''),
    nonce: Date.now(),
  };
}

function KeyField() {
  const [key, setKey] = useState(apiKey());
  return (
    <form class="key" onSubmit={(e) => e.preventDefault()}>
      <label for="api-key">API key (optional)</label>
      <input
        id="api-key"
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={key}
        aria-describedby="api-key-help"
        onInput={(e) => {
          setKey(e.currentTarget.value.trim());
          setApiKey(e.currentTarget.value.trim());
        }}
      />
      {key && (
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setKey('');
            setApiKey('');
          }}
        >
          Forget
        </button>
      )}
      <p id="api-key-help" class="muted small">
        Sent as the authorization header; kept in this tab's session only.
      </p>
    </form>
  );
}

export function App() {
  const [catalog, setCatalog] = useState<Catalog | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [place, setPlace] = useState<Place>(parseHash);
  const [result, setResult] = useState<RouteResult | null>(null);
  const [routeError, setRouteError] = useState<unknown>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const load = () => {
    setLoadError(null);
    loadCatalog().then(setCatalog, setLoadError);
  };
  useEffect(load, []);
  useEffect(() => {
    const onHash = () => setPlace(parseHash());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  return (
    <>
      <header class="top">
        <h1>Junction route explorer</h1>
        <nav aria-label="Views">
          <a href="#/route" aria-current={place.view === 'route' ? 'page' : undefined}>
            Route
          </a>
          <a href="#/tx" aria-current={place.view === 'tx' ? 'page' : undefined}>
            Transaction
          </a>
          <a href="../docs">API reference</a>
        </nav>
        <KeyField />
      </header>
      <main id="main" tabIndex={-1}>
        {!catalog && !loadError && <p role="status">Loading chains and assets…</p>}
        {loadError && (
          <>
            <ErrorBox error={loadError} title="Chains and assets could not be loaded" />
            <button type="button" onClick={load}>
              Try again
            </button>
          </>
        )}
        {catalog && (
          <>
            <div hidden={place.view !== 'route'}>
              <RouteForm
                catalog={catalog}
                onStart={() => {
                  setRouteError(null);
                  setResult(null);
                }}
                onResult={(r) => {
                  setResult(r);
                  requestAnimationFrame(() => resultRef.current?.focus());
                }}
                onError={(e) => {
                  setRouteError(e);
                  requestAnimationFrame(() => resultRef.current?.focus());
                }}
              />
              <div ref={resultRef} tabIndex={-1} class="result-anchor" aria-label="Route result">
                <ErrorBox error={routeError} title={refusalTitle(routeError)} />
                {result && <RouteView catalog={catalog} route={result.route} />}
                {result && <Alternatives catalog={catalog} routes={result.alternatives} />}
                {result && (
                  <Messages
                    key={JSON.stringify(result.request)}
                    catalog={catalog}
                    result={result}
                    onWatch={(chainId) => {
                      location.hash = `#/tx/${encodeURIComponent(chainId)}`;
                    }}
                  />
                )}
              </div>
            </div>
            {place.view === 'tx' && (
              <TxView
                catalog={catalog}
                initial={place}
                onLocation={(chainId, hash) =>
                  history.replaceState(null, '', `#/tx/${encodeURIComponent(chainId)}/${encodeURIComponent(hash)}`)
                }
              />
            )}
          </>
        )}
      </main>
      <footer class="muted small">
        Junction serves this page itself; it calls only this server's API (<a href="../openapi.json">OpenAPI</a>).
      </footer>
    </>
  );
}
