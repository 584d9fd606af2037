// Invitations end to end through the API: the mail and its link, the page's read by token, accept and
// decline by the invited person only, single use, 7-day expiry on the test clock, revoke, re-send,
// rate limit, and two simultaneous accepts making exactly one membership (PGlite and PostgreSQL).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyInvitation, InvitationView } from '../../contract/companies.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { notificationApiPaths } from '../../contract/notifications.ts';
import { employmentEvents, teamMembers } from '../db/company-schema.ts';
import { companyMembers, users } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createCompanyContext, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';
import { invitationsPerHour } from './invitations.ts';

let ctx: TestContext;
let companyId: number;
let ownerSession: string;
let owner: Person;

beforeAll(async () => {
  ({ ctx, companyId, ownerSession, owner } = await createCompanyContext());
});

/** Moves the clock on by days; the owner enters the workspace again, as a company session lives 12 hours (decision 243). */
async function advanceDays(days: number): Promise<void> {
  ctx.clock.advance(days * 24 * 60 * 60 * 1000);
  ownerSession = await enterCompany(ctx, owner, companyId);
}
afterAll(async () => ctx.close());

async function invite(email: string, extra: Record<string, unknown> = {}, session = ownerSession) {
  return ctx.app.inject({
    method: 'POST',
    url: workspacePaths.invitations(companyId),
    headers: bearer(session),
    payload: { email, ...extra },
  });
}

function tokenMailedTo(email: string): string {
  const mail = ctx.mail.filter((m) => m.to === email && m.text.includes('/invitation?token=')).at(-1);
  const token = mail && /\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}

async function waitForMail(email: string, count = 1) {
  const invitations = () => ctx.mail.filter((m) => m.to === email && m.text.includes('/invitation?token=')).length;
  for (let i = 0; i < 50 && invitations() < count; i += 1) await new Promise((r) => setTimeout(r, 10));
}

const answer = (token: string, person: Person | undefined, what: 'accept' | 'decline') =>
  ctx.app.inject({
    method: 'POST',
    url: what === 'accept' ? companyPublicPaths.invitationAccept(token) : companyPublicPaths.invitationDecline(token),
    headers: person ? bearer(person.token) : {},
  });

