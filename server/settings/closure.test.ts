// Closing an account (SPEC §4): the full data export first, then one transaction that ends
// every session, hides the profile ('Profile not found'), removes recommendations, endorsements and
// employment history, ends company memberships and tells the companies, and keeps everything else.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfilePage } from '../../contract/profile-sections.ts';
import { apiPaths, profileApiPaths } from '../../contract/routes.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { companyMembers, users } from '../db/schema.ts';
import { notifications } from '../db/notification-schema.ts';
import { educations, employments, files, recommendations, skillEndorsements, skills } from '../db/profile-schema.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { bearer, createUser, nextAddress, type TestUser } from '../test/auth-helpers.ts';
import { addMember, createCompany, enterCompany } from '../test/company-helpers.ts';
import { workspacePaths } from '../../contract/company-routes.ts';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { careerDocuments, companyEmployments, employmentConfirmations, employmentReviews } from '../db/careers-schema.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const add = (user: TestUser, section: string, body: object) =>
  ctx.app.inject({ method: 'POST', url: profileApiPaths.section(section as 'skills'), headers: bearer(user.token), payload: body });
const pageOf = async (viewer: TestUser, id?: number) =>
  ctx.app.inject({ method: 'GET', url: id ? profileApiPaths.pageOf(id) : profileApiPaths.page, headers: bearer(viewer.token) });
const close = (token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: settingsApiPaths.closeAccount, headers: bearer(token), payload: payload as object });

/** A person with a skill endorsed by `friend`, a recommendation from `friend`, one for `friend`, an employment and an education. */
async function livedIn(friend: TestUser) {
  const person = await createUser(ctx);
  expect(
    (
      await add(person, 'employments', {
        position: 'Designer',
        company_name: 'Acme',
        start_date: '2020-01-01',
        end_date: null,
        is_current: true,
      })
    ).statusCode,
  ).toBeLessThan(300);
  expect(
    (
      await add(person, 'educations', {
        school: 'KPI',
        degree: 'MSc',
        area_of_study: 'HCI',
        start_date: '2010-09-01',
        end_date: '2015-06-30',
      })
    ).statusCode,
  ).toBeLessThan(300);
  const page = ProfilePage.parse((await add(person, 'skills', { name: 'Research' })).json().data);
  const skillId = page.skills[0]!.id;
  expect(
    (await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(skillId), headers: bearer(friend.token) })).statusCode,
  ).toBe(200);
  const friendSkill = ProfilePage.parse((await add(friend, 'skills', { name: `Writing ${person.id}` })).json().data).skills.at(-1)!;
  expect(
    (await ctx.app.inject({ method: 'POST', url: profileApiPaths.endorsement(friendSkill.id), headers: bearer(person.token) })).statusCode,
  ).toBe(200);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: profileApiPaths.recommendationsOf(person.id),
        headers: bearer(friend.token),
        payload: { text: 'Kind words' },
      })
    ).statusCode,
  ).toBeLessThan(300);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: profileApiPaths.recommendationsOf(friend.id),
        headers: bearer(person.token),
        payload: { text: 'Also kind' },
      })
    ).statusCode,
  ).toBeLessThan(300);
  return { person, skillId, friendSkillId: friendSkill.id };
}

describe('the data export', () => {
  it('downloads everything the person has as JSON, without secrets, and only their own', async () => {
    const friend = await createUser(ctx);
    const { person } = await livedIn(friend);
    const res = await ctx.app.inject({ method: 'GET', url: settingsApiPaths.dataExport, headers: bearer(person.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="profiles-data.json"');
    const data = res.json();
    expect(data).toMatchObject({ format: 'profiles-data-export', version: 2, account: { id: person.id, email: person.email } });
    expect(data.jobs).toEqual([expect.objectContaining({ level: 'self_declared' })]);
    expect(data.educations).toHaveLength(1);
    expect(data.skills).toHaveLength(1);
    expect(data.endorsements_received).toHaveLength(1);
    expect(data.endorsements_given).toHaveLength(1);
    expect(data.recommendations_received).toHaveLength(1);
    expect(data.recommendations_written).toHaveLength(1);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/password_hash|token_hash|code_hash|argon2/);
    expect(JSON.stringify(data.skills)).not.toContain(`Writing`);
    expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.dataExport })).statusCode).toBe(401);
  });
});

