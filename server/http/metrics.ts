// Prometheus metrics (decision 196): request rate and latency by route, the database pool,
// realtime connections and deliveries, rate-limit refusals and upload bytes, in prom-client's text
// format at /metrics. Served only when METRICS_TOKEN is set, to a scraper sending it as a bearer token.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FileStore } from '../shared/uploads/store.ts';

export interface MetricsSources {
  /** The PostgreSQL pool's connections (Database.poolStats). */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /** The embedded hub on this process. */
  hub?: { connectionCount(): number; deliveryCount(): number };
}

export interface Metrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  latency: Histogram<'method' | 'route'>;
  rateLimitRefusals: Counter<'route'>;
  uploadBytes: Counter;
  realtimePublished: Counter;
  /** Where the gauges read from; main.ts sets them once the pool and the hub exist. */
  sources: MetricsSources;
}

export function createMetrics(sources: MetricsSources = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'profiles_' });
  const metrics: Metrics = {
    registry,
    sources,
    requests: new Counter({
      name: 'profiles_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'profiles_http_request_duration_seconds',
      help: 'Time to answer, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'profiles_rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit, by route pattern',
      labelNames: ['route'],
      registers: [registry],
    }),
    uploadBytes: new Counter({
      name: 'profiles_upload_bytes_total',
      help: 'Bytes of checked uploads put into the file store',
      registers: [registry],
    }),
    realtimePublished: new Counter({
      name: 'profiles_realtime_published_total',
      help: 'Realtime messages this process published to the hub',
      registers: [registry],
    }),
  };
  const poolGauge = (name: string, help: string, pick: (stats: ReturnType<NonNullable<MetricsSources['pool']>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = metrics.sources.pool?.();
        if (stats) this.set(pick(stats));
      },
    });
  poolGauge('profiles_db_pool_connections', 'PostgreSQL pool connections open', (s) => s.total);
  poolGauge('profiles_db_pool_idle', 'PostgreSQL pool connections idle', (s) => s.idle);
  poolGauge('profiles_db_pool_waiting', 'Queries waiting for a pool connection', (s) => s.waiting);
  poolGauge('profiles_db_pool_max', 'PostgreSQL pool size', (s) => s.max);
  new Gauge({
    name: 'profiles_realtime_connections',
    help: "WebSocket connections open on this process's hub",
    registers: [registry],
    collect() {
      this.set(metrics.sources.hub?.connectionCount() ?? 0);
    },
  });
  new Counter({
    name: 'profiles_realtime_deliveries_total',
    help: 'Frames the hub on this process delivered to sockets',
    registers: [registry],
    collect() {
      // The hub counts; the metric mirrors its running total.
      this.reset();
      this.inc(metrics.sources.hub?.deliveryCount() ?? 0);
    },
  });
  return metrics;
}

/** A store that counts the bytes put into it. */
export function countedStore(store: FileStore, metrics: Metrics): FileStore {
  return {
    ...store,
    kind: store.kind,
    incomingDir: store.incomingDir,
    async put(name, localPath, info) {
      await store.put(name, localPath, info);
      metrics.uploadBytes.inc(info.size);
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Times every answer by its route pattern (never the raw URL: ids would explode the labels), and serves /metrics. */
export function installMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const status = reply.statusCode;
    metrics.requests.inc({ method: request.method, route, status: String(status) });
    metrics.latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (status === 429) metrics.rateLimitRefusals.inc({ route });
  });
  if (!token) return;
  const scrape = metricsScrape(metrics, token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const answer = await scrape(request.headers.authorization);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

/** What a scrape of /metrics answers, on the API (above) or on a hub of its own (server/hub-main.ts). */
export interface ScrapeAnswer {
  status: 200 | 401;
  headers: Record<string, string>;
  body: string;
}

/** The /metrics answer for an `authorization` header: the registry's text, or 401 without `Bearer {token}` (compared in constant time). */
export function metricsScrape(metrics: Metrics, token: string): (authorization: string | undefined) => Promise<ScrapeAnswer> {
  const expected = digest(`Bearer ${token}`);
  return async (authorization): Promise<ScrapeAnswer> => {
    if (!timingSafeEqual(digest(authorization ?? ''), expected)) {
      return {
        status: 401,
        headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer' },
        body: JSON.stringify({ message: 'A bearer token (METRICS_TOKEN) is required.', code: 'unauthenticated' }),
      };
    }
    return {
      status: 200,
      headers: { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' },
      body: await metrics.registry.metrics(),
    };
  };
}
