// Quiet news (decision 239): a day's achievement unlocks are one notification,
// rewritten in place as more unlock that day (count and names, unread again, published again, never
// mailed twice); the next day starts another; per-change ones stored before stay as they were. Plain
// members are not told of other members joining or leaving; the owner and admins are.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { achievementApiPaths, achievementCatalogue, AchievementsOverview } from '../../contract/achievements.ts';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { NotificationList, notificationApiPaths, type Notification } from '../../contract/notifications.ts';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { activities, achievementUnlocks } from '../db/activity-schema.ts';
import { notificationKindSettings, notifications } from '../db/notification-schema.ts';
import { profiles } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createPerson, createStaffedCompany, enterCompany, type Person, type Staff } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { notificationEmail } from './email-text.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const day = 86_400_000;

async function listOf(person: Person): Promise<NotificationList> {
  const answer = await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(person.token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return NotificationList.parse(answer.json().data);
}
const unlockNotices = async (person: Person) => (await listOf(person)).items.filter((n) => n.kind === 'achievement_unlocked');

async function addSkill(person: Person, name: string): Promise<number> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('skills'),
    headers: bearer(person.token),
    payload: { name },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return ProfilePage.parse(answer.json().data).skills.find((s) => s.name === name)!.id;
}
async function endorse(endorser: Person, skillId: number): Promise<void> {
  const answer = await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skillId), headers: bearer(endorser.token) });
  expect(answer.statusCode, answer.body).toBe(200);
}
async function addJob(person: Person, position: string): Promise<void> {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('employments'),
    headers: bearer(person.token),
    payload: { position, company_name: `Studio of ${position}`, start_date: '2025-02-01', end_date: null, is_current: true },
  });
  expect(answer.statusCode, answer.body).toBe(201);
}
const name = (code: keyof typeof achievementCatalogue, locale: 'en_GB' | 'uk_UA') => achievementCatalogue[code][locale].name;

