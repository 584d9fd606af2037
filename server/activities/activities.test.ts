// Activity and comments through the API: posts and the entries other changes write; the date presets
// with boundaries at midnight, month ends and year ends in Europe/Kyiv and UTC (test clock); the four
// sorts and cursor pages; comments, one level of replies, likes once per person, deletion by the
// author only; who is told; visibility (signed-in only, closed accounts' entries invisible, through
// comments too); validation and rate limits.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityApiPaths,
  activityLimits,
  ActivityEntry,
  ActivityList,
  CommentList,
  LikeState,
  type ActivityPreset,
} from '../../contract/activities.ts';
import { NotificationList, notificationApiPaths } from '../../contract/notifications.ts';
import { activities } from '../db/activity-schema.ts';
import { notifications } from '../db/notification-schema.ts';
import { profiles, users } from '../db/schema.ts';
import { bearer, createUser, type TestUser } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { presetRange } from './date-ranges.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function post(user: TestUser, title = 'Hello', text = 'First words'): Promise<ActivityEntry> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: activityApiPaths.list,
    headers: bearer(user.token),
    payload: { title, text },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return ActivityEntry.parse(answer.json().data);
}

async function list(user: TestUser, query: Record<string, string | number> = {}): Promise<ActivityList> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const answer = await ctx.app.inject({ method: 'GET', url: `${activityApiPaths.list}?${search}`, headers: bearer(user.token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return ActivityList.parse(answer.json().data);
}

async function seedEntry(userId: number, title: string, at: string): Promise<number> {
  const [row] = await ctx.database.db
    .insert(activities)
    .values({ userId, kind: 'post', title, text: 'x', occurredAt: new Date(at) })
    .returning({ id: activities.id });
  return row!.id;
}

async function notificationsOf(user: TestUser) {
  return NotificationList.parse(
    (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(user.token) })).json().data,
  ).items;
}

describe('posts', () => {
  it('are written, listed newest first and deleted by their author only', async () => {
    const author = await createUser(ctx);
    const other = await createUser(ctx);
    const entry = await post(author, 'Shipped', 'We shipped <b>v2</b>');
    expect(entry).toMatchObject({ kind: 'post', title: 'Shipped', text: 'We shipped <b>v2</b>', is_own: true, comment_count: 0 });
    const seen = await list(other, { user: author.id });
    expect(seen.items.map((i) => i.id)).toContain(entry.id);
    expect(seen.items.find((i) => i.id === entry.id)?.is_own).toBe(false);

    const byOther = await ctx.app.inject({ method: 'DELETE', url: activityApiPaths.entry(entry.id), headers: bearer(other.token) });
    expect(byOther.statusCode).toBe(404);
    expectErrorAnswer(byOther, 'delete by another');
    const byAuthor = await ctx.app.inject({ method: 'DELETE', url: activityApiPaths.entry(entry.id), headers: bearer(author.token) });
    expect(byAuthor.statusCode).toBe(204);
    expect((await list(author)).items.map((i) => i.id)).not.toContain(entry.id);
  });

  it('refuse empty, too long and unstorable text with field violations', async () => {
    const author = await createUser(ctx);
    const cases = [
      { title: '', text: 'x' },
      { title: 'x', text: '   ' },
      { title: 'x'.repeat(activityLimits.titleMax + 1), text: 'x' },
      { title: 'x', text: 'x'.repeat(activityLimits.textMax + 1) },
      { title: 'a\u0000b', text: 'x' },
      { title: 42, text: 'x' },
      {},
    ];
    for (const payload of cases) {
      const answer = await ctx.app.inject({ method: 'POST', url: activityApiPaths.list, headers: bearer(author.token), payload });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expectErrorAnswer(answer, 'post');
      expect(answer.json().violations.length).toBeGreaterThan(0);
    }
    const tooLong = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.list,
      headers: bearer(author.token),
      payload: { title: 'x'.repeat(151), text: 'x' },
    });
    expect(tooLong.json().violations[0]).toEqual({
      field: 'title',
      title: `The title Exceeded maximum character length of ${activityLimits.titleMax}`,
    });
  });

  it('are limited per person per hour', async () => {
    const author = await createUser(ctx);
    for (let i = 0; i < activityLimits.postsPerHour; i += 1) await post(author, `Post ${i}`);
    const over = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.list,
      headers: bearer(author.token),
      payload: { title: 'One more', text: 'x' },
    });
    expect(over.statusCode).toBe(429);
    // Someone else is not limited by it.
    await post(await createUser(ctx));
  });
});

