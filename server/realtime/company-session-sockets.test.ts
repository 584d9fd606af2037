// Decision 243, across processes: a company session ended through the API closes
// the sockets on its company's channel on another hub process (two hubs sharing channels through the
// machine's Redis), with 4200, so the client authorises again and is refused.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { reauthoriseCloseCode } from '../../contract/realtime.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { createRedisAdapter } from './adapter.ts';
import { createHub, type Hub } from './hub.ts';
import { accountChannelData, channelAuth } from './signatures.ts';
import { createPusherTransport } from '../shared/realtime/publisher.ts';
import { bearer } from '../test/auth-helpers.ts';
import { createCompany, createPerson, enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
let hubs: Hub[] = [];
let secondPort = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const prefix = `profiles-test-${randomUUID()}`;
  const redisUrl = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const realtime = ctx.config.realtime;
  hubs = [0, 1].map(() =>
    createHub({
      apps: Object.values(realtime.apps),
      limits: realtime.limits,
      allowedOrigins: [],
      adapter: createRedisAdapter(redisUrl, { prefix }),
    }),
  );
  const firstPort = await hubs[0]!.listen(0, '127.0.0.1');
  secondPort = await hubs[1]!.listen(0, '127.0.0.1');
  // The API publishes to the first hub only, as one API process does.
  const real = createPusherTransport({ ...realtime, publish: { ...realtime.publish, host: '127.0.0.1', port: firstPort, scheme: 'http' } });
  ctx.realtime.send = (messages) => real.send(messages);
});
afterAll(async () => {
  for (const hub of hubs) await hub.close();
  await ctx.close();
});

/** A socket on the second hub holding `channel`, and how it closes. */
async function socketOn(channel: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const jobs = ctx.config.realtime.apps.jobs;
  const ws = new WebSocket(`ws://127.0.0.1:${secondPort}/app/${jobs.key}?protocol=7`);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const frames: { event: string; data?: string }[] = [];
  const heard = (event: string) =>
    new Promise<{ event: string; data?: string }>((resolve) => {
      const check = () => {
        const found = frames.find((f) => f.event === event);
        if (found) return resolve(found);
        ws.once('message', check);
      };
      check();
    });
  ws.on('message', (raw) => frames.push(JSON.parse(raw.toString()) as { event: string; data?: string }));
  const established = await heard('pusher:connection_established');
  const socketId = (JSON.parse(established.data!) as { socket_id: string }).socket_id;
  // A company channel carries its account, signed with it, as /broadcasting/auth answers (decision 267).
  const channelData = channel.startsWith('private-company.') ? accountChannelData(1) : undefined;
  const auth = channelAuth(jobs.key, jobs.secret, socketId, channel, channelData);
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }));
  await heard('pusher_internal:subscription_succeeded');
  return { ws, closed };
}

describe('a company session ended on the API', () => {
  it("closes its company channel's sockets on another hub process; another company's stay", async () => {
    const person = await createPerson(ctx);
    const companyId = await createCompany(ctx, person, 'Northwind Studio');
    const otherCompany = await createCompany(ctx, await createPerson(ctx), 'Contoso');
    const laptop = await ctx.tokens.issue(person.id);
    await enterCompany(ctx, { ...person, token: laptop }, companyId);
    const held = await socketOn(`private-company.${companyId}`);
    const other = await socketOn(`private-company.${otherCompany}`);
    const sessions = (await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(person.token) })).json().data
      .items as { id: number; current: boolean }[];
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: settingsApiPaths.session(sessions.find((s) => !s.current)!.id),
      headers: bearer(person.token),
    });
    expect(ended.statusCode, ended.body).toBe(204);
    expect(await held.closed).toBe(reauthoriseCloseCode);
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
    other.ws.close();
  });
});