describe('a day of achievement unlocks (decision 239)', () => {
  it('is one notification, rewritten in place with every unlock and its count, in the person’s language', async () => {
    for (const locale of ['en_GB', 'uk_UA'] as const) {
      const person = await createPerson(ctx, { locale });
      const endorser = await createPerson(ctx);
      // Three changes, one unlock each: the fifth skill, the first endorsement, the first job.
      const skills: number[] = [];
      for (const skill of ['Rust', 'Go', 'SQL', 'Figma', 'Kotlin']) skills.push(await addSkill(person, `${skill} ${locale}`));
      const [first] = await unlockNotices(person);
      expect(first?.subject).toMatchObject({ type: 'achievement', count: 1, name: expect.stringContaining(name('five_skills', locale)) });
      // Read, then more unlock the same day: the same notification names them all, unread again.
      expect(
        (await ctx.app.inject({ method: 'POST', url: notificationApiPaths.markAllRead, headers: bearer(person.token) })).statusCode,
      ).toBe(200);
      await endorse(endorser, skills[0]!);
      await addJob(person, `Editor ${locale}`);
      const notices = await unlockNotices(person);
      expect(notices).toHaveLength(1);
      const notice = notices[0]!;
      expect(notice.id).toBe(first!.id);
      expect(notice.read_at).toBeNull();
      expect(notice.subject?.count).toBe(3);
      const [open, close] = locale === 'uk_UA' ? ['«', '»'] : ['‘', '’'];
      const [a, b, c] = (['five_skills', 'first_endorsement', 'first_job'] as const).map((code) => `${open}${name(code, locale)}${close}`);
      expect(notice.subject?.name).toBe(locale === 'uk_UA' ? `${a}, ${b} і ${c}` : `${a}, ${b} and ${c}`);
      // Beside the endorsement's own notification, the day's unlocks count once among the unread.
      expect((await listOf(person)).items.filter((n) => n.read_at === null).map((n) => n.kind)).toEqual([
        'endorsement',
        'achievement_unlocked',
      ]);
      // The achievements page and the activity still show each unlock on its own.
      const page = await ctx.app.inject({ method: 'GET', url: achievementApiPaths.own, headers: bearer(person.token) });
      expect(AchievementsOverview.parse(page.json().data).unlocked).toBe(3);
      const entries = await ctx.database.db
        .select({ code: activities.achievementCode })
        .from(activities)
        .where(and(eq(activities.userId, person.id), eq(activities.kind, 'achievement')));
      expect(entries.map((e) => e.code).sort()).toEqual(['first_endorsement', 'first_job', 'five_skills']);
    }
  });

  it('is published again when rewritten, and mailed once at most', async () => {
    const person = await createPerson(ctx);
    await ctx.database.db.insert(notificationKindSettings).values({ userId: person.id, kind: 'achievement_unlocked', delivery: 'email' });
    const endorser = await createPerson(ctx);
    const skills: number[] = [];
    for (const skill of ['Ada', 'Elm', 'Lua', 'Nim', 'Zig']) skills.push(await addSkill(person, skill));
    await ctx.relay.drain();
    await endorse(endorser, skills[0]!);
    await ctx.relay.drain();
    const published = ctx.realtime.sent
      .filter((m) => m.channel === `private-user.${person.id}` && m.event === 'notification.created')
      .map((m) => (m.data as { notification: Notification }).notification)
      .filter((n) => n.kind === 'achievement_unlocked');
    expect(published.map((n) => n.subject?.count)).toEqual([1, 2]);
    expect(new Set(published.map((n) => n.id)).size).toBe(1);
    expect(ctx.mail.filter((m) => m.to === person.email && m.text.includes(name('five_skills', 'en_GB')))).toHaveLength(1);
  });

  it('starts anew the next day of the person’s time zone, and leaves older per-change notifications as they were', async () => {
    const person = await createPerson(ctx);
    // 23:30 in Kyiv is still the same UTC day; the next unlock after midnight there is a new day.
    await ctx.database.db.update(profiles).set({ timeZone: 'Europe/Kyiv' }).where(eq(profiles.userId, person.id));
    const saved = ctx.clock.current;
    try {
      const [legacyUnlock] = await ctx.database.db
        .insert(achievementUnlocks)
        .values({ userId: person.id, code: 'profile_photo', unlockedAt: new Date(saved.getTime() - day) })
        .returning({ id: achievementUnlocks.id });
      const [legacy] = await ctx.database.db
        .insert(notifications)
        .values({
          userId: person.id,
          kind: 'achievement_unlocked',
          scope: 'personal',
          subjectType: 'achievement',
          subjectId: legacyUnlock!.id,
          subjectName: '‘Face to a name’',
          publishedAt: saved,
        })
        .returning();
      ctx.clock.current = new Date('2026-11-24T21:30:00Z');
      for (const skill of ['Kyiv A', 'Kyiv B', 'Kyiv C', 'Kyiv D', 'Kyiv E']) await addSkill(person, skill);
      ctx.clock.current = new Date('2026-11-24T22:30:00Z');
      await addJob(person, 'Night editor');
      const notices = await unlockNotices(person);
      expect(notices.map((n) => n.subject?.count ?? null)).toEqual([1, 1, null]);
      expect(notices.map((n) => n.subject?.name)).toEqual([
        `‘${name('first_job', 'en_GB')}’`,
        `‘${name('five_skills', 'en_GB')}’`,
        '‘Face to a name’',
      ]);
      expect(notices[2]).toMatchObject({ id: legacy!.id, read_at: null });
    } finally {
      ctx.clock.current = saved;
    }
  });

  it('is not written for a person who turned achievement notifications off, and the list asks for a session', async () => {
    const person = await createPerson(ctx);
    await ctx.database.db.insert(notificationKindSettings).values({ userId: person.id, kind: 'achievement_unlocked', delivery: 'none' });
    for (const skill of ['Off A', 'Off B', 'Off C', 'Off D', 'Off E']) await addSkill(person, skill);
    expect(await unlockNotices(person)).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list })).statusCode).toBe(401);
  });

  it('says how many in each language’s plural form by email', () => {
    const notice = (count: number): Notification => ({
      id: 1,
      kind: 'achievement_unlocked',
      scope: 'personal',
      company: null,
      actor: null,
      subject: { type: 'achievement', id: 1, name: '«А»', owner_id: null, count },
      read_at: null,
      created_at: new Date().toISOString(),
    });
    const line = (count: number, locale: string) => notificationEmail(notice(count), locale, 'https://x.test').text.split('\n')[0];
    expect(line(1, 'en_GB')).toBe('You unlocked 1 achievement: «А».');
    expect(line(3, 'en_GB')).toBe('You unlocked 3 achievements: «А».');
    expect(line(1, 'uk_UA')).toBe('Ви отримали 1 досягнення: «А».');
    expect(line(3, 'uk_UA')).toBe('Ви отримали 3 досягнення: «А».');
    expect(line(5, 'uk_UA')).toBe('Ви отримали 5 досягнень: «А».');
    expect(line(21, 'uk_UA')).toBe('Ви отримали 21 досягнення: «А».');
    const { count: _, ...legacy } = notice(1).subject!;
    expect(notificationEmail({ ...notice(1), subject: legacy }, 'uk_UA', 'https://x.test').text).toMatch(/^Ви отримали досягнення: «А»\./);
  });
});

