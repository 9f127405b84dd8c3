/** GET /health: readiness for load balancers and orchestrators. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { HealthResponse } from '../schemas/info.js';

/** One check per venue: the source of its pool state and how old it is (a failing live poll is reported, not fatal). */
function marketChecks(ctx: AppContext): Record<string, { ok: boolean; detail: string }> {
  const out: Record<string, { ok: boolean; detail: string }> = {};
  const status = ctx.liveMarket.status();
  for (const [venue, s] of Object.entries(status.venues)) {
    if ('ageSeconds' in s) out[`venue:${venue}`] = { ok: true, detail: `${s.source}, ${s.ageSeconds} s old` };
    else out[`venue:${venue}`] = { ok: !s.stale, detail: JSON.stringify(s) };
  }
  if (status.prices) out.prices = { ok: status.prices.lastError === undefined, detail: JSON.stringify(status.prices) };
  return out;
}

export const healthRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  let assetCount = 0;
  for (const id of ctx.registry.chains.keys()) for (const _ of ctx.registry.listedAssets(id)) assetCount++;
  app.get(
    '/health',
    { schema: { summary: 'Readiness', tags: ['service'], response: { 200: HealthResponse, 503: HealthResponse } } },
    async () => ({
      status: 'ok' as const,
      chains: ctx.registry.chains.size,
      assets: assetCount,
      uptime_seconds: Math.round((Date.now() - ctx.startedAt) / 100) / 10,
      checks: {
        registry: { ok: true, detail: `${ctx.registry.chains.size} chains` },
        ...marketChecks(ctx),
      },
    }),
  );
};
