/** The ranked alternatives of POST /junction/routes in one table, the route shown above being rank 1. */
import type { Catalog } from './catalog.js';
import { alternativeRows, type RankedRoute } from './alternative-rows.js';

export function Alternatives({ catalog, routes }: { catalog: Catalog; routes: readonly RankedRoute[] }) {
  if (routes.length < 2) return null;
  const rows = alternativeRows(catalog, routes);
  return (
    <section class="card alternatives" aria-labelledby="alternatives-title">
      <h3 id="alternatives-title">Alternatives, side by side</h3>
      <div class="table-scroll">
        <table>
          <caption class="visually-hidden">Ranked alternative routes</caption>
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Way</th>
              <th scope="col">Delivers</th>
              <th scope="col">Net (USD)</th>
              <th scope="col">Costs on top</th>
              <th scope="col">Signatures</th>
              <th scope="col">Time</th>
              <th scope="col">Why here</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.rank}>
                <th scope="row">{r.rank}</th>
                <td>{r.way}</td>
                <td>{r.delivers}</td>
                <td>{r.net}</td>
                <td>{r.costsOnTop}</td>
                <td>{r.signatures}</td>
                <td>{r.duration}</td>
                <td>{r.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
