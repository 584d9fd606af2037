// Stored notifications end to end through the API: written in the causing transaction, published
// after commit by the outbox relay, listed newest first with a cursor, marked read, emailed per the
// stored preference. Authorisation: anonymous 401; nobody sees or marks another person's.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationList, notificationApiPaths } from '../../contract/notifications.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { notifications } from '../db/notification-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { notify } from '../shared/notifications/writer.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());
beforeEach(() => {
  ctx.realtime.sent.length = 0;
  ctx.mail.length = 0;
});

async function addSkill(owner: TestUser, name: string): Promise<number> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('skills'),
    headers: bearer(owner.token),
    payload: { name },
  });
  expect(answer.statusCode).toBe(201);
  return ProfilePage.parse(answer.json().data).skills.find((s) => s.name === name)!.id;
}

async function listOf(user: TestUser, query = ''): Promise<NotificationList> {
  const answer = await ctx.app.inject({ method: 'GET', url: `${notificationApiPaths.list}${query}`, headers: bearer(user.token) });
  expect(answer.statusCode).toBe(200);
  return NotificationList.parse(answer.json().data);
}

const sentTo = (userId: number) => ctx.realtime.sent.filter((m) => m.channel === `private-user.${userId}`);

describe('an endorsement', () => {
  it('stores a notification for the skill owner and publishes it after commit', async () => {
    const owner = await createUser(ctx);
    const endorser = await createUser(ctx, { firstName: 'Olena' });
    const skillId = await addSkill(owner, 'TypeScript');

    const answer = await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skillId), headers: bearer(endorser.token) });
    expect(answer.statusCode).toBe(200);

    const list = await listOf(owner);
    // The owner's first endorsement also unlocks an achievement, a notification of its own (decision 140).
    expect(list.items.map((n) => n.kind).sort()).toEqual(['achievement_unlocked', 'endorsement']);
    expect(list.unread_count).toBe(2);
    const endorsement = list.items.find((n) => n.kind === 'endorsement')!;
    expect(endorsement).toMatchObject({
      kind: 'endorsement',
      scope: 'personal',
      actor: { user_id: endorser.id, first_name: 'Olena' },
      subject: { type: 'skill', id: skillId, name: 'TypeScript' },
      read_at: null,
    });
    // The NOTIFY sent inside the transaction wakes the relay only once it commits.
    await vi.waitFor(() => expect(sentTo(owner.id)).toHaveLength(2));
    expect(sentTo(owner.id).find((m) => (m.data as { notification: { id: number } }).notification.id === endorsement.id)).toMatchObject({
      app: 'jobs',
      event: 'notification.created',
      data: { notification: { id: endorsement.id, kind: 'endorsement' } },
    });
    expect((await listOf(endorser)).items).toHaveLength(0);
  });

  it('endorsing again notifies nobody twice', async () => {
    const owner = await createUser(ctx);
    const endorser = await createUser(ctx);
    const skillId = await addSkill(owner, 'SQL');
    await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skillId), headers: bearer(endorser.token) });
    await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skillId), headers: bearer(endorser.token) });
    // One endorsement notification, and the one achievement the first endorsement unlocked.
    expect((await listOf(owner)).items.map((n) => n.kind).sort()).toEqual(['achievement_unlocked', 'endorsement']);
  });
});

describe('recommendations', () => {
  it('notify the person recommended, then the author once it is accepted', async () => {
    const person = await createUser(ctx);
    const author = await createUser(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: profileApiPaths.recommendationsOf(person.id),
      headers: bearer(author.token),
      payload: { text: 'Great to work with' },
    });
    const received = (await listOf(person)).items;
    expect(received.map((n) => n.kind)).toEqual(['recommendation_received']);
    const recommendationId = received[0]!.subject!.id;

    await ctx.app.inject({
      method: 'PUT',
      url: profileApiPaths.recommendation(recommendationId),
      headers: bearer(person.token),
      payload: { status: 'accepted' },
    });
    // The author's accepted recommendation also unlocks 'Good word' for them (decision 140).
    const accepted = (await listOf(author)).items.filter((n) => n.kind !== 'achievement_unlocked');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({
      kind: 'recommendation_accepted',
      actor: { user_id: person.id },
      subject: { type: 'recommendation', id: recommendationId, owner_id: person.id },
    });
  });
});

