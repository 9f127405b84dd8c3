/** The one line an operator reads when the service is ready: where it listens, its store and its venues' data. */
import type { FastifyInstance } from 'fastify';
import type { AccessService } from '../auth/index.js';
import type { AppContext } from '../context.js';

function ageText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s old`;
  if (s < 7200) return `${Math.round(s / 60)} min old`;
  if (s < 172_800) return `${Math.round(s / 3600)} h old`;
  return `${Math.round(s / 86_400)} days old`;
}

/** "Junction ready at http://…  docs http://…/docs  store …  venues …": what an operator needs to know at a glance. */
export function readyLine(app: FastifyInstance, ctx: AppContext, access: AccessService, now = Date.now()): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? '127.0.0.1' : ctx.config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const store =
    access.store.kind === 'postgres'
      ? `PostgreSQL ${access.store.location}`
      : `embedded SQLite ${access.store.location}`;
  const venues = ctx.venues
    .map((v) => {
      const s = ctx.liveMarket.store.get(v.name);
      return s
        ? `${v.name} ${s.source.startsWith('offline:') ? 'offline snapshot' : 'live'} ${
            // A snapshot that records no moment carries the epoch: "20784 days old" would be a made-up age.
            s.takenAt.getTime() > 0 ? ageText(now - s.takenAt.getTime()) : 'undated'
          }`
        : `${v.name} no data`;
    })
    .join(', ');
  return `Junction ready at ${url}  docs ${url}/docs  explorer ${url}/explorer/  store: ${store}  venues: ${venues}`;
}
