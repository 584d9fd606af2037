// The hub alone in a process, so the realtime bench measures its memory and nothing else's. Started by
// bench/realtime.ts over IPC: answers its port, then its heap and RSS on request.
import { createHub } from '../server/realtime/hub.ts';

const apps = JSON.parse(process.env['BENCH_APPS'] ?? '[]');
const origins = JSON.parse(process.env['BENCH_ORIGINS'] ?? '[]');
const hub = createHub({
  apps,
  allowedOrigins: origins,
  limits: {
    maxConnections: 20_000,
    maxConnectionsPerAddress: 20_000,
    maxHttpConnections: 1_000,
    maxSocketsPerAccount: 20_000,
    maxMessageBytes: 10 * 1024,
    activityTimeoutSeconds: 120,
  },
});
const port = await hub.listen(0, '127.0.0.1');
process.send!({ type: 'port', port });
process.on('message', (message: { type: string }) => {
  if (message.type === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    process.send!({ type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, connections: hub.connectionCount() });
  }
  if (message.type === 'stop') void hub.close().then(() => process.exit(0));
});