describe('the writer', () => {
  it('leaves nothing behind when the causing transaction rolls back', async () => {
    const person = await createUser(ctx);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await notify(tx, { kind: 'hired', to: { userId: person.id } });
        throw new Error('the feature failed after notifying');
      }),
    ).rejects.toThrow('the feature failed');
    await ctx.relay.drain();
    expect((await listOf(person)).items).toHaveLength(0);
    expect(sentTo(person.id)).toHaveLength(0);
  });

  it('keeps the notification when publishing fails, and publishes it on a later sweep', async () => {
    const person = await createUser(ctx);
    ctx.realtime.failNext = 1;
    await ctx.database.db.transaction((tx) =>
      notify(tx, { kind: 'achievement_unlocked', to: { userId: person.id }, subject: { type: 'achievement', id: 7, name: 'First steps' } }),
    );
    await vi.waitFor(() => expect(ctx.realtime.failNext).toBe(0));
    expect((await listOf(person)).unread_count).toBe(1);
    expect(sentTo(person.id)).toHaveLength(0);

    await ctx.relay.drain();
    expect(sentTo(person.id)).toHaveLength(1);
    await ctx.relay.drain();
    expect(sentTo(person.id)).toHaveLength(1);
  });

  it('writes a company notification once for each member but the actor', async () => {
    const owner = await createUser(ctx);
    const admin = await createUser(ctx);
    const joiner = await createUser(ctx);
    const outsider = await createUser(ctx);
    const [company] = await ctx.database.db.insert(companies).values({ name: 'Acme', industry: 'it' }).returning({ id: companies.id });
    await ctx.database.db.insert(companyMembers).values([
      { companyId: company!.id, userId: owner.id, role: 'owner' },
      { companyId: company!.id, userId: admin.id, role: 'admin' },
      { companyId: company!.id, userId: joiner.id, role: 'member' },
    ]);
    const ids = await ctx.database.db.transaction((tx) =>
      notify(tx, {
        kind: 'member_joined',
        to: { companyId: company!.id, exceptUserId: joiner.id, on: ctx.clock.now() },
        actorId: joiner.id,
      }),
    );
    expect(ids).toHaveLength(2);
    for (const member of [owner, admin]) {
      const [only] = (await listOf(member)).items;
      expect(only).toMatchObject({
        kind: 'member_joined',
        scope: 'company',
        company: { id: company!.id, name: 'Acme' },
        actor: { user_id: joiner.id },
      });
    }
    expect((await listOf(joiner)).items).toHaveLength(0);
    expect((await listOf(outsider)).items).toHaveLength(0);
    await vi.waitFor(() => expect(sentTo(owner.id).length + sentTo(admin.id).length).toBe(2));
  });

  it('refuses a kind the contract does not name', async () => {
    const person = await createUser(ctx);
    await expect(
      ctx.database.db.transaction((tx) => notify(tx, { kind: 'nonsense' as never, to: { userId: person.id } })),
    ).rejects.toThrow();
  });
});

describe('the list', () => {
  it('pages newest first with a cursor and marks unread ones', async () => {
    const person = await createUser(ctx);
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 1; i <= 5; i += 1)
        await notify(tx, {
          kind: 'achievement_unlocked',
          to: { userId: person.id },
          subject: { type: 'achievement', id: i, name: `A${i}` },
        });
    });
    const first = await listOf(person, '?limit=2');
    expect(first.items.map((n) => n.subject?.name)).toEqual(['A5', 'A4']);
    expect(first.next_cursor).not.toBeNull();
    const second = await listOf(person, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((n) => n.subject?.name)).toEqual(['A3', 'A2']);
    const last = await listOf(person, `?limit=2&cursor=${second.next_cursor}&locale=uk_UA`);
    expect(last.items.map((n) => n.subject?.name)).toEqual(['A1']);
    expect(last.next_cursor).toBeNull();
    expect(last.unread_count).toBe(5);
  });

  it.each(['?cursor=abc', '?cursor=-1', '?limit=0', '?limit=1000', '?limit=x'])('answers 422 to %s', async (query) => {
    const person = await createUser(ctx);
    const answer = await ctx.app.inject({ method: 'GET', url: `${notificationApiPaths.list}${query}`, headers: bearer(person.token) });
    expect(answer.statusCode).toBe(422);
  });
});

