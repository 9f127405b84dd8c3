/**
 * A route as a diagram: holdings (an asset on a chain) as nodes, each operation as an edge labelled with its bridge
 * or venue, its amounts in and out and its fees; where a new transaction starts the diagram says so and why the
 * funds wait; warnings and the route's totals (USD in and out, cost, price impact, duration) above it.
 */
import type { Catalog } from './catalog.js';
import { feeLines } from './fee-lines.js';
import { duration, shorten, usd, usdCents, usdDifference } from './units.js';
import { kindOf, type Operation, type Route } from './wire.js';

const KIND_TITLES: Record<string, string> = {
  transfer: 'IBC transfer',
  swap: 'Swap',
  cctp_transfer: 'CCTP burn and mint',
  axelar_transfer: 'Axelar transfer',
  hyperlane_transfer: 'Hyperlane transfer',
  go_fast_transfer: 'Go Fast transfer',
  eureka_transfer: 'IBC Eureka transfer',
  op_init_transfer: 'OPinit transfer',
  stargate_transfer: 'Stargate transfer',
  layer_zero_transfer: 'LayerZero transfer',
  bank_send: 'Bank send',
  evm_swap: 'EVM swap',
};

const s = (v: unknown) => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** Where an operation leaves the funds: its destination chain and denom. */
function opEnd(op: Operation): { chainId: string; denom: string } {
  const [, r] = kindOf(op);
  return { chainId: s(r.to_chain_id) || s(r.chain_id) || s(r.from_chain_id), denom: s(r.denom_out) || s(r.denom) };
}
function opStart(op: Operation): { chainId: string; denom: string } {
  const [, r] = kindOf(op);
  return { chainId: s(r.from_chain_id) || s(r.chain_id), denom: s(r.denom_in) || s(r.denom) };
}

/** `part` as a percentage of `whole` (USD strings), to the hundredth, exactly. */
function percentOf(part: string, whole: string): string | null {
  const p = usdCents(part);
  const w = usdCents(whole);
  if (p === null || w === null || w === 0n) return null;
  const bp = (p * 10000n) / w;
  const abs = bp < 0n ? -bp : bp;
  return `${bp < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')} %`;
}

function edgeLabel(catalog: Catalog, op: Operation): { title: string; via: string } {
  const [kind, r] = kindOf(op);
  const title = KIND_TITLES[kind] ?? kind.replace(/_/g, ' ');
  if (kind === 'transfer') return { title, via: `IBC · ${s(r.port)}/${s(r.channel)}` };
  if (kind === 'swap') {
    const body = (r.swap_in ?? r.swap_out ?? r.smart_swap_in) as Record<string, unknown> | undefined;
    const venue = (body?.swap_venue as { name?: string } | undefined)?.name ?? '';
    const ops = (body?.swap_operations as { pool: string }[] | undefined) ?? [];
    const routes = (body?.swap_routes as { swap_operations: { pool: string }[] }[] | undefined) ?? [];
    const pools = routes.length
      ? routes.map((x) => x.swap_operations.map((o) => o.pool).join('→')).join(' | ')
      : ops.map((o) => o.pool).join(' → ');
    return {
      title: `${title} on ${venue}`,
      via: `venue ${venue} on ${catalog.chainName(s(r.chain_id))} · pool${pools.includes('→') || pools.includes('|') ? 's' : ''} ${pools}`,
    };
  }
  return { title, via: s(r.bridge_id) ? `bridge ${s(r.bridge_id)}` : '' };
}

