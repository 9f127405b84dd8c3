/** GET /health: readiness for load balancers and orchestrators. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { HealthResponse } from '../../wire/info.js';
import type { AccessService } from '../../auth/index.js';
import { DependencyProbe } from '../dependencies.js';

/** One check per venue: the source of its pool state and how old it is (a failing live poll is reported, not fatal). */
function marketChecks(ctx: AppContext): Record<string, { ok: boolean; detail: string }> {
  const out: Record<string, { ok: boolean; detail: string }> = {};
  const status = ctx.liveMarket.status();
  for (const [venue, s] of Object.entries(status.venues)) {
    if ('ageSeconds' in s) out[`venue:${venue}`] = { ok: true, detail: `${s.source}, ${s.ageSeconds} s old` };
    else {
      const { waiting, ...rest } = s;
      out[`venue:${venue}`] = { ok: !s.stale, detail: JSON.stringify(rest) };
      // Concentrated pools quoted within their active bucket until their tick model arrives (next poll at the latest).
      out[`venue:${venue}:waiting`] = {
        ok: waiting.length === 0,
        detail:
          waiting.length === 0
            ? 'every pool has its full state'
            : `${waiting.length} pools waiting for their full state: ${waiting.slice(0, 50).join(', ')}${waiting.length > 50 ? ', …' : ''}`,
      };
    }
  }
  if (status.prices) out.prices = { ok: status.prices.lastError === undefined, detail: JSON.stringify(status.prices) };
  // The view requests read: rebuilt (in slices) after each snapshot change, so it can trail the venue status briefly.
  const view = ctx.market();
  out.market = {
    ok: true,
    detail: `version ${view.version}: ${view.venues.map((v) => `${v.venue.name} ${v.snapshot.pools.length} pools`).join(', ')}`,
  };
  return out;
}

/** Which bridge fees are quoted on chain and which are fee-table estimates (bridges/live-fees.ts). */
function bridgeFeeCheck(ctx: AppContext): { ok: boolean; detail: string } {
  const s = ctx.liveFees.status();
  const asked = ctx.liveFees.active.length;
  return {
    ok: true,
    detail: `${s.live} of ${s.lanes} bridge lanes priced from live quotes (${asked} with a configured endpoint${s.lastRefreshAt ? `, last refresh ${s.lastRefreshAt}` : ''}, ${s.failures} failed quotes); the others use their fee tables (estimates)`,
  };
}

export const healthRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext; access?: AccessService | undefined }> = async (
  app,
  { ctx, access },
) => {
  let assetCount = 0;
  for (const id of ctx.registry.chains.keys()) for (const _ of ctx.registry.listedAssets(id)) assetCount++;
  const probe = new DependencyProbe(access);
  app.get(
    '/health',
    {
      schema: {
        summary: 'Readiness and the state of each dependency',
        description:
          'HTTP 200 while the instance serves (status ok, or degraded when the database or Redis is down: routes and messages still work); HTTP 503 once it is shutting down (status draining), so load balancers stop sending it requests.',
        tags: ['service'],
        operationId: 'health',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_req, reply) => {
      const dependencies = await probe.reports();
      const degraded = Object.values(dependencies).some((d) => d.state !== 'ready');
      const status = ctx.lifecycle.draining
        ? ('draining' as const)
        : degraded
          ? ('degraded' as const)
          : ('ok' as const);
      if (status === 'draining') reply.code(503);
      return {
        status,
        chains: ctx.registry.chains.size,
        assets: assetCount,
        uptime_seconds: Math.round((Date.now() - ctx.startedAt) / 100) / 10,
        dependencies,
        checks: {
          registry: { ok: true, detail: `${ctx.registry.chains.size} chains` },
          ...Object.fromEntries(
            Object.entries(dependencies).map(([k, d]) => [k, { ok: d.state === 'ready', detail: d.detail }]),
          ),
          ...marketChecks(ctx),
          bridge_fees: bridgeFeeCheck(ctx),
        },
      };
    },
  );
};
