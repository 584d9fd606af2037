// POST /broadcasting/auth: the caller's own channels signed, every other channel 403, no token 401,
// as pusher-js (form-encoded) and JSON clients send it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcastingAuthPath } from '../../contract/realtime.ts';
import { authTokens, companies, companyMembers } from '../db/schema.ts';
import { hashToken } from '../shared/auth/tokens.ts';
import { eq } from 'drizzle-orm';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { enterCompany } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { accountChannelData, channelAuth } from './signatures.ts';

let ctx: TestContext;
let person: TestUser;
let other: TestUser;
let companyId: number;
let otherCompanyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  person = await createUser(ctx);
  other = await createUser(ctx);
  const rows = await ctx.database.db
    .insert(companies)
    .values([
      { name: 'Mine', industry: 'it' },
      { name: 'Theirs', industry: 'it' },
    ])
    .returning({ id: companies.id });
  companyId = rows[0]!.id;
  otherCompanyId = rows[1]!.id;
  await ctx.database.db.insert(companyMembers).values([
    { companyId, userId: person.id, role: 'member' },
    { companyId: otherCompanyId, userId: other.id, role: 'owner' },
  ]);
});
afterAll(async () => ctx.close());

const socketId = '1234.5678';

/** When `user`'s session expires, as stored. */
async function sessionExpiry(user: TestUser): Promise<Date> {
  const [row] = await ctx.database.db
    .select({ expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashToken(user.token)));
  expect(row!.expiresAt.getTime()).toBeGreaterThan(ctx.clock.now().getTime());
  return row!.expiresAt;
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

async function authorise(user: TestUser | undefined, fields: Record<string, string>, as: 'form' | 'json' = 'form') {
  return ctx.app.inject({
    method: 'POST',
    url: broadcastingAuthPath,
    headers: {
      ...(user ? bearer(user.token) : {}),
      accept: 'application/json',
      'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: as === 'form' ? form(fields) : JSON.stringify(fields),
  });
}

describe('POST /broadcasting/auth', () => {
  // The grant ends with the session that asked for it: signed with the channel, the hub closes the
  // socket at the session's expiry, when no revocation marks the moment.
  it.each(['achievements', 'jobs'] as const)(
    'signs the caller’s own user channel on the %s app, until its session ends',
    async (appName) => {
      const app = ctx.config.realtime.apps[appName];
      const channel = `private-user.${person.id}`;
      const answer = await authorise(person, { socket_id: socketId, channel_name: channel, app_key: app.key });
      expect(answer.statusCode).toBe(200);
      const channelData = accountChannelData(person.id, await sessionExpiry(person));
      expect(answer.json()).toEqual({ auth: channelAuth(app.key, app.secret, socketId, channel, channelData), channel_data: channelData });
    },
  );

  it('takes JSON as well as a form', async () => {
    const app = ctx.config.realtime.apps.jobs;
    const answer = await authorise(person, { socket_id: socketId, channel_name: `private-user.${person.id}`, app_key: app.key }, 'json');
    expect(answer.statusCode).toBe(200);
  });

  it('signs a company channel for a member, on the jobs app only', async () => {
    const channel = `private-company.${companyId}`;
    const jobs = await authorise(person, { socket_id: socketId, channel_name: channel, app_key: ctx.config.realtime.apps.jobs.key });
    expect(jobs.statusCode).toBe(200);
    // Its answer names the account, signed with the channel, so the hub counts the socket as theirs (decision 267).
    const app = ctx.config.realtime.apps.jobs;
    const channelData = accountChannelData(person.id, await sessionExpiry(person));
    expect(jobs.json()).toEqual({ auth: channelAuth(app.key, app.secret, socketId, channel, channelData), channel_data: channelData });
    const achievements = await authorise(person, {
      socket_id: socketId,
      channel_name: channel,
      app_key: ctx.config.realtime.apps.achievements.key,
    });
    expect(achievements.statusCode).toBe(403);
  });

  it.each([
    ['another person’s channel', () => `private-user.${other.id}`],
    ['a company they are not in', () => `private-company.${otherCompanyId}`],
    ['a public channel', () => 'news'],
    ['a presence channel', () => `presence-user.${person.id}`],
    ['a made-up private channel', () => 'private-admin'],
    ['a padded id', () => `private-user.0${person.id}`],
  ])('refuses %s with 403', async (_label, channel) => {
    const answer = await authorise(person, { socket_id: socketId, channel_name: channel(), app_key: ctx.config.realtime.apps.jobs.key });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).not.toHaveProperty('auth');
  });

  it('refuses an unknown or missing app key with 403', async () => {
    const channel = `private-user.${person.id}`;
    expect((await authorise(person, { socket_id: socketId, channel_name: channel, app_key: 'nope' })).statusCode).toBe(403);
    expect((await authorise(person, { socket_id: socketId, channel_name: channel })).statusCode).toBe(403);
  });

  it('answers 401 without a token and with a revoked one', async () => {
    const fields = { socket_id: socketId, channel_name: `private-user.${person.id}`, app_key: ctx.config.realtime.apps.jobs.key };
    expect((await authorise(undefined, fields)).statusCode).toBe(401);
    const leaving = await createUser(ctx);
    await ctx.tokens.revoke(leaving.token);
    expect((await authorise(leaving, { ...fields, channel_name: `private-user.${leaving.id}` })).statusCode).toBe(401);
  });

  describe('with a company host’s session', () => {
    const jobsKey = () => ctx.config.realtime.apps.jobs.key;
    const asToken = (token: string) => ({ ...person, token });

    it('signs its own company’s channel on the jobs app, and nothing else', async () => {
      const session = asToken(await enterCompany(ctx, person, companyId));
      const own = `private-company.${companyId}`;
      const signed = await authorise(session, { socket_id: socketId, channel_name: own, app_key: jobsKey() });
      expect(signed.statusCode).toBe(200);
      // The member's account, signed with the channel (decision 267), and when the session ends by its
      // 12 hours: the hub closes the socket then, so it does not listen past the session.
      const channelData = accountChannelData(person.id, new Date(ctx.clock.now().getTime() + 12 * 60 * 60_000));
      expect(signed.json()).toEqual({
        auth: channelAuth(jobsKey(), ctx.config.realtime.apps.jobs.secret, socketId, own, channelData),
        channel_data: channelData,
      });
      for (const [channel, key] of [
        [own, ctx.config.realtime.apps.achievements.key],
        [`private-company.${otherCompanyId}`, jobsKey()],
        // The person's own channel stays the personal site's: a company session reads no personal news.
        [`private-user.${person.id}`, jobsKey()],
      ] as const) {
        expect((await authorise(session, { socket_id: socketId, channel_name: channel, app_key: key })).statusCode).toBe(403);
      }
    });

    it("carries the member's leaving day, or the session's end when that comes first", async () => {
      const leaver = await createUser(ctx);
      // Leaving takes effect the next day: a leaving day of tomorrow still counts today.
      const leavesOn = new Date(ctx.clock.now().getTime() + 24 * 60 * 60_000).toISOString().slice(0, 10);
      await ctx.database.db.insert(companyMembers).values({ companyId, userId: leaver.id, role: 'member', leavesOn });
      const fields = { socket_id: socketId, channel_name: `private-company.${companyId}`, app_key: jobsKey() };
      const leaving = new Date(`${leavesOn}T00:00:00Z`);
      const expected = (end: Date) => accountChannelData(leaver.id, end);
      const company = await authorise({ ...leaver, token: await enterCompany(ctx, leaver, companyId) }, fields);
      const sessionEnd = new Date(ctx.clock.now().getTime() + 12 * 60 * 60_000);
      expect(company.json().channel_data).toBe(expected(leaving < sessionEnd ? leaving : sessionEnd));
      // A personal session listens until the leaving day or its own end, the earlier; one who is not
      // leaving, until its session ends.
      expect((await authorise(leaver, fields)).json().channel_data).toBe(
        expected(leaving < (await sessionExpiry(leaver)) ? leaving : await sessionExpiry(leaver)),
      );
      expect((await authorise(person, fields)).json().channel_data).toBe(accountChannelData(person.id, await sessionExpiry(person)));
    });

    it('answers 401 once the member is removed', async () => {
      const leaver = await createUser(ctx);
      await ctx.database.db.insert(companyMembers).values({ companyId, userId: leaver.id, role: 'member' });
      const session = { ...leaver, token: await enterCompany(ctx, leaver, companyId) };
      const fields = { socket_id: socketId, channel_name: `private-company.${companyId}`, app_key: jobsKey() };
      expect((await authorise(session, fields)).statusCode).toBe(200);
      await ctx.database.db.delete(companyMembers).where(eq(companyMembers.userId, leaver.id));
      expect((await authorise(session, fields)).statusCode).toBe(401);
    });
  });

  it.each([
    [{ channel_name: 'private-user.1' }],
    [{ socket_id: 'abc', channel_name: 'private-user.1' }],
    [{ socket_id: socketId }],
    [{ socket_id: socketId, channel_name: 'x'.repeat(300) }],
  ])('answers 422 to %j', async (fields) => {
    const answer = await authorise(person, { app_key: ctx.config.realtime.apps.jobs.key, ...fields });
    expect(answer.statusCode).toBe(422);
  });

  it('never answers 5xx to a broken form or body', async () => {
    for (const payload of ['%%%', 'socket_id=1.1&socket_id=2.2', '']) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: broadcastingAuthPath,
        headers: { ...bearer(person.token), 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(answer.statusCode).toBeLessThan(500);
    }
    const huge = await ctx.app.inject({
      method: 'POST',
      url: broadcastingAuthPath,
      headers: { ...bearer(person.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=${'1'.repeat(10_000)}`,
    });
    expect(huge.statusCode).toBe(413);
  });
});