export function RouteView({ catalog, route }: { catalog: Catalog; route: Route }) {
  const ops = route.operations;
  const diff =
    route.usd_amount_in && route.usd_amount_out ? usdDifference(route.usd_amount_in, route.usd_amount_out) : null;
  const txCount = route.txs_required;
  const firstOfTx = (i: number) => i === 0 || ops[i]!.tx_index !== ops[i - 1]!.tx_index;
  const routeFees = route.estimated_fees.filter((f) => f.operation_index === null || f.operation_index === undefined);
  return (
    <section class="card" aria-labelledby="route-title">
      <h2 id="route-title">Route</h2>
      <p class="summary">
        <strong>{catalog.amount(route.source_asset_chain_id, route.source_asset_denom, route.amount_in)}</strong> on{' '}
        {catalog.chainName(route.source_asset_chain_id)} →{' '}
        <strong>{catalog.amount(route.dest_asset_chain_id, route.dest_asset_denom, route.amount_out)}</strong> on{' '}
        {catalog.chainName(route.dest_asset_chain_id)}
      </p>
      {route.warning && (
        <div class="warning" role="alert">
          <strong>
            {route.warning.type === 'BAD_PRICE_WARNING'
              ? 'Bad price'
              : route.warning.type === 'LOW_INFO_WARNING'
                ? 'Price unknown'
                : route.warning.type}
          </strong>{' '}
          ({route.warning.type}): {route.warning.message}
        </div>
      )}
      {txCount > 1 && (
        <div class="notice" role="note">
          <strong>{txCount} transactions.</strong> This route stops where a bridge delivers and waits for you to sign
          again:{' '}
          {ops
            .filter((_, i) => firstOfTx(i))
            .map((op) => `transaction ${op.tx_index + 1} on ${catalog.chainName(opStart(op).chainId)}`)
            .join(', then ')}
          .
        </div>
      )}
      <dl class="facts">
        <div>
          <dt>Value in → out</dt>
          <dd>
            {usd(route.usd_amount_in) ?? 'unpriced'} → {usd(route.usd_amount_out) ?? 'unpriced'}
          </dd>
        </div>
        {diff && (
          <div>
            <dt>Cost (value lost)</dt>
            <dd>
              {usd(diff)}
              {route.usd_amount_in && percentOf(diff, route.usd_amount_in)
                ? ` (${percentOf(diff, route.usd_amount_in)})`
                : ''}
            </dd>
          </div>
        )}
        {route.swap_price_impact_percent && (
          <div>
            <dt>Price impact</dt>
            <dd>{route.swap_price_impact_percent} %</dd>
          </div>
        )}
        <div>
          <dt>Transactions to sign</dt>
          <dd>{txCount}</dd>
        </div>
        <div>
          <dt>Estimated duration</dt>
          <dd>{duration(route.estimated_route_duration_seconds)}</dd>
        </div>
        <div>
          <dt>Fees outside the amounts</dt>
          <dd>
            {routeFees.length === 0 && route.estimated_fees.length === 0
              ? 'none'
              : route.estimated_fees
                  .map(
                    (f) =>
                      `${f.bridge_id} ${f.fee_type}: ${f.origin_asset ? catalog.amount(f.origin_asset.chain_id, f.origin_asset.denom, f.amount) : f.amount}${f.usd_amount ? ` (${usd(f.usd_amount)})` : ''}`,
                  )
                  .join('; ')}
          </dd>
        </div>
      </dl>
      <h3 id="diagram-title">Diagram</h3>
      <ol class="diagram" aria-labelledby="diagram-title">
        <li class="node">
          <span class="chain">{catalog.chainName(route.source_asset_chain_id)}</span>{' '}
          <span class="asset">{catalog.symbol(route.source_asset_chain_id, route.source_asset_denom)}</span>
        </li>
        {ops.map((op, i) => {
          const end = opEnd(op);
          const { title, via } = edgeLabel(catalog, op);
          const start = opStart(op);
          return [
            firstOfTx(i) ? (
              <li key={`b${i}`} class={`boundary tx-${op.tx_index % 4}`}>
                {txCount > 1
                  ? `Transaction ${op.tx_index + 1} of ${txCount}: you sign on ${catalog.chainName(start.chainId)}${i > 0 ? ' (the funds wait here until you do)' : ''}`
                  : `One transaction, signed on ${catalog.chainName(start.chainId)}`}
              </li>
            ) : null,
            <li key={`e${i}`} class={`edge tx-${op.tx_index % 4}`}>
              <h4>
                {i + 1}. {title}
              </h4>
              <p class="via">{via}</p>
              <p>
                In {catalog.amount(start.chainId, start.denom, op.amount_in)} → out{' '}
                {catalog.amount(end.chainId, end.denom, op.amount_out)}
              </p>
              <ul class="fees" aria-label={`Fees of step ${i + 1}`}>
                {feeLines(catalog, op, i, route.estimated_fees).map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
              <p class="muted small">Transaction {op.tx_index + 1}</p>
            </li>,
            <li key={`n${i}`} class="node">
              <span class="chain">{catalog.chainName(end.chainId)}</span>{' '}
              <span class="asset">{catalog.symbol(end.chainId, end.denom)}</span>
              {end.denom.length > 20 && <span class="muted small"> {shorten(end.denom, 10)}</span>}
            </li>,
          ];
        })}
      </ol>
      <p class="muted small">
        Alternatives: Junction ranks candidates by transactions needed, then the amount delivered after fees, then
        duration; it returns only the best one. When no route is returned, the error says why the candidates were
        dropped.
      </p>
    </section>
  );
}
