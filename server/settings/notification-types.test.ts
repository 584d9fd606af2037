// The notification type per kind (decision 152): what the settings answer, what
// they refuse, and that the writer and the relay honour it: 'none' stores no row (so no badge, no
// realtime event, no email), 'app' stores the row but sends no email, 'email' sends one too.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationKinds } from '../../contract/notifications.ts';
import { NotificationTypes, settingsApiPaths } from '../../contract/settings.ts';
import { notifications } from '../db/notification-schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { addMember, createCompany } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { notify } from '../shared/notifications/writer.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const typesOf = async (user: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.notificationTypes, headers: bearer(user.token) });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(NotificationTypes.parse(res.json().data).items.map((item) => [item.kind, item]));
};
const put = (user: TestUser | null, payload: unknown, locale = 'en_GB') =>
  ctx.app.inject({
    method: 'PUT',
    url: `${settingsApiPaths.notificationTypes}?locale=${locale}`,
    headers: { ...(user ? bearer(user.token) : {}), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const rowsOf = (userId: number, kind: (typeof notificationKinds)[number]) =>
  ctx.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const mailTo = (user: TestUser) => ctx.mail.filter((m) => m.to === user.email);

describe('the notification types', () => {
  it('list every kind, following the email preference until the person chooses', async () => {
    const person = await createUser(ctx);
    const types = await typesOf(person);
    expect([...types.keys()]).toEqual([...notificationKinds]);
    // The default email preference mails the important kinds only.
    expect(types.get('join_request_accepted')).toEqual({ kind: 'join_request_accepted', delivery: 'email', email_allowed: true });
    expect(types.get('like')).toEqual({ kind: 'like', delivery: 'app', email_allowed: true });
    // An invitation's own mail is the email: it cannot be chosen again.
    expect(types.get('invitation_received')).toEqual({ kind: 'invitation_received', delivery: 'app', email_allowed: false });
  });

  it('keep achievements in the app even for someone who mails everything, until they choose email', async () => {
    const person = await createUser(ctx);
    const { notificationApiPaths } = await import('../../contract/notifications.ts');
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: notificationApiPaths.preferences,
          headers: bearer(person.token),
          payload: { email: 'all' },
        })
      ).statusCode,
    ).toBe(200);
    const types = await typesOf(person);
    expect(types.get('achievement_unlocked')).toEqual({ kind: 'achievement_unlocked', delivery: 'app', email_allowed: true });
    expect(types.get('like')?.delivery).toBe('email');
    const unlock = async () => {
      await ctx.database.db.transaction((tx) =>
        notify(tx, {
          kind: 'achievement_unlocked',
          to: { userId: person.id },
          subject: { type: 'achievement', id: 1, name: 'First steps' },
        }),
      );
      await ctx.relay.drain();
    };
    await unlock();
    expect(mailTo(person)).toHaveLength(0);
    expect(await rowsOf(person.id, 'achievement_unlocked')).toHaveLength(1);
    expect((await put(person, { achievement_unlocked: 'email' })).statusCode).toBe(200);
    await unlock();
    expect(mailTo(person)).toHaveLength(1);
  });

  it('are changed kind by kind, answered in full, and belong to the caller only', async () => {
    const person = await createUser(ctx);
    const other = await createUser(ctx);
    const res = await put(person, { like: 'email', join_request_accepted: 'none', invitation_received: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    const answered = new Map(NotificationTypes.parse(res.json().data).items.map((i) => [i.kind, i.delivery]));
    expect(answered.get('like')).toBe('email');
    expect(answered.get('join_request_accepted')).toBe('none');
    expect(answered.get('comment')).toBe('app');
    expect((await typesOf(person)).get('like')?.delivery).toBe('email');
    // Changing one again leaves the others as they were.
    expect((await put(person, { like: 'app' })).statusCode).toBe(200);
    const after = await typesOf(person);
    expect(after.get('like')?.delivery).toBe('app');
    expect(after.get('join_request_accepted')?.delivery).toBe('none');
    // Nobody else's settings moved.
    expect((await typesOf(other)).get('join_request_accepted')?.delivery).toBe('email');
  });

  it('refuse what is not a type, on its field, in the request language, and change nothing', async () => {
    const person = await createUser(ctx);
    const refused = await put(person, { like: 'sometimes', comment: 'none' });
    expect(refused.statusCode).toBe(422);
    expect(expectErrorAnswer(refused).violations).toEqual([{ field: 'like', title: 'The like Invalid field' }]);
    expect((await typesOf(person)).get('comment')?.delivery).toBe('app');

    const mailed = await put(person, { invitation_received: 'email' });
    expect(mailed.statusCode).toBe(422);
    expect(expectErrorAnswer(mailed).violations).toEqual([
      { field: 'invitation_received', title: 'This notification cannot be sent by email.' },
    ]);
    const uk = await put(person, { invitation_received: 'email' }, 'uk_UA');
    expect(expectErrorAnswer(uk).violations?.[0]?.title).toMatch(/Це сповіщення не можна надсилати електронною поштою\.$/);
    for (const body of [null, 'email', [1, 2], 42, { like: null }, { like: 7 }]) {
      const res = await put(person, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expectErrorAnswer(res);
    }
  });

  it('answer 401 to an anonymous visitor', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await ctx.app.inject({
        method,
        url: settingsApiPaths.notificationTypes,
        payload: method === 'PUT' ? { like: 'none' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expectErrorAnswer(res);
    }
  });
});

describe('the writer and the relay honour the notification type', () => {
  const send = async (kind: 'like' | 'join_request_accepted' | 'comment', to: TestUser) => {
    const ids = await ctx.database.db.transaction((tx) => notify(tx, { kind, to: { userId: to.id } }));
    await ctx.relay.drain();
    return ids;
  };

  it("'none' stores nothing, 'app' stores without mail, 'email' stores and mails", async () => {
    const person = await createUser(ctx);
    expect((await put(person, { like: 'none', join_request_accepted: 'app', comment: 'email' })).statusCode).toBe(200);
    const sentBefore = ctx.realtime.sent.length;

    expect(await send('like', person)).toEqual([]);
    expect(await rowsOf(person.id, 'like')).toEqual([]);
    // Nothing live either: no row, no event.
    expect(ctx.realtime.sent.slice(sentBefore).filter((m) => m.channel === `private-user.${person.id}`)).toEqual([]);

    expect(await send('join_request_accepted', person)).toHaveLength(1);
    expect(await rowsOf(person.id, 'join_request_accepted')).toHaveLength(1);
    expect(mailTo(person)).toHaveLength(0);

    expect(await send('comment', person)).toHaveLength(1);
    expect(mailTo(person)).toHaveLength(1);
    // The unread badge counts only what was stored.
    const count = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: bearer(person.token) });
    expect(count.json().data.unread_count).toBe(2);
  });

  it('a company notification skips only the members who turned that kind off', async () => {
    const owner = await createUser(ctx);
    const quiet = await createUser(ctx);
    const leaver = await createUser(ctx);
    const companyId = await createCompany(ctx, owner);
    await addMember(ctx, companyId, quiet);
    await addMember(ctx, companyId, leaver);
    expect((await put(quiet, { member_left: 'none' })).statusCode).toBe(200);
    const ids = await ctx.database.db.transaction((tx) =>
      notify(tx, { kind: 'member_left', to: { companyId, exceptUserId: leaver.id, on: ctx.clock.now() }, actorId: leaver.id }),
    );
    expect(ids).toHaveLength(1);
    expect(await rowsOf(owner.id, 'member_left')).toHaveLength(1);
    expect(await rowsOf(quiet.id, 'member_left')).toEqual([]);
  });
});