describe('Mark all as read', () => {
  it('clears only the caller’s unread notifications and tells their other tabs', async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    await ctx.database.db.transaction(async (tx) => {
      await notify(tx, { kind: 'like', to: { userId: person.id } });
      await notify(tx, { kind: 'like', to: { userId: person.id } });
      await notify(tx, { kind: 'like', to: { userId: other.id } });
    });
    await ctx.relay.drain();
    ctx.realtime.sent.length = 0;

    const answer = await ctx.app.inject({ method: 'POST', url: notificationApiPaths.markAllRead, headers: bearer(person.token) });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ unread_count: 0 });
    const list = await listOf(person);
    expect(list.items.every((n) => n.read_at !== null)).toBe(true);
    expect(sentTo(person.id)).toEqual([
      {
        app: 'jobs',
        channel: `private-user.${person.id}`,
        event: 'notification.read',
        data: { ids: list.items.map((n) => n.id).sort((a, b) => a - b), unread_count: 0 },
      },
    ]);
    expect((await listOf(other)).unread_count).toBe(1);
    const count = await ctx.app.inject({ method: 'GET', url: notificationApiPaths.unreadCount, headers: bearer(other.token) });
    expect(count.json().data).toEqual({ user_id: other.id, unread_count: 1 });
  });

  it('publishes nothing when nothing was unread', async () => {
    const person = await createUser(ctx);
    await ctx.app.inject({ method: 'POST', url: notificationApiPaths.markAllRead, headers: bearer(person.token) });
    expect(sentTo(person.id)).toHaveLength(0);
  });
});

describe('the email preference', () => {
  it('defaults to important kinds only, and is honoured when changed', async () => {
    const person = await createUser(ctx, { locale: 'uk_UA' });
    const preference = await ctx.app.inject({ method: 'GET', url: notificationApiPaths.preferences, headers: bearer(person.token) });
    expect(preference.json().data).toEqual({ email: 'important' });

    const send = async (kind: 'like' | 'join_request_accepted') => {
      await ctx.database.db.transaction((tx) => notify(tx, { kind, to: { userId: person.id } }));
      await ctx.relay.drain();
    };
    await send('like');
    expect(ctx.mail).toHaveLength(0);
    await send('join_request_accepted');
    expect(ctx.mail).toEqual([expect.objectContaining({ to: person.email, subject: 'Нове сповіщення в Profiles' })]);

    const changed = await ctx.app.inject({
      method: 'PUT',
      url: notificationApiPaths.preferences,
      headers: bearer(person.token),
      payload: { email: 'all' },
    });
    expect(changed.json().data).toEqual({ email: 'all' });
    await send('like');
    expect(ctx.mail).toHaveLength(2);

    await ctx.app.inject({
      method: 'PUT',
      url: notificationApiPaths.preferences,
      headers: bearer(person.token),
      payload: { email: 'none' },
    });
    await send('join_request_accepted');
    expect(ctx.mail).toHaveLength(2);
  });

  it.each([{ email: 'sometimes' }, {}, { email: null }, [1, 2]])('answers 422 to %j', async (payload) => {
    const person = await createUser(ctx);
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: notificationApiPaths.preferences,
      headers: bearer(person.token),
      payload: payload as never,
    });
    expect(answer.statusCode).toBe(422);
  });
});

describe('authorisation', () => {
  it.each([
    ['GET', notificationApiPaths.list],
    ['GET', notificationApiPaths.unreadCount],
    ['POST', notificationApiPaths.markAllRead],
    ['GET', notificationApiPaths.preferences],
    ['PUT', notificationApiPaths.preferences],
  ] as const)('%s %s answers 401 to anonymous callers and revoked tokens', async (method, url) => {
    expect((await ctx.app.inject({ method, url, payload: method === 'PUT' ? { email: 'x' } : undefined })).statusCode).toBe(401);
    const person = await createUser(ctx);
    await ctx.tokens.revoke(person.token);
    expect((await ctx.app.inject({ method, url, headers: bearer(person.token) })).statusCode).toBe(401);
  });

  it('a stored row of another person is never listed', async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    await ctx.database.db.insert(notifications).values({ userId: other.id, kind: 'like', scope: 'personal' });
    expect((await listOf(person)).items).toHaveLength(0);
  });
});