describe('closing an account', () => {
  it('asks for the password: a wrong one changes nothing', async () => {
    const person = await createUser(ctx);
    const res = await close(person.token, { current_password: 'Wrong-Passw0rd1' });
    expect(res.statusCode).toBe(403);
    expect(expectErrorAnswer(res)).toMatchObject({
      code: 'reauthentication_failed',
      violations: [{ field: 'current_password', title: 'Current password is incorrect.' }],
    });
    const missing = await close(person.token, {});
    expect(missing.statusCode).toBe(403);
    expect(expectErrorAnswer(missing)).toMatchObject({
      code: 'reauthentication_required',
      violations: [{ field: 'current_password', title: 'Enter your current password to confirm this change.' }],
    });
    expect((await pageOf(person)).statusCode).toBe(200);
  });

  it('answers 401 to an anonymous visitor, and another person cannot close someone else’s account', async () => {
    const owner = await createUser(ctx, { password: 'Owners-Own-Passw0rd' });
    const other = await createUser(ctx);
    expect((await close('', { current_password: owner.password })).statusCode).toBe(401);
    // Another person's session with the owner's password closes nothing of the owner: it checks the caller's own.
    const res = await close(other.token, { current_password: owner.password });
    expect([res.statusCode, expectErrorAnswer(res).code]).toEqual([403, 'reauthentication_failed']);
    expect((await pageOf(owner)).statusCode).toBe(200);
    expect((await pageOf(other)).statusCode).toBe(200);
  });

  it('closes in one go: sessions, profile, recommendations, endorsements, employment history, memberships', async () => {
    const friend = await createUser(ctx);
    const { person, skillId, friendSkillId } = await livedIn(friend);
    const elsewhere = (
      await ctx.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { login: person.email, password: person.password },
        remoteAddress: nextAddress(),
      })
    ).json().data.token as string;
    const companyOwner = await createUser(ctx);
    const colleague = await createUser(ctx);
    const companyId = await createCompany(ctx, { id: companyOwner.id, email: companyOwner.email, token: companyOwner.token });
    await addMember(ctx, companyId, { id: person.id, email: person.email, token: person.token });
    await addMember(ctx, companyId, { id: colleague.id, email: colleague.email, token: colleague.token });
    ctx.realtime.sent.length = 0;

    const res = await close(person.token, { current_password: person.password });
    expect(res.statusCode, res.body).toBe(204);

    // Every session has ended; signing in again is told the account is closed.
    for (const token of [person.token, elsewhere]) {
      expect((await ctx.app.inject({ method: 'GET', url: apiPaths.profileShow, headers: bearer(token) })).statusCode).toBe(401);
    }
    const again = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { login: person.email, password: person.password },
      remoteAddress: nextAddress(),
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('account_closed');
    // Others get 'Profile not found'.
    const seen = await pageOf(friend, person.id);
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toMatchObject({ code: 'profile_not_found', message: 'Profile not found' });
    // SPEC §4's losses are gone, given and received.
    const db = ctx.database.db;
    expect(await db.select().from(employments).where(eq(employments.userId, person.id))).toEqual([]);
    expect(await db.select().from(recommendations).where(eq(recommendations.userId, person.id))).toEqual([]);
    expect(await db.select().from(recommendations).where(eq(recommendations.authorId, person.id))).toEqual([]);
    expect(await db.select().from(skillEndorsements).where(eq(skillEndorsements.skillId, skillId))).toEqual([]);
    expect(await db.select().from(skillEndorsements).where(eq(skillEndorsements.endorserId, person.id))).toEqual([]);
    // The membership has ended and the company's owner was told (a plain member, the colleague, is not:
    // decision 239); the company stays.
    expect(await db.select().from(companyMembers).where(eq(companyMembers.userId, person.id))).toEqual([]);
    const told = await db
      .select({ userId: notifications.userId, kind: notifications.kind, actorId: notifications.actorId })
      .from(notifications)
      .where(eq(notifications.companyId, companyId));
    expect(
      told
        .filter((n) => n.kind === 'member_left' && n.actorId === person.id)
        .map((n) => n.userId)
        .sort(),
    ).toEqual([companyOwner.id]);
    expect(await db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId))).toHaveLength(2);
    // Open tabs hear that their session ended.
    expect(ctx.realtime.sent.some((m) => m.channel === `private-user.${person.id}` && m.event === 'session.ended')).toBe(true);

    // Nothing that should stay is lost: the friend's profile, skills and own data are whole.
    const friendPage = ProfilePage.parse((await pageOf(friend)).json().data);
    expect(friendPage.skills.find((s) => s.id === friendSkillId)).toBeDefined();
    expect((await db.select().from(skills).where(eq(skills.userId, friend.id))).length).toBeGreaterThan(0);
    // The closed account's own records stay stored (unseen) and its email stays held.
    expect(await db.select().from(educations).where(eq(educations.userId, person.id))).toHaveLength(1);
    const [row] = await db.select({ status: users.status, email: users.email }).from(users).where(eq(users.id, person.id));
    expect(row).toEqual({ status: 'closed', email: person.email });
    const reuse = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.register,
      remoteAddress: nextAddress(),
      payload: {
        kind: 'personal',
        first_name: 'New',
        last_name: 'Person',
        email: person.email,
        phone: '+380501234999',
        password: 'Sturdy-Passw0rd',
        password_confirmation: 'Sturdy-Passw0rd',
        terms: true,
      },
    });
    expect(reuse.statusCode).toBe(422);
  });

  it('deletes the careers record too: verified jobs, their review rounds, documents and requests to confirm', async () => {
    const person = await createUser(ctx);
    const owner = await createUser(ctx);
    const companyId = await createCompany(ctx, { id: owner.id, email: owner.email, token: owner.token });
    const ownerSession = await enterCompany(ctx, { id: owner.id, email: owner.email, token: owner.token }, companyId);
    const memberId = await addMember(ctx, companyId, { id: person.id, email: person.email, token: person.token });
    const hired = await ctx.app.inject({
      method: 'POST',
      url: companyCareersPaths.employments(companyId),
      headers: bearer(ownerSession),
      payload: { member_id: memberId, position: 'Engineer', start_date: '2026-01-05' },
    });
    expect(hired.statusCode, hired.body).toBe(201);
    const employmentId = hired.json().data.id as number;
    const competency = await ctx.app.inject({
      method: 'POST',
      url: companyCareersPaths.competencies(companyId),
      headers: bearer(ownerSession),
      payload: { name: 'Craft', weight: 1 },
    });
    const reviewed = await ctx.app.inject({
      method: 'POST',
      url: companyCareersPaths.reviews(companyId, employmentId),
      headers: bearer(ownerSession),
      payload: { reviewed_on: '2026-11-01', ratings: [{ competency_id: competency.json().data.id, rating: 'good' }] },
    });
    expect(reviewed.statusCode, reviewed.body).toBe(201);
    const upload = multipartFile(sampleFiles.pdf(), 'reference.pdf');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: careersPaths.documents(employmentId),
          headers: { ...upload.headers, ...bearer(person.token) },
          payload: upload.payload,
        })
      ).statusCode,
    ).toBe(201);
    const selfId = ProfilePage.parse(
      (
        await add(person, 'employments', {
          position: 'Intern',
          company_name: 'Acme',
          start_date: '2019-01-01',
          end_date: '2019-06-30',
          is_current: false,
        })
      ).json().data,
    ).employments[0]!.id;
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: careersPaths.confirmation(selfId),
          headers: bearer(person.token),
          payload: { company_id: companyId },
        })
      ).statusCode,
    ).toBe(201);

    const exported = (await ctx.app.inject({ method: 'GET', url: settingsApiPaths.dataExport, headers: bearer(person.token) })).json();
    // One list of jobs: the verified one, and the person's own job whose confirmation is still asked.
    expect(exported.jobs).toEqual([
      expect.objectContaining({ level: 'company_verified', id: employmentId, position: 'Engineer', own_entry: null }),
      expect.objectContaining({ level: 'self_declared', id: selfId, position: 'Intern' }),
    ]);
    expect(exported).not.toHaveProperty('employments');
    expect(exported).not.toHaveProperty('verified_employments');
    expect(exported.employment_reviews).toHaveLength(1);
    expect(exported.career_documents).toHaveLength(1);
    expect(exported.employment_confirmations).toHaveLength(1);

    expect((await close(person.token, { current_password: person.password })).statusCode).toBe(204);
    const db = ctx.database.db;
    expect(await db.select().from(companyEmployments).where(eq(companyEmployments.userId, person.id))).toEqual([]);
    expect(await db.select().from(employmentReviews).where(eq(employmentReviews.employmentId, employmentId))).toEqual([]);
    expect(await db.select().from(careerDocuments).where(eq(careerDocuments.userId, person.id))).toEqual([]);
    expect(await db.select().from(employmentConfirmations).where(eq(employmentConfirmations.userId, person.id))).toEqual([]);
    // The company keeps its own: its competencies and its other records.
    expect(
      (await ctx.app.inject({ method: 'GET', url: companyCareersPaths.competencies(companyId), headers: bearer(ownerSession) })).json()
        .data,
    ).toHaveLength(1);
    expect(
      (await ctx.app.inject({ method: 'GET', url: companyCareersPaths.employments(companyId), headers: bearer(ownerSession) })).json().data,
    ).toEqual([]);
  });

  it('refuses while the person owns a company with other members, and changes nothing', async () => {
    const owner = await createUser(ctx);
    const member = await createUser(ctx);
    const companyId = await createCompany(ctx, { id: owner.id, email: owner.email, token: owner.token });
    await addMember(ctx, companyId, { id: member.id, email: member.email, token: member.token });
    const res = await close(owner.token, { current_password: owner.password });
    expect(res.statusCode).toBe(409);
    expect(expectErrorAnswer(res).code).toBe('owner_must_transfer');
    expect((await pageOf(owner)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId))).toHaveLength(2);
  });

  // The files stay stored (decision 151) but nobody is served them any more; a
  // company's logo stays the company's whoever uploaded it.
  it('stops serving the person’s files to anyone with the URL, but not the logo of a company they branded', async () => {
    const person = await createUser(ctx);
    const upload = async (url: string, token: string) => {
      const body = multipartFile(sampleFiles.png(), 'image.png');
      const res = await ctx.app.inject({ method: 'POST', url, headers: { ...body.headers, ...bearer(token) }, payload: body.payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data as Record<string, unknown>;
    };
    const photo = (await upload(profileApiPaths.upload('photo'), person.token))['url'] as string;
    const media = (await upload(profileApiPaths.upload('media'), person.token))['url'] as string;
    const owner = await createUser(ctx);
    const companyId = await createCompany(ctx, { id: owner.id, email: owner.email, token: owner.token });
    await addMember(ctx, companyId, { id: person.id, email: person.email, token: person.token }, 'admin');
    const session = await enterCompany(ctx, { id: person.id, email: person.email, token: person.token }, companyId);
    const logo = (await upload(workspacePaths.logo(companyId), session))['logo_url'] as string;
    const served = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;
    for (const url of [photo, media, logo]) expect(await served(url), url).toBe(200);

    expect((await close(person.token, { current_password: person.password })).statusCode).toBe(204);
    expect(await served(photo)).toBe(404);
    expect(await served(media)).toBe(404);
    expect(await served(logo)).toBe(200);
    // Kept, unreachable: the rows and the bytes are still there.
    expect((await ctx.database.db.select().from(files).where(eq(files.userId, person.id))).length).toBe(3);
  });

  it('lets the only member of their own company close; the company keeps its records', async () => {
    const owner = await createUser(ctx);
    const companyId = await createCompany(ctx, { id: owner.id, email: owner.email, token: owner.token });
    expect((await close(owner.token, { current_password: owner.password })).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId))).toEqual([]);
  });

  it('counts only the members still there: an owner whose last member has left may close, and a company already left is not told', async () => {
    const owner = await createUser(ctx);
    const gone = await createUser(ctx);
    const companyId = await createCompany(ctx, { id: owner.id, email: owner.email, token: owner.token });
    await addMember(ctx, companyId, { id: gone.id, email: gone.email, token: gone.token });
    // The member left yesterday (decision 120: the row stays with its leaving day).
    const yesterday = new Date(ctx.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db.update(companyMembers).set({ leavesOn: yesterday }).where(eq(companyMembers.userId, gone.id));
    const other = await createUser(ctx);
    const elsewhere = await createCompany(ctx, { id: other.id, email: other.email, token: other.token });
    await addMember(ctx, elsewhere, { id: gone.id, email: gone.email, token: gone.token });
    await ctx.database.db
      .update(companyMembers)
      .set({ leavesOn: yesterday })
      .where(and(eq(companyMembers.userId, gone.id), eq(companyMembers.companyId, elsewhere)));

    expect((await close(owner.token, { current_password: owner.password })).statusCode).toBe(204);
    expect((await close(gone.token, { current_password: gone.password })).statusCode).toBe(204);
    const told = await ctx.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.companyId, elsewhere), eq(notifications.kind, 'member_left'), eq(notifications.actorId, gone.id)));
    expect(told).toEqual([]);
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, gone.id))).toEqual([]);
  });
});