describe('an invitation', () => {
  it('is mailed with a link to /invitation that anyone holding it can read', async () => {
    const invitee = await createPerson(ctx, { email: 'Taras@Example.test' });
    const team = (
      await ctx.app.inject({
        method: 'POST',
        url: workspacePaths.teams(companyId),
        headers: bearer(ownerSession),
        payload: { name: 'Platform' },
      })
    ).json().data;
    const res = await invite('taras@example.test', { position: 'Engineer', team_id: team.id });
    expect(res.statusCode).toBe(201);
    expect(CompanyInvitation.parse(res.json().data)).toMatchObject({
      email: 'taras@example.test',
      position: 'Engineer',
      status: 'pending',
      team_id: team.id,
    });
    await waitForMail(invitee.email);
    const mail = ctx.mail.find((m) => m.to === 'taras@example.test' && m.text.includes('/invitation?token='))!;
    expect(mail.subject).toBe('Acme Ltd invites you to join them on Profiles');
    expect(mail.text).toContain(`${ctx.config.publicSiteUrl}/invitation?token=`);

    const view = await ctx.app.inject({ method: 'GET', url: companyPublicPaths.invitation(tokenMailedTo(invitee.email)) });
    expect(view.statusCode).toBe(200);
    expect(InvitationView.parse(view.json().data)).toMatchObject({
      company: { id: companyId, name: 'Acme Ltd' },
      email: 'taras@example.test',
      inviter: expect.stringContaining('Olena'),
      position: 'Engineer',
      team: 'Platform',
      status: 'pending',
      has_account: true,
    });
  });

  it.each(['important', 'all'] as const)('reaches an existing account as exactly one mail, with the email preference %s', async (mode) => {
    const invitee = await createPerson(ctx);
    await ctx.app.inject({
      method: 'PUT',
      url: notificationApiPaths.preferences,
      headers: bearer(invitee.token),
      payload: { email: mode },
    });
    const before = ctx.mail.length;
    expect((await invite(invitee.email)).statusCode).toBe(201);
    await waitForMail(invitee.email);
    // The stored notification is relayed too (it shows in the list), but is not mailed a second time.
    await ctx.relay.drain();
    const notes = (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(invitee.token) })).json().data
      .items;
    expect(notes).toMatchObject([{ kind: 'invitation_received' }]);
    const mails = ctx.mail.slice(before).filter((m) => m.to === invitee.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/invitation?token=');
  });

  it('is accepted once by the invited person: a member in the team, hired, and the link then spent', async () => {
    const invitee = await createPerson(ctx);
    const teams = (await ctx.app.inject({ method: 'GET', url: workspacePaths.teams(companyId), headers: bearer(ownerSession) })).json()
      .data;
    await invite(invitee.email, { position: 'Designer', team_id: teams[0].id });
    await waitForMail(invitee.email);
    const token = tokenMailedTo(invitee.email);

    const someoneElse = await createPerson(ctx);
    const wrong = await answer(token, someoneElse, 'accept');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('This invitation was sent to another address.');
    expect((await answer(token, undefined, 'accept')).statusCode).toBe(401);

    const accepted = await answer(token, invitee, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toEqual({ status: 'accepted', company_id: companyId });

    const [membership] = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, invitee.id)));
    expect(membership).toMatchObject({ role: 'member', position: 'Designer' });
    const inTeam = await ctx.database.db.select().from(teamMembers).where(eq(teamMembers.memberId, membership!.id));
    expect(inTeam).toHaveLength(1);
    const events = await ctx.database.db.select().from(employmentEvents).where(eq(employmentEvents.userId, invitee.id));
    expect(events).toMatchObject([{ companyId, kind: 'hired', position: 'Designer', source: 'invitation' }]);

    const ownerNotes = (
      await ctx.app.inject({ method: 'GET', url: workspacePaths.notifications(companyId), headers: bearer(ownerSession) })
    ).json().data;
    expect(ownerNotes[0]).toMatchObject({
      kind: 'invitation_accepted',
      scope: 'company',
      actor: { user_id: invitee.id },
      subject: { type: 'invitation' },
    });
    const inviteeNotes = (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(invitee.token) })).json()
      .data.items;
    // Being hired is told as such and also unlocks 'Verified employment', a notification of its own (decision 140).
    expect(inviteeNotes.filter((n: { kind: string }) => n.kind !== 'achievement_unlocked')).toMatchObject([
      { kind: 'hired', scope: 'personal', company: { id: companyId, name: 'Acme Ltd' }, subject: { type: 'employment' } },
      { kind: 'invitation_received', scope: 'personal', company: { id: companyId, name: 'Acme Ltd' } },
    ]);
    expect(inviteeNotes.filter((n: { kind: string }) => n.kind === 'achievement_unlocked')).toMatchObject([
      { subject: { type: 'achievement', name: '‘Verified employment’' } },
    ]);

    const again = await answer(token, invitee, 'accept');
    expect(again.statusCode).toBe(409);
    const declineAfter = await answer(token, invitee, 'decline');
    expect(declineAfter.statusCode).toBe(409);
    const view = await ctx.app.inject({ method: 'GET', url: companyPublicPaths.invitation(token) });
    expect(view.json().data.status).toBe('accepted');
  });

  // Typing the invited address into one's account (unverified) is not holding it.
  it('is not answered by an account whose matching email is unverified, until it is verified', async () => {
    const invited = `invited-${process.pid}@example.test`;
    await invite(invited);
    await waitForMail(invited);
    const token = tokenMailedTo(invited);
    const taker = await createPerson(ctx);
    await ctx.database.db.update(users).set({ email: invited, emailVerifiedAt: null }).where(eq(users.id, taker.id));
    for (const what of ['accept', 'decline'] as const) {
      const refused = await answer(token, taker, what);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({
        code: 'invitee_not_verified',
        message: 'Confirm your email address first, then answer the invitation.',
      });
    }
    const members = await ctx.database.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, taker.id)));
    expect(members).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: companyPublicPaths.invitation(token) })).json().data.status).toBe('pending');
    // Once the address is proved, it is theirs to answer.
    await ctx.database.db.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, taker.id));
    expect((await answer(token, taker, 'accept')).statusCode).toBe(200);
  });

  it('declined is final', async () => {
    const invitee = await createPerson(ctx);
    await invite(invitee.email);
    await waitForMail(invitee.email);
    const token = tokenMailedTo(invitee.email);
    expect((await answer(token, invitee, 'decline')).json().data).toEqual({ status: 'declined', company_id: companyId });
    const accept = await answer(token, invitee, 'accept');
    expect(accept.statusCode).toBe(409);
    const ownerNotes = (
      await ctx.app.inject({ method: 'GET', url: workspacePaths.notifications(companyId), headers: bearer(ownerSession) })
    ).json().data;
    expect(ownerNotes[0]).toMatchObject({ kind: 'invitation_declined', actor: { user_id: invitee.id } });
    const members = await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, invitee.id));
    expect(members).toHaveLength(0);
  });

  it('expires after 7 days on the clock', async () => {
    const invitee = await createPerson(ctx);
    await invite(invitee.email);
    await waitForMail(invitee.email);
    const token = tokenMailedTo(invitee.email);
    await advanceDays(7);
    const view = await ctx.app.inject({ method: 'GET', url: companyPublicPaths.invitation(token) });
    expect(view.json().data.status).toBe('expired');
    const res = await answer(token, invitee, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This invitation has been expired.');
  });

  it('revoked cannot be accepted', async () => {
    const invitee = await createPerson(ctx);
    const created = (await invite(invitee.email)).json().data;
    await waitForMail(invitee.email);
    const token = tokenMailedTo(invitee.email);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: workspacePaths.invitation(companyId, created.id),
      headers: bearer(ownerSession),
    });
    expect(revoked.statusCode).toBe(204);
    expect((await answer(token, invitee, 'accept')).statusCode).toBe(409);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: workspacePaths.invitation(companyId, created.id),
      headers: bearer(ownerSession),
    });
    expect(again.statusCode).toBe(409);
  });

  it('re-sent gets a new link and 7 more days; the old link stops working; not more than once a minute', async () => {
    const invitee = await createPerson(ctx);
    const created = (await invite(invitee.email)).json().data;
    await waitForMail(invitee.email);
    const oldToken = tokenMailedTo(invitee.email);
    const tooSoon = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.invitationResend(companyId, created.id),
      headers: bearer(ownerSession),
    });
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    await advanceDays(6);
    const resent = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.invitationResend(companyId, created.id),
      headers: bearer(ownerSession),
    });
    expect(resent.statusCode).toBe(200);
    expect(new Date(resent.json().data.expires_at).getTime()).toBe(ctx.clock.now().getTime() + 7 * 24 * 60 * 60 * 1000);
    await waitForMail(invitee.email, 2);
    const newToken = tokenMailedTo(invitee.email);
    expect(newToken).not.toBe(oldToken);
    expect((await ctx.app.inject({ method: 'GET', url: companyPublicPaths.invitation(oldToken) })).statusCode).toBe(404);
    await advanceDays(2);
    expect((await answer(newToken, invitee, 'accept')).statusCode).toBe(200);
  });

  it('to an address that is already a member is refused on the email field', async () => {
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member);
    const res = await invite(member.email);
    expect(res.statusCode).toBe(422);
    expect(res.json().violations).toEqual([{ field: 'email', title: expect.stringContaining('already a member') }]);
  });

  it("naming another company's team is refused on the team field", async () => {
    const other = await createPerson(ctx);
    const otherCompany = await createCompany(ctx, other);
    const otherSession = await enterCompany(ctx, other, otherCompany);
    const team = (
      await ctx.app.inject({
        method: 'POST',
        url: workspacePaths.teams(otherCompany),
        headers: bearer(otherSession),
        payload: { name: 'Theirs' },
      })
    ).json().data;
    const res = await invite('someone@example.test', { team_id: team.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().violations[0].field).toBe('team_id');
  });

  it('accepted twice at the same moment makes exactly one membership', async () => {
    const invitee = await createPerson(ctx);
    await invite(invitee.email);
    await waitForMail(invitee.email);
    const token = tokenMailedTo(invitee.email);
    const results = await Promise.all([
      answer(token, invitee, 'accept'),
      answer(token, invitee, 'accept'),
      answer(token, invitee, 'accept'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const members = await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, invitee.id));
    expect(members).toHaveLength(1);
    const events = await ctx.database.db.select().from(employmentEvents).where(eq(employmentEvents.userId, invitee.id));
    expect(events).toHaveLength(1);
  });

  it(`is limited to ${invitationsPerHour} sent per person per hour`, async () => {
    const admin = await createPerson(ctx);
    await addMember(ctx, companyId, admin, 'admin');
    const session = await enterCompany(ctx, admin, companyId);
    for (let i = 0; i < invitationsPerHour; i += 1) expect((await invite(`bulk${i}@example.test`, {}, session)).statusCode).toBe(201);
    const over = await invite('one-too-many@example.test', {}, session);
    expect(over.statusCode).toBe(429);
    ctx.clock.advance(60 * 60 * 1000 + 1);
    expect((await invite('next-hour@example.test', {}, session)).statusCode).toBe(201);
  });

  it('with an unknown token answers 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: companyPublicPaths.invitation('nope') })).statusCode).toBe(404);
  });
});
