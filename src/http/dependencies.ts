/**
 * What /health says about the services Junction depends on: the database (embedded SQLite or PostgreSQL) and, when
 * configured, Redis. Each is `ready` or `degraded` with a one-line detail. Routes and messages need neither (they
 * run in memory), so a dependency down makes the instance `degraded`, not unready: API keys keep working from the
 * last loaded table, statistics wait in memory, and the rate limit falls back to per-instance windows.
 *
 * /health is not rate limited, so the probes are cached for a second and concurrent callers share one probe: a
 * flood of health checks cannot turn into a flood of database queries.
 */
import { sql } from 'kysely';
import type { AccessService } from '../auth/index.js';
import { describeError } from '../store/describe.js';

type DependencyState = 'ready' | 'degraded';

export interface DependencyReport {
  state: DependencyState;
  detail: string;
}

/** Longest wait for one probe: a database that does not answer within it is degraded for /health's purpose. */
const PROBE_TIMEOUT_MS = 1_000;
const PROBE_CACHE_MS = 1_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export class DependencyProbe {
  private last: { at: number; reports: Record<string, DependencyReport> } | undefined;
  private running: Promise<Record<string, DependencyReport>> | undefined;

  constructor(
    private readonly access: AccessService | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reports per dependency (empty without an access service: tests that run the app alone). */
  async reports(): Promise<Record<string, DependencyReport>> {
    if (this.last && this.now() - this.last.at < PROBE_CACHE_MS) return this.last.reports;
    this.running ??= this.probe().finally(() => (this.running = undefined));
    return this.running;
  }

  private async probe(): Promise<Record<string, DependencyReport>> {
    const access = this.access;
    if (!access) return {};
    const out: Record<string, DependencyReport> = {};
    const store = access.store;
    const name = store.kind === 'postgres' ? 'PostgreSQL' : 'embedded SQLite';
    try {
      await withTimeout(sql`select 1`.execute(store.db), PROBE_TIMEOUT_MS);
      out.database = { state: 'ready', detail: `${name} at ${store.location}` };
    } catch (err) {
      out.database = {
        state: 'degraded',
        detail: `${name} at ${store.location} does not answer (${describeError(err)}): API keys are served from the last loaded table, usage statistics wait in memory`,
      };
    }
    const limiter = access.limiter;
    if (access.settings.redisUrl) {
      const ok =
        'ping' in limiter && typeof limiter.ping === 'function'
          ? await withTimeout((limiter.ping as () => Promise<boolean>)(), PROBE_TIMEOUT_MS).catch(() => false)
          : false;
      out.redis = ok
        ? { state: 'ready', detail: 'the anonymous rate limit is shared by all instances' }
        : {
            state: 'degraded',
            detail: 'Redis does not answer: the anonymous rate limit is enforced per instance until it returns',
          };
    }
    this.last = { at: this.now(), reports: out };
    return out;
  }
}
