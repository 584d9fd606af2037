// The realtime hub as its own process (decision 164): in production its sockets
// then hold this process's file descriptors, never the API's, so a flood of sockets cannot reset API
// requests. Run one or more with the same REDIS_URL, and point the API at them with PUSHER_HOST and
// PUSHER_PORT (which also stops the API embedding a hub). Reads the same environment as the API. With
// METRICS_TOKEN set it answers GET /metrics on its port (connections, deliveries, the process's own
// figures), as the API does on its own (decision 196).
import { loadConfig } from './config.ts';
import { createMetrics, metricsScrape } from './http/metrics.ts';
import { createRedisAdapter } from './realtime/adapter.ts';
import { createHub } from './realtime/hub.ts';

const config = loadConfig(process.env);
const redisUrl = config.realtime.redisUrl;
const metrics = createMetrics();
const hub = createHub({
  ...(config.metricsToken ? { metrics: metricsScrape(metrics, config.metricsToken) } : {}),
  apps: Object.values(config.realtime.apps),
  limits: config.realtime.limits,
  connections: config.connections,
  proxyHops: config.proxyHops,
  allowedOrigins: [...config.allowedOrigins],
  adapter: redisUrl ? createRedisAdapter(redisUrl, { slotTtlMs: config.realtime.accountSlotTtlMs }) : undefined,
});
metrics.sources.hub = hub;
const port = await hub.listen(config.realtime.port, config.host);
console.log(`realtime hub listening on ${config.host}:${port}${redisUrl ? ' (Redis bus)' : ''}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void hub.close().then(() => process.exit(0)));
}
