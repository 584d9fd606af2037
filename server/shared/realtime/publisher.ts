// How the API publishes realtime events (ARCHITECTURE "Realtime"). Features call one function,
// `realtime.publish(event, channel, payload)`, after their transaction commits; stored notifications
// go through the outbox relay instead (server/notifications/relay.ts), which uses the same transport.
import { Agent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import Pusher from 'pusher';
import {
  appChannelKinds,
  channelNames,
  parseChannelName,
  realtimeApps,
  realtimeEvents,
  type RealtimeApp,
  type RealtimeEventName,
  type RealtimeEventPayload,
} from '../../../contract/realtime.ts';
import type { RealtimeConfig } from './config.ts';

/** One event on one channel of one app, already checked against the contract. */
export interface RealtimeMessage {
  app: RealtimeApp;
  channel: string;
  event: RealtimeEventName;
  data: unknown;
}

/** Sends messages to the Pusher-protocol server; throws when it could not. */
export interface RealtimeTransport {
  send(messages: readonly RealtimeMessage[]): Promise<void>;
}

/** Builds a message, checking the payload against the contract (a wrong payload is a bug: it throws). */
export function realtimeMessage<E extends RealtimeEventName>(event: E, channel: string, payload: RealtimeEventPayload<E>): RealtimeMessage {
  const spec = realtimeEvents[event];
  return { app: spec.app, channel, event, data: spec.payload.parse(payload) };
}

/** What features get in their dependencies. */
export interface Realtime {
  /** Publishes after commit; never throws (a lost live update must not fail the request). */
  publish<E extends RealtimeEventName>(event: E, channel: string, payload: RealtimeEventPayload<E>): Promise<void>;
  /**
   * Ends every subscription to `channel` on every app that offers it: the hub closes the sockets
   * holding it and their clients authorise again. Call it after whatever ended
   * the grant has committed; never throws.
   */
  revoke(channel: string): Promise<void>;
  transport: RealtimeTransport;
}

export function createRealtime(transport: RealtimeTransport, onError: (error: unknown) => void): Realtime {
  return {
    transport,
    async publish(event, channel, payload) {
      const message = realtimeMessage(event, channel, payload);
      try {
        await transport.send([message]);
      } catch (error) {
        onError(error);
      }
    },
    async revoke(channel) {
      const kind = parseChannelName(channel)?.kind;
      const apps = realtimeApps.filter((app) => kind !== undefined && appChannelKinds[app].includes(kind));
      try {
        await transport.send(apps.map((app) => ({ app, channel, event: 'subscriptions.revoked', data: {} })));
      } catch (error) {
        onError(error);
      }
    },
  };
}

// The HTTP events API takes at most 10 events a batch (Pusher's documented limit, which soketi keeps).
const batchSize = 10;

/** The transport through the official `pusher` server SDK: works with the embedded hub, soketi, Reverb, Pusher. */
export function createPusherTransport(config: RealtimeConfig): RealtimeTransport {
  const clients = new Map<RealtimeApp, Pusher>();
  // Kept-alive connections: a publish is one request on a warm socket, not a TCP handshake each time.
  const agent = config.publish.scheme === 'https' ? new HttpsAgent({ keepAlive: true }) : new Agent({ keepAlive: true });
  for (const app of Object.values(config.apps)) {
    clients.set(
      app.name,
      new Pusher({
        appId: app.id,
        key: app.key,
        secret: app.secret,
        host: config.publish.host,
        port: String(config.publish.port),
        useTLS: config.publish.scheme === 'https',
        timeout: 5000,
        agent,
      }),
    );
  }
  return {
    async send(messages) {
      const byApp = Map.groupBy(messages, (m) => m.app);
      await Promise.all(
        [...byApp].map(async ([app, list]) => {
          const client = clients.get(app)!;
          for (let i = 0; i < list.length; i += batchSize) {
            const batch = list.slice(i, i + batchSize).map((m) => ({ channel: m.channel, name: m.event, data: m.data }));
            if (batch.length === 1) await client.trigger(batch[0]!.channel, batch[0]!.name, batch[0]!.data);
            else await client.triggerBatch(batch);
          }
        }),
      );
    },
  };
}

/** A transport that keeps what it was given (tests; and a server started without realtime). */
export function createMemoryTransport(): RealtimeTransport & { sent: RealtimeMessage[]; failNext: number } {
  const transport = {
    sent: [] as RealtimeMessage[],
    failNext: 0,
    async send(messages: readonly RealtimeMessage[]) {
      if (transport.failNext > 0) {
        transport.failNext -= 1;
        throw new Error('realtime server unreachable');
      }
      transport.sent.push(...messages);
    },
  };
  return transport;
}

/**
 * Tells the person's open pages that one of their jobs changed (`employment.changed` on their user
 * channel). Call it after the change commits; never throws, never delays the answer.
 */
export function announceJobChange(realtime: Realtime, userId: number, employmentId: number | null, companyId: number | null): void {
  void realtime.publish('employment.changed', channelNames.user(userId), { employment_id: employmentId, company_id: companyId });
}
