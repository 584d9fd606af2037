// The hub's Channels HTTP API (Pusher's REST API as the pusher SDK calls it): signed POSTs of events
// and batches, and GETs of the occupied channels with their subscription counts, on the hub's port.
// GET /metrics answers here too when the hub runs as its own process.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { RealtimeAppConfig } from '../shared/realtime/config.ts';
import type { HubAdapter } from './adapter.ts';
import { channelNamePattern, frame } from './protocol.ts';
import { checkSignedRequest } from './signatures.ts';

const apiBodyLimit = 256 * 1024;
/** The event the API triggers to end a channel's subscriptions (contract/realtime.ts). */
const revokeEventName = 'subscriptions.revoked';
/** On the bus in place of a frame: close the channel's sockets. Never JSON, so no frame equals it. */
export const revokeMarker = '\u0000revoke';
const eventName = z
  .string()
  .min(1)
  .max(200)
  .refine((name) => !name.startsWith('pusher:') && !name.startsWith('pusher_internal:'));
const channelName = z.string().regex(channelNamePattern);
const socketId = z.string().regex(/^\d{1,20}\.\d{1,20}$/);

function apiSchemas(maxDataBytes: number) {
  const data = z.string().refine((value) => Buffer.byteLength(value) <= maxDataBytes, { message: `data over ${maxDataBytes} bytes` });
  const TriggerBody = z
    .object({
      name: eventName,
      data,
      channels: z.array(channelName).min(1).max(100).optional(),
      channel: channelName.optional(),
      socket_id: socketId.optional(),
    })
    .refine((body) => (body.channels ? 1 : 0) + (body.channel ? 1 : 0) === 1, { message: 'give channels or channel' });
  const BatchBody = z.object({
    batch: z
      .array(z.object({ name: eventName, data, channel: channelName, socket_id: socketId.optional() }))
      .min(1)
      .max(10),
  });
  return { TriggerBody, BatchBody };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** One event to publish on one channel. */
interface ApiEvent {
  channel: string;
  name: string;
  data: string;
  socket_id?: string | undefined;
}

export interface ChannelsApiOptions {
  appsById: Map<string, RealtimeAppConfig>;
  adapter: HubAdapter;
  maxMessageBytes: number;
  now: () => number;
  metrics?: ((authorization: string | undefined) => Promise<{ status: number; headers: Record<string, string>; body: string }>) | undefined;
}

/** The request handler of the Channels HTTP API (and of /metrics, when given). */
export function createChannelsApi(options: ChannelsApiOptions): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  const { appsById, adapter, now, metrics } = options;
  const schemas = apiSchemas(options.maxMessageBytes);

  /** A channel's count, or every occupied channel (by prefix, with counts when asked). */
  async function answerChannels(response: ServerResponse, app: RealtimeAppConfig, url: URL, channel: string | undefined): Promise<void> {
    const all = await adapter.channels(app.id);
    if (channel !== undefined) {
      const count = all.get(decodeURIComponent(channel)) ?? 0;
      return sendJson(response, 200, { occupied: count > 0, subscription_count: count });
    }
    const prefix = url.searchParams.get('filter_by_prefix') ?? '';
    const withCount = (url.searchParams.get('info') ?? '').split(',').includes('subscription_count');
    const channels: Record<string, { subscription_count?: number }> = {};
    for (const [name, count] of all) if (name.startsWith(prefix)) channels[name] = withCount ? { subscription_count: count } : {};
    return sendJson(response, 200, { channels });
  }

  /** The events a trigger (`single`) or a batch body names, one a channel; or the reason it is refused. */
  function eventsOf(single: boolean, json: unknown): { events: ApiEvent[] } | { error: string } {
    if (single) {
      const parsed = schemas.TriggerBody.safeParse(json);
      if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid event' };
      return { events: (parsed.data.channels ?? [parsed.data.channel!]).map((name) => ({ ...parsed.data, channel: name })) };
    }
    const parsed = schemas.BatchBody.safeParse(json);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid batch' };
    return { events: parsed.data.batch };
  }

  /** Publishes a trigger or a batch to every hub (a revocation as the marker that closes the sockets). */
  async function publishEvents(response: ServerResponse, app: RealtimeAppConfig, single: boolean, body: Buffer): Promise<void> {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(response, 400, { error: 'Body is not JSON' });
    }
    const read = eventsOf(single, json);
    if ('error' in read) return sendJson(response, 400, { error: read.error });
    await Promise.all(
      read.events.map((e) =>
        adapter.publish(app.id, e.channel, e.name === revokeEventName ? revokeMarker : frame(e.name, e.data, e.channel), e.socket_id),
      ),
    );
    return sendJson(response, 200, single ? {} : { batch: read.events.map(() => ({})) });
  }

  return async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://hub');
    if (url.pathname === '/metrics' && metrics) {
      if (request.method !== 'GET') return sendJson(response, 405, { error: 'Method not allowed' });
      const answer = await metrics(request.headers.authorization);
      response.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const match = /^\/apps\/([^/]+)\/(events|batch_events|channels)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) return sendJson(response, 404, { error: 'Not found' });
    const [, appId, action, channel] = match;
    const app = appsById.get(appId!);
    if (!app) return sendJson(response, 404, { error: 'Unknown app' });
    const expectedMethod = action === 'channels' ? 'GET' : 'POST';
    if (request.method !== expectedMethod || (action !== 'channels' && channel))
      return sendJson(response, 405, { error: 'Method not allowed' });
    const body = await readBody(request, apiBodyLimit);
    if (body === undefined) return sendJson(response, 413, { error: 'Body too large' });
    const check = checkSignedRequest(
      app,
      { method: request.method, path: url.pathname, query: url.searchParams, body },
      Math.floor(now() / 1000),
    );
    if (!check.ok) return sendJson(response, check.status, { error: check.message });
    if (action === 'channels') return answerChannels(response, app, url, channel);
    return publishEvents(response, app, action === 'events', body);
  };
}
