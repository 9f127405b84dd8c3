/**
 * Health for load balancers and orchestrators:
 * - GET /health: the state of each dependency (200 ok or degraded; 503 while draining);
 * - GET /health/live: liveness, 200 while the process can answer at all (a Kubernetes livenessProbe: failing it
 *   restarts the container, so it checks nothing that a restart would not fix);
 * - GET /health/ready: readiness, 200 while this instance takes requests, 503 from the moment it starts draining (a
 *   readinessProbe or a load balancer's health check). A database or Redis that is down does not make an instance
 *   unready: routes and messages need neither, and every instance shares them, so failing readiness would turn their
 *   outage into a total one. Both are answered from memory, without probing anything, so they can be asked often.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { HealthResponse } from '../../wire/info.js';
import type { AccessService } from '../../auth/index.js';
import { DependencyProbe } from '../dependencies.js';
import type { TxService } from '../../tx/service.js';

/** One check per venue: the source of its pool state and how old it is (a failing live poll is reported, not fatal). */
function marketChecks(ctx: AppContext): Record<string, { ok: boolean; detail: string }> {
  const out: Record<string, { ok: boolean; detail: string }> = {};
  const status = ctx.liveMarket.status();
  for (const [venue, s] of Object.entries(status.venues)) {
    if ('ageSeconds' in s)
      out[`venue:${venue}`] = {
        ok: true,
        detail: s.ageSeconds === null ? s.source : `${s.source}, ${s.ageSeconds} s old`,
      };
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

const LiveResponse = Type.Object(
  { status: Type.Literal('live', { description: 'always "live": the process answers' }) },
  { title: 'Liveness', description: 'answer of GET /health/live' },
);

const ReadyResponse = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('draining')], {
      description: 'ready: this instance takes requests; draining: it is shutting down (HTTP 503), send them elsewhere',
    }),
  },
  { title: 'Readiness', description: 'answer of GET /health/ready' },
);

export const healthRoutes: FastifyPluginAsyncTypebox<{
  ctx: AppContext;
  access?: AccessService | undefined;
  tx?: TxService | undefined;
}> = async (app, { ctx, access, tx }) => {
  let assetCount = 0;
  for (const id of ctx.registry.chains.keys()) for (const _ of ctx.registry.listedAssets(id)) assetCount++;
  const probe = new DependencyProbe(access);
  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: the process answers',
        description:
          'HTTP 200 whenever the process can answer, draining included. For a Kubernetes livenessProbe: it checks nothing a restart would fix, so a slow database never restarts the instance.',
        tags: ['service'],
        operationId: 'healthLive',
        response: { 200: LiveResponse },
      },
    },
    async () => ({ status: 'live' as const }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        summary: 'Readiness: this instance takes requests',
        description:
          'HTTP 200 while the instance takes requests; HTTP 503 from the moment it starts draining on SIGTERM (DRAIN_SECONDS), so a load balancer or a Kubernetes readinessProbe stops sending it requests before it closes. A database or Redis outage does not make it unready (routes and messages need neither); GET /health shows those.',
        tags: ['service'],
        operationId: 'healthReady',
        response: { 200: ReadyResponse, 503: ReadyResponse },
      },
    },
    async (_req, reply) => {
      if (ctx.lifecycle.draining || ctx.lifecycle.closing) return reply.code(503).send({ status: 'draining' as const });
      return { status: 'ready' as const };
    },
  );
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
          // Per CHAIN_RPC_URLS chain: can tracking find transactions and packets there (indexer on)?
          ...Object.fromEntries(
            Object.entries((await tx?.trackingHealth.checks()) ?? {}).map(([chain, c]) => [`tracking:${chain}`, c]),
          ),
        },
      };
    },
  );
};