describe('visibility', () => {
  it('is for signed-in people: anonymous requests get 401 everywhere', async () => {
    const author = await createUser(ctx);
    const entry = await post(author);
    const targets = [
      { method: 'GET' as const, url: activityApiPaths.list },
      { method: 'POST' as const, url: activityApiPaths.list },
      { method: 'DELETE' as const, url: activityApiPaths.entry(entry.id) },
      { method: 'GET' as const, url: activityApiPaths.comments(entry.id) },
      { method: 'POST' as const, url: activityApiPaths.comments(entry.id) },
      { method: 'DELETE' as const, url: activityApiPaths.comment(1) },
      { method: 'PUT' as const, url: activityApiPaths.like(1) },
      { method: 'DELETE' as const, url: activityApiPaths.like(1) },
    ];
    for (const target of targets) {
      const answer = await ctx.app.inject({ ...target, payload: target.method === 'POST' ? { title: 'x', text: 'x' } : undefined });
      expect(answer.statusCode, target.url).toBe(401);
      expectErrorAnswer(answer, target.url);
    }
  });

  it('hides a closed account’s entries, also through their comments and likes', async () => {
    const author = await createUser(ctx);
    const reader = await createUser(ctx);
    const entry = await post(author);
    const commented = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.comments(entry.id),
      headers: bearer(reader.token),
      payload: { text: 'Nice' },
    });
    const commentId = CommentList.parse(commented.json().data).items[0]!.id;
    await ctx.database.db.update(users).set({ status: 'closed' }).where(eq(users.id, author.id));

    const checks = [
      ctx.app.inject({ method: 'GET', url: `${activityApiPaths.list}?user=${author.id}`, headers: bearer(reader.token) }),
      ctx.app.inject({ method: 'GET', url: activityApiPaths.comments(entry.id), headers: bearer(reader.token) }),
      ctx.app.inject({
        method: 'POST',
        url: activityApiPaths.comments(entry.id),
        headers: bearer(reader.token),
        payload: { text: 'Still there?' },
      }),
      ctx.app.inject({ method: 'PUT', url: activityApiPaths.like(commentId), headers: bearer(reader.token) }),
      ctx.app.inject({ method: 'DELETE', url: activityApiPaths.like(commentId), headers: bearer(reader.token) }),
      ctx.app.inject({ method: 'DELETE', url: activityApiPaths.comment(commentId), headers: bearer(reader.token) }),
    ];
    for (const answer of await Promise.all(checks)) {
      expect(answer.statusCode, answer.body).toBe(404);
      expectErrorAnswer(answer, 'hidden entry');
    }
  });

  it('answers 404 for entries and comments that do not exist, and for malformed ids', async () => {
    const reader = await createUser(ctx);
    for (const url of [activityApiPaths.comments(999_999), activityApiPaths.comments('abc'), activityApiPaths.comments('0')]) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(reader.token) })).statusCode).toBe(404);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${activityApiPaths.list}?user=999999`, headers: bearer(reader.token) })).statusCode,
    ).toBe(404);
  });
});

describe('comments', () => {
  it('post, reply one level, like once per person, notify the right people, and delete by their author only', async () => {
    const author = await createUser(ctx, { firstName: 'Anna' });
    const commenter = await createUser(ctx, { firstName: 'Bohdan' });
    const stranger = await createUser(ctx);
    const entry = await post(author, 'Launch day', 'We launched.');

    const first = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.comments(entry.id),
      headers: bearer(commenter.token),
      payload: { text: 'Congratulations!' },
    });
    expect(first.statusCode).toBe(201);
    const comment = CommentList.parse(first.json().data).items[0]!;
    expect(comment).toMatchObject({ text: 'Congratulations!', parent_id: null, like_count: 0, is_own: true });
    expect((await notificationsOf(author)).filter((n) => n.kind === 'comment')).toHaveLength(1);

    const reply = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.comments(entry.id),
      headers: bearer(author.token),
      payload: { text: 'Thank you', parent_id: comment.id },
    });
    expect(reply.statusCode).toBe(201);
    const thread = CommentList.parse(reply.json().data).items;
    expect(thread.map((c) => [c.text, c.parent_id])).toEqual([
      ['Congratulations!', null],
      ['Thank you', comment.id],
    ]);
    expect((await notificationsOf(commenter)).filter((n) => n.kind === 'reply')).toHaveLength(1);

    // A reply to a reply is refused: one level.
    const nested = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.comments(entry.id),
      headers: bearer(commenter.token),
      payload: { text: 'Deeper', parent_id: thread[1]!.id },
    });
    expect(nested.statusCode).toBe(422);

    // Like, like again, unlike, like again: one like, one notification.
    const like = () => ctx.app.inject({ method: 'PUT', url: activityApiPaths.like(comment.id), headers: bearer(author.token) });
    expect(LikeState.parse((await like()).json().data)).toEqual({ like_count: 1, liked_by_me: true });
    expect(LikeState.parse((await like()).json().data)).toEqual({ like_count: 1, liked_by_me: true });
    const unliked = await ctx.app.inject({ method: 'DELETE', url: activityApiPaths.like(comment.id), headers: bearer(author.token) });
    expect(LikeState.parse(unliked.json().data)).toEqual({ like_count: 0, liked_by_me: false });
    expect(LikeState.parse((await like()).json().data)).toEqual({ like_count: 1, liked_by_me: true });
    const strangerLike = await ctx.app.inject({ method: 'PUT', url: activityApiPaths.like(comment.id), headers: bearer(stranger.token) });
    expect(LikeState.parse(strangerLike.json().data)).toEqual({ like_count: 2, liked_by_me: true });
    const likes = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, commenter.id));
    expect(likes.filter((n) => n.kind === 'like')).toHaveLength(2);

    // Only the comment's author deletes it; the entry's author may not.
    for (const who of [author, stranger]) {
      const refused = await ctx.app.inject({ method: 'DELETE', url: activityApiPaths.comment(comment.id), headers: bearer(who.token) });
      expect(refused.statusCode).toBe(404);
    }
    const deleted = await ctx.app.inject({ method: 'DELETE', url: activityApiPaths.comment(comment.id), headers: bearer(commenter.token) });
    expect(deleted.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: activityApiPaths.comments(entry.id), headers: bearer(stranger.token) });
    expect(CommentList.parse(after.json().data).items).toEqual([]);
  });

  it('refuse empty or too long text, and a parent from another entry', async () => {
    const author = await createUser(ctx);
    const entry = await post(author);
    const elsewhere = await post(author, 'Other');
    const made = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.comments(elsewhere.id),
      headers: bearer(author.token),
      payload: { text: 'Here' },
    });
    const foreignParent = CommentList.parse(made.json().data).items[0]!.id;
    for (const payload of [
      { text: '' },
      { text: 'x'.repeat(activityLimits.commentMax + 1) },
      { text: 'ok', parent_id: foreignParent },
      { text: 'ok', parent_id: 'x' },
    ]) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: activityApiPaths.comments(entry.id),
        headers: bearer(author.token),
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expectErrorAnswer(answer, 'comment');
    }
  });

  it('are limited per person', async () => {
    const author = await createUser(ctx);
    const talker = await createUser(ctx);
    const entry = await post(author);
    for (let i = 0; i < activityLimits.commentsPerTenMinutes; i += 1) {
      const ok = await ctx.app.inject({
        method: 'POST',
        url: activityApiPaths.comments(entry.id),
        headers: bearer(talker.token),
        payload: { text: `c${i}` },
      });
      expect(ok.statusCode).toBe(201);
    }
    const over = await ctx.app.inject({
      method: 'POST',
      url: activityApiPaths.comments(entry.id),
      headers: bearer(talker.token),
      payload: { text: 'more' },
    });
    expect(over.statusCode).toBe(429);
  });
});

describe('date presets', () => {
  // Boundaries at midnight, month ends and year ends, in Kyiv (UTC+2 in winter, +3 in summer) and UTC.
  const cases: { zone: string; now: string; preset: ActivityPreset; from: string; to: string }[] = [
    { zone: 'UTC', now: '2026-11-22T09:00:00Z', preset: 'today', from: '2026-11-22T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' },
    { zone: 'Europe/Kyiv', now: '2026-11-22T22:30:00Z', preset: 'today', from: '2026-11-22T22:00:00.000Z', to: '2026-11-23T22:00:00.000Z' },
    {
      zone: 'Europe/Kyiv',
      now: '2026-12-31T21:59:59Z',
      preset: 'this_year',
      from: '2025-12-31T22:00:00.000Z',
      to: '2026-12-31T22:00:00.000Z',
    },
    {
      zone: 'Europe/Kyiv',
      now: '2026-12-31T22:00:00Z',
      preset: 'this_year',
      from: '2026-12-31T22:00:00.000Z',
      to: '2027-12-31T22:00:00.000Z',
    },
    {
      zone: 'Europe/Kyiv',
      now: '2026-12-31T22:00:00Z',
      preset: 'last_year',
      from: '2025-12-31T22:00:00.000Z',
      to: '2026-12-31T22:00:00.000Z',
    },
    { zone: 'UTC', now: '2026-12-31T23:59:59Z', preset: 'last_year', from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' },
    {
      zone: 'Europe/Kyiv',
      now: '2026-03-31T20:59:59Z',
      preset: 'this_month',
      from: '2026-02-28T22:00:00.000Z',
      to: '2026-03-31T21:00:00.000Z',
    },
    {
      zone: 'Europe/Kyiv',
      now: '2026-03-31T21:00:00Z',
      preset: 'last_month',
      from: '2026-02-28T22:00:00.000Z',
      to: '2026-03-31T21:00:00.000Z',
    },
    { zone: 'UTC', now: '2026-03-31T12:00:00Z', preset: 'past_month', from: '2026-02-28T00:00:00.000Z', to: '2026-04-01T00:00:00.000Z' },
    { zone: 'UTC', now: '2028-02-29T12:00:00Z', preset: 'past_year', from: '2027-02-28T00:00:00.000Z', to: '2028-03-01T00:00:00.000Z' },
    { zone: 'UTC', now: '2026-01-15T12:00:00Z', preset: 'last_month', from: '2025-12-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' },
    // Days that clocks change: Kyiv's 29 March 2026 lasts 23 hours, its 25 October 25 hours; Santiago
    // skips the midnight of 8 September 2024 (00:00 becomes 01:00), so that day starts at 01:00.
    { zone: 'Europe/Kyiv', now: '2026-03-29T12:00:00Z', preset: 'today', from: '2026-03-28T22:00:00.000Z', to: '2026-03-29T21:00:00.000Z' },
    { zone: 'Europe/Kyiv', now: '2026-10-25T12:00:00Z', preset: 'today', from: '2026-10-24T21:00:00.000Z', to: '2026-10-25T22:00:00.000Z' },
    {
      zone: 'America/Santiago',
      now: '2024-09-08T15:00:00Z',
      preset: 'today',
      from: '2024-09-08T04:00:00.000Z',
      to: '2024-09-09T03:00:00.000Z',
    },
    {
      zone: 'America/Santiago',
      now: '2024-09-20T15:00:00Z',
      preset: 'this_month',
      from: '2024-09-01T04:00:00.000Z',
      to: '2024-10-01T03:00:00.000Z',
    },
    {
      zone: 'America/New_York',
      now: '2024-03-31T03:30:00Z',
      preset: 'past_month',
      from: '2024-02-29T05:00:00.000Z',
      to: '2024-03-31T04:00:00.000Z',
    },
  ];
  it.each(cases)('$preset at $now in $zone is [$from, $to)', ({ zone, now, preset, from, to }) => {
    const range = presetRange(preset, new Date(now), zone);
    expect([range.from.toISOString(), range.to.toISOString()]).toEqual([from, to]);
  });

  it('filter entries in the reader’s time zone, an entry at a boundary belonging to the later range', async () => {
    const reader = await createUser(ctx);
    await ctx.database.db.update(profiles).set({ timeZone: 'Europe/Kyiv' }).where(eq(profiles.userId, reader.id));
    const author = await createUser(ctx);
    // Kyiv midnight of 1 January 2026 is 2025-12-31T22:00Z.
    const beforeNewYear = await seedEntry(author.id, 'Old year', '2025-12-31T21:59:59.999Z');
    const atNewYear = await seedEntry(author.id, 'New year', '2025-12-31T22:00:00.000Z');
    const endOfMonth = await seedEntry(author.id, 'Month end', '2026-11-30T21:59:59Z');
    const today = await seedEntry(author.id, 'Today', '2026-11-30T22:30:00Z');
    const saved = ctx.clock.current;
    ctx.clock.current = new Date('2026-11-30T23:00:00Z'); // 1 December, 01:00 in Kyiv
    try {
      const ids = async (query: Record<string, string>) =>
        (await list(reader, { user: author.id, ...query })).items.map((i) => i.id).sort((a, b) => a - b);
      expect(await ids({ preset: 'today' })).toEqual([today]);
      expect(await ids({ preset: 'this_month' })).toEqual([today]);
      expect(await ids({ preset: 'last_month' })).toEqual([endOfMonth]);
      expect(await ids({ preset: 'this_year' })).toEqual([atNewYear, endOfMonth, today]);
      expect(await ids({ preset: 'last_year' })).toEqual([beforeNewYear]);
      expect(await ids({ from: '2026-01-01', to: '2026-11-30' })).toEqual([atNewYear, endOfMonth]);
      const answer = await list(reader, { user: author.id, preset: 'today' });
      expect(answer.time_zone).toBe('Europe/Kyiv');
    } finally {
      ctx.clock.current = saved;
    }
  });

  it('refuse a preset with a custom range, a range that ends before it starts, and unknown values', async () => {
    const reader = await createUser(ctx);
    for (const query of [
      'preset=today&from=2026-01-01',
      'from=2026-02-01&to=2026-01-01',
      'preset=tomorrow',
      'sort=random',
      'from=2026-13-01',
      'from=2026-02-30',
      'to=9999-12-31',
      'from=0000-01-01',
      'limit=0',
    ]) {
      const answer = await ctx.app.inject({ method: 'GET', url: `${activityApiPaths.list}?${query}`, headers: bearer(reader.token) });
      expect(answer.statusCode, query).toBe(422);
      expectErrorAnswer(answer, query);
    }
  });
});

describe('sorts and pages', () => {
  it('sort newest, oldest, A-Z and Z-A, and page with a cursor without repeats or gaps', async () => {
    const author = await createUser(ctx);
    const titles = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    const ids = [];
    for (const [i, title] of titles.entries()) ids.push(await seedEntry(author.id, title, `2026-0${i + 1}-10T12:00:00Z`));
    const walk = async (sort: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ActivityList = await list(author, { sort, limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((i) => i.title));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    expect(await walk('newest')).toEqual(['echo', 'Bravo', 'charlie', 'Alpha', 'delta']);
    expect(await walk('oldest')).toEqual(titles);
    expect(await walk('az')).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
    expect(await walk('za')).toEqual(['echo', 'delta', 'charlie', 'Bravo', 'Alpha']);
  });

  it('sort A-Z and Z-A in the reader’s alphabet, in both languages, across pages', async () => {
    const author = await createUser(ctx);
    const titles = ['Ярема', 'zebra', 'Єва', 'андрій', 'Émile', 'Борис', 'Іграшка', 'apple', 'Їжак', 'Иван', 'Ґудзик', 'Гора', 'Eagle'];
    for (const [i, title] of titles.entries()) await seedEntry(author.id, title, `2026-03-${String(i + 1).padStart(2, '0')}T12:00:00Z`);
    const walk = async (sort: string, locale: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ActivityList = await list(author, { sort, locale, limit: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((i) => i.title));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    const cyrillic = ['андрій', 'Борис', 'Гора', 'Ґудзик', 'Єва', 'Иван', 'Іграшка', 'Їжак', 'Ярема'];
    const az = ['apple', 'Eagle', 'Émile', 'zebra', ...cyrillic];
    expect(await walk('az', 'en_GB')).toEqual(az);
    expect(await walk('za', 'en_GB')).toEqual([...az].reverse());
    // Where Ukrainian puts the Latin titles (before or after its own script) is the collation's call;
    // the Ukrainian letters keep the alphabet's order either way.
    expect((await walk('az', 'uk_UA')).filter((t) => cyrillic.includes(t))).toEqual(cyrillic);
    expect((await walk('za', 'uk_UA')).filter((t) => cyrillic.includes(t))).toEqual([...cyrillic].reverse());
  });

  it('sort A-Z by the heading shown, not the company behind it, in both languages', async () => {
    const author = await createUser(ctx);
    const posts = ['Alpha', 'Oak', 'Website', 'Олень', 'Рибка', 'Сова'];
    for (const [i, title] of posts.entries()) await seedEntry(author.id, title, `2026-04-0${i + 1}T12:00:00Z`);
    // Shown as 'Verified employment at Northwind Studio' / 'Роботу підтвердила компанія Northwind Studio'.
    const [verified] = await ctx.database.db
      .insert(activities)
      .values({
        userId: author.id,
        kind: 'verified_employment',
        title: 'Northwind Studio',
        company: 'Northwind Studio',
        position: 'Designer',
        occurredAt: new Date('2026-04-09T12:00:00Z'),
      })
      .returning({ id: activities.id });
    const walk = async (sort: string, locale: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ActivityList = await list(author, { sort, locale, limit: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.items.map((i) => (i.id === verified!.id ? 'VERIFIED' : i.title)));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    const en = await walk('az', 'en_GB');
    expect(en.filter((t) => !/[а-я]/i.test(t))).toEqual(['Alpha', 'Oak', 'VERIFIED', 'Website']);
    expect(await walk('za', 'en_GB')).toEqual([...en].reverse());
    // 'Роботу підтвердила …' sorts under Р: after Олень and Рибка, before Сова.
    const uk = await walk('az', 'uk_UA');
    expect(uk.filter((t) => !/^[A-Z]/.test(t) || t === 'VERIFIED')).toEqual(['Олень', 'Рибка', 'VERIFIED', 'Сова']);
    expect(await walk('za', 'uk_UA')).toEqual([...uk].reverse());
  });

  it('treat a cursor that does not decode as the first page', async () => {
    const author = await createUser(ctx);
    await seedEntry(author.id, 'Only', '2026-05-01T00:00:00Z');
    const page = await list(author, { cursor: 'bm90LWpzb24' });
    expect(page.items.map((i) => i.title)).toEqual(['Only']);
  });
});

describe('entries written by other changes', () => {
  it('a job added to the history is a new job entry', async () => {
    const person = await createUser(ctx);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/employments',
      headers: bearer(person.token),
      payload: { position: 'Designer', company_name: 'Studio', start_date: '2024-01-01', is_current: true },
    });
    expect(added.statusCode).toBe(201);
    const page = await list(person);
    expect(page.items.find((i) => i.kind === 'new_job')).toMatchObject({
      title: 'Designer',
      details: { company: 'Studio', position: 'Designer' },
    });
    // And the achievement it earned is an entry too, titled in the reader's language.
    const uk = await ctx.app.inject({ method: 'GET', url: `${activityApiPaths.list}?locale=uk_UA`, headers: bearer(person.token) });
    const achievement = ActivityList.parse(uk.json().data).items.find((i) => i.details.achievement === 'first_job');
    expect(achievement).toMatchObject({ kind: 'achievement', title: 'Досвід записано' });
  });
});

describe('the OpenAPI document', () => {
  it('lists every activity, comment and achievement route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const expected: [string, string][] = [
      ['/api/activities', 'get'],
      ['/api/activities', 'post'],
      ['/api/activities/{id}', 'delete'],
      ['/api/activities/{id}/comments', 'get'],
      ['/api/activities/{id}/comments', 'post'],
      ['/api/comments/{id}', 'delete'],
      ['/api/comments/{id}/like', 'put'],
      ['/api/comments/{id}/like', 'delete'],
      ['/api/achievements', 'get'],
      ['/api/achievements/{identifier}', 'get'],
    ];
    for (const [path, method] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });
});