describe('members joining and leaving (decision 239)', () => {
  let company: { companyId: number; owner: Staff & { session: string }; admin: Staff; member: Staff; other: Person };
  beforeAll(async () => {
    const staffed = await createStaffedCompany(ctx);
    const second = await createStaffedCompany(ctx);
    company = {
      ...staffed,
      owner: { ...staffed.owner, session: await enterCompany(ctx, staffed.owner.person, staffed.companyId) },
      // A second plain member, of another company too.
      other: second.member.person,
    };
    await addMember(ctx, staffed.companyId, second.member.person);
  });

  /** Invites a new person, who accepts: a verified job and a membership. */
  async function hire(position: string): Promise<{ person: Person; employmentId: number }> {
    const person = await createPerson(ctx, { firstName: 'Taras' });
    const invited = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.invitations(company.companyId),
      headers: bearer(company.owner.session),
      payload: { email: person.email, position },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await vi.waitFor(() => {
      const mail = ctx.mail.filter((m) => m.to === person.email && m.text.includes('/invitation?token=')).at(-1);
      const found = mail && /\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
      if (!found) throw new Error('no invitation mailed yet');
      return decodeURIComponent(found);
    });
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: companyPublicPaths.invitationAccept(token),
      headers: bearer(person.token),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: companyCareersPaths.employments(company.companyId),
      headers: bearer(company.owner.session),
    });
    const employment = (list.json().data as { id: number; person: { user_id: number } }[]).find((e) => e.person.user_id === person.id)!;
    return { person, employmentId: employment.id };
  }
  const toldOf = async (kind: 'member_joined' | 'member_left', actorId: number) =>
    (
      await ctx.database.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.companyId, company.companyId), eq(notifications.kind, kind), eq(notifications.actorId, actorId)))
    )
      .map((n) => n.userId)
      .sort((x, y) => x - y);
  const managers = () => [company.owner.person.id, company.admin.person.id].sort((x, y) => x - y);

  it('are news for the owner and admins only, by a join request, leaving a job and leaving from the settings', async () => {
    // Joining through an approved request.
    const joiner = await createPerson(ctx, { firstName: 'Iryna' });
    const asked = await ctx.app.inject({
      method: 'POST',
      url: companyPublicPaths.joinRequests(company.companyId),
      headers: bearer(joiner.token),
      payload: { message: 'Hello' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const open = (
      await ctx.app.inject({ method: 'GET', url: workspacePaths.joinRequests(company.companyId), headers: bearer(company.owner.session) })
    ).json().data as { id: number; user_id: number }[];
    const request = open.find((r) => r.user_id === joiner.id)!;
    const approved = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.joinRequestDecision(company.companyId, request.id),
      headers: bearer(company.owner.session),
      payload: { decision: 'approve' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The owner and the admin are told; neither plain member is.
    expect(await toldOf('member_joined', joiner.id)).toEqual(managers());

    // Leaving a verified job.
    const { person: leaver, employmentId } = await hire('Analyst');
    const left = await ctx.app.inject({ method: 'POST', url: careersPaths.leave(employmentId), headers: bearer(leaver.token) });
    expect(left.statusCode, left.body).toBe(200);
    expect(await toldOf('member_left', leaver.id)).toEqual(managers());

    // Leaving from the settings.
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: settingsApiPaths.membership(company.companyId),
      headers: bearer(joiner.token),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await toldOf('member_left', joiner.id)).toEqual(managers());

    // What each one's own list says: the plain members' lists hold no membership news at all.
    for (const plain of [company.member.person, company.other])
      expect((await listOf(plain)).items.filter((n) => n.kind === 'member_joined' || n.kind === 'member_left')).toEqual([]);
    const ownerNews = (await listOf(company.owner.person)).items.filter((n) => n.kind === 'member_left').map((n) => n.actor?.user_id);
    expect(ownerNews).toEqual(expect.arrayContaining([leaver.id, joiner.id]));
  });
});
