import fp from 'fastify-plugin';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DEPENDENCY_NAMES, type DependencyHealth } from '../../dependencies/dependency-health';
import { hasBearerToken } from '../../lib/bearer-token';

/** The counters the server's parts report to (one registry per app: tests build several). */
export interface Metrics {
  registry: Registry;
  cacheLookups: Counter<'cache' | 'result'>;
  saves: Counter<'outcome'>;
  extractCodeRefusals: Counter<'reason'>;
  apiResponses: Counter<'route' | 'code'>;
  linkPreviewFetches: Counter<'agent' | 'what'>;
  bulkheadRefusals: Counter<'bulkhead'>;
  loadShed: Counter;
}

function createMetrics(pool: pg.Pool | null, health: DependencyHealth): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nimbus_' });
  new Gauge({
    name: 'nimbus_dependency_up',
    help: 'Whether each dependency answers as its module last saw it (1 up, 0 down; docs/operations/faults-and-chaos.md, "When a dependency fails")',
    labelNames: ['dependency'],
    registers: [registry],
    collect() {
      // Every dependency from start-up, so each alert's query has a figure: one this server does
      // not use (Redis without REDIS_URL, the signing keys without Firebase) cannot be down.
      const states = health.snapshot();
      for (const name of DEPENDENCY_NAMES) {
        this.set({ dependency: name }, states[name]?.up === false ? 0 : 1);
      }
    },
  });
  new Gauge({
    name: 'nimbus_ready',
    help: 'Whether the instance takes traffic (1: /readyz says ready or degraded; 0: unavailable, the database does not answer)',
    registers: [registry],
    collect() {
      this.set(health.isUp('database') ? 1 : 0);
    },
  });
  if (pool) {
    new Gauge({
      name: 'nimbus_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle; waiting: requests queued for one)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  return {
    registry,
    cacheLookups: new Counter({
      name: 'nimbus_cache_lookups_total',
      help: 'Share cache lookups by kind (info, share, list, page) and result (hit, miss)',
      labelNames: ['cache', 'result'],
      registers: [registry],
    }),
    saves: new Counter({
      name: 'nimbus_saves_total',
      help: 'Saves into a cloud by outcome (saved, storage_full, failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    extractCodeRefusals: new Counter({
      name: 'nimbus_extract_code_refusals_total',
      help: 'Extract codes refused: wrong, locked (too many wrong codes from the network), or proof_needed (the share is under attack: a proof of work is asked first)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    apiResponses: new Counter({
      name: 'nimbus_api_responses_total',
      help: 'API answers by route and envelope code (0 success, 4001 storage full, ...)',
      labelNames: ['route', 'code'],
      registers: [registry],
    }),
    linkPreviewFetches: new Counter({
      name: 'nimbus_link_preview_fetches_total',
      help: 'Pages and cards fetched by link-preview agents (chat apps), by agent: not visits',
      labelNames: ['agent', 'what'],
      registers: [registry],
    }),
    bulkheadRefusals: new Counter({
      name: 'nimbus_bulkhead_refusals_total',
      help: 'Requests refused with 503 because their kind of work had used its share of the instance (bulkhead: extract-code, field-data)',
      labelNames: ['bulkhead'],
      registers: [registry],
    }),
    loadShed: new Counter({
      name: 'nimbus_load_shed_total',
      help: 'Requests answered 503 at once because the instance was under pressure (event-loop delay, database pool queue)',
      registers: [registry],
    }),
  };
}

/** The share pages' routes: with the API's, what the availability and latency SLOs read. */
const PAGE_ROUTES = new Set(['/', '/s/*', '/invite']);
export const sloRoute = (url: string) => PAGE_ROUTES.has(url) || url.startsWith('/api/');
/** The statuses each SLO route's series are declared with: answered, failed, unavailable. */
export const SLO_STATUSES = ['200', '500', '503'];

/** The route a request matched (its pattern, not its address), for labels that stay few. */
export const routeOf = (url: string | undefined) => url ?? 'unmatched';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * The server's metrics, request rate and latency by route, and `GET /metrics` in Prometheus'
 * text format: behind METRICS_TOKEN (a bearer token) when set, open in development without
 * one, not served in production without one.
 */
export default fp(
  async (app) => {
    const metrics = createMetrics(app.database.pool, app.health);
    app.decorate('metrics', metrics);
    const duration = new Histogram({
      name: 'nimbus_http_request_duration_seconds',
      help: 'HTTP requests by method, route and status, with their latency',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metrics.registry],
    });
    // The series the SLOs read (ops/slo/slos.mjs: pages and API calls, answered or failed) exist
    // at zero from start-up, so `rate()` counts each one's first request too.
    const declared: { method: string; route: string }[] = [];
    app.addHook('onRoute', (route) => {
      if (!sloRoute(route.url)) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods)
        if (method !== 'HEAD') declared.push({ method, route: route.url });
    });
    app.addHook('onReady', async () => {
      for (const labels of declared) {
        for (const status of SLO_STATUSES) duration.zero({ ...labels, status });
      }
    });
    app.addHook('onResponse', async (request, reply) => {
      duration.observe(
        {
          method: request.method,
          route: routeOf(request.routeOptions.url),
          status: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
    });

    const token = app.env.metricsToken;
    if (!token && app.env.production) return;
    app.get('/metrics', { config: { neverShed: true } }, async (request, reply) => {
      if (token && !hasBearerToken(request, token)) {
        return reply.code(401).header('WWW-Authenticate', 'Bearer').send('');
      }
      reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['config', 'database', 'health'] },
);
