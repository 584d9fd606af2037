// The company services on their own, against the test database (PGlite by default), without HTTP:
// companies and their owner (shared/companies/), members and roles (members.ts) and invitations
// (invitations.ts). The careers, achievements and settings features reuse these functions directly.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employmentEvents } from '../db/company-schema.ts';
import { notifications } from '../db/notification-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import { ConflictError, NotFoundError, TooManyError } from '../domain-errors.ts';
import { addMember, createCompany, createPerson, createStaffedCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { membershipOf, type CompanyActor } from '../shared/companies/access.ts';
import {
  answerInvitation,
  createInvitation,
  invitationLifetimeMs,
  invitationsPerHour,
  listInvitations,
  revokeInvitation,
  viewInvitation,
} from './invitations.ts';
import { changeRole, listMembers, removeMember, transferOwnership } from './members.ts';
import { companiesOf } from '../shared/companies/membership.ts';
import { createCompanyWithOwner, verifyCompaniesOwnedBy } from '../shared/companies/record.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const links = { siteUrl: 'http://localhost:4321' };

async function actorOf(companyId: number, person: Person): Promise<CompanyActor & { locale: 'en_GB' }> {
  const actor = await membershipOf(ctx.database.db, companyId, person.id, ctx.clock.now());
  if (!actor) throw new Error(`${person.email} is not a member of ${companyId}`);
  return { ...actor, locale: 'en_GB' };
}

/** A company with an owner, an admin and a member. */
async function team() {
  const { companyId, owner, admin, member } = await createStaffedCompany(ctx);
  return {
    companyId,
    owner: owner.person,
    admin: admin.person,
    member: member.person,
    ownerId: owner.memberId,
    adminId: admin.memberId,
    memberId: member.memberId,
  };
}

const roleOf = async (memberId: number) =>
  (await ctx.database.db.select({ role: companyMembers.role }).from(companyMembers).where(eq(companyMembers.id, memberId)))[0]?.role;

describe('companies and their owner', () => {
  it('creates a pending company with exactly one owner, and refuses a second owner', async () => {
    const owner = await createPerson(ctx);
    const other = await createPerson(ctx);
    const companyId = await ctx.database.db.transaction((tx) =>
      createCompanyWithOwner(tx, { name: 'Acme', industry: 'Software', ownerId: owner.id }),
    );
    expect(await companiesOf(ctx.database.db, owner.id, ctx.clock.now())).toEqual([
      { id: companyId, name: 'Acme', industry: 'Software', role: 'owner', verification_status: 'pending', leaves_on: null },
    ]);
    await expect(ctx.database.db.insert(companyMembers).values({ companyId, userId: other.id, role: 'owner' })).rejects.toThrow();
  });

  it("lists a person's companies oldest membership first", async () => {
    const person = await createPerson(ctx);
    const first = await createCompany(ctx, person, 'First');
    const boss = await createPerson(ctx);
    const second = await createCompany(ctx, boss, 'Second');
    await addMember(ctx, second, person, 'admin');
    expect((await companiesOf(ctx.database.db, person.id, ctx.clock.now())).map((c) => [c.id, c.role])).toEqual([
      [first, 'owner'],
      [second, 'admin'],
    ]);
  });

  it('verifies only the companies the person owns once their sign-up is verified', async () => {
    const person = await createPerson(ctx);
    const owned = await createCompany(ctx, person);
    const boss = await createPerson(ctx);
    const administered = await createCompany(ctx, boss);
    await addMember(ctx, administered, person, 'admin');
    await verifyCompaniesOwnedBy(ctx.database.db, ctx.clock, person.id);
    const statuses = await ctx.database.db
      .select({ id: companies.id, status: companies.verificationStatus, at: companies.verifiedAt })
      .from(companies);
    expect(statuses.find((c) => c.id === owned)).toEqual({ id: owned, status: 'verified', at: ctx.clock.now() });
    expect(statuses.find((c) => c.id === administered)).toMatchObject({ status: 'pending', at: null });
  });
});

describe('members and roles', () => {
  it('lists the owner first, then admins, then members', async () => {
    const t = await team();
    expect((await listMembers(ctx.database.db, t.companyId, ctx.clock.now())).map((m) => [m.user_id, m.role])).toEqual([
      [t.owner.id, 'owner'],
      [t.admin.id, 'admin'],
      [t.member.id, 'member'],
    ]);
  });

  it("lets an admin change a member's role, but not the owner's, and not a member change anyone's", async () => {
    const t = await team();
    await changeRole(ctx.database.db, ctx.clock, await actorOf(t.companyId, t.admin), t.memberId, 'admin');
    expect(await roleOf(t.memberId)).toBe('admin');
    await expect(changeRole(ctx.database.db, ctx.clock, await actorOf(t.companyId, t.admin), t.ownerId, 'member')).rejects.toMatchObject({
      code: 'role_forbidden',
    });
    const other = await team();
    await expect(
      changeRole(ctx.database.db, ctx.clock, await actorOf(other.companyId, other.member), other.adminId, 'member'),
    ).rejects.toMatchObject({ code: 'role_forbidden' });
    expect(await roleOf(t.ownerId)).toBe('owner');
    expect(await roleOf(other.adminId)).toBe('admin');
  });

  it('answers not found for a member of another company', async () => {
    const t = await team();
    const other = await team();
    await expect(
      changeRole(ctx.database.db, ctx.clock, await actorOf(t.companyId, t.owner), other.memberId, 'admin'),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(await roleOf(other.memberId)).toBe('member');
  });

  it('removes a member and tells the others, not the one who removed them', async () => {
    const t = await team();
    expect(await removeMember(ctx.database.db, ctx.clock, await actorOf(t.companyId, t.admin), t.memberId)).toBe(t.member.id);
    expect(await roleOf(t.memberId)).toBeUndefined();
    const told = await ctx.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.companyId, t.companyId), eq(notifications.kind, 'member_left')));
    expect(told.map((n) => n.userId)).toEqual([t.owner.id]);
  });

  it('transfers ownership in one step, and the former owner cannot transfer it again', async () => {
    const t = await team();
    const asOwner = await actorOf(t.companyId, t.owner);
    await expect(transferOwnership(ctx.database.db, ctx.clock, asOwner, t.ownerId)).rejects.toBeInstanceOf(ConflictError);
    await transferOwnership(ctx.database.db, ctx.clock, asOwner, t.adminId);
    expect([await roleOf(t.ownerId), await roleOf(t.adminId)]).toEqual(['admin', 'owner']);
    // The stale actor still says 'owner' (a racing second request): the guarded demotion refuses it.
    await expect(transferOwnership(ctx.database.db, ctx.clock, asOwner, t.memberId)).rejects.toMatchObject({ code: 'role_forbidden' });
    expect(await roleOf(t.memberId)).toBe('member');
  });
});

describe('invitations', () => {
  const tokenOf = (mail: { text: string }) => /token=([\w-]+)/.exec(mail.text)?.[1] ?? '';

  it('invites by email with a link whose token is not stored, and the invitee accepts and is hired', async () => {
    const t = await team();
    const invitee = await createPerson(ctx);
    const { invitation, mail } = await createInvitation(
      ctx.database.db,
      ctx.clock,
      await actorOf(t.companyId, t.admin),
      { email: invitee.email.toUpperCase(), position: 'Designer', team_id: null },
      links,
    );
    expect(invitation).toMatchObject({ email: invitee.email, position: 'Designer', status: 'pending' });
    expect(mail.to).toBe(invitee.email);
    const token = tokenOf(mail);
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(await listInvitations(ctx.database.db, ctx.clock, t.companyId))).not.toContain(token);
    expect(await viewInvitation(ctx.database.db, ctx.clock, token)).toMatchObject({
      email: invitee.email,
      status: 'pending',
      has_account: true,
    });

    const answer = await answerInvitation(ctx.database.db, ctx.clock, token, invitee.id, 'accept');
    expect(answer.outcome).toEqual({ status: 'accepted', company_id: t.companyId });
    expect(await membershipOf(ctx.database.db, t.companyId, invitee.id, ctx.clock.now())).toMatchObject({
      role: 'member',
      memberId: answer.memberId,
    });
    const events = await ctx.database.db.select().from(employmentEvents).where(eq(employmentEvents.userId, invitee.id));
    expect(events).toMatchObject([
      { companyId: t.companyId, kind: 'hired', position: 'Designer', source: 'invitation', sourceId: invitation.id },
    ]);
    await expect(answerInvitation(ctx.database.db, ctx.clock, token, invitee.id, 'decline')).rejects.toMatchObject({ reason: 'accepted' });
  });

  it('lets only the invited address answer', async () => {
    const t = await team();
    const invitee = await createPerson(ctx);
    const stranger = await createPerson(ctx);
    const { mail } = await createInvitation(
      ctx.database.db,
      ctx.clock,
      await actorOf(t.companyId, t.owner),
      { email: invitee.email, position: null, team_id: null },
      links,
    );
    await expect(answerInvitation(ctx.database.db, ctx.clock, tokenOf(mail), stranger.id, 'accept')).rejects.toMatchObject({
      code: 'wrong_invitee',
    });
    expect(await membershipOf(ctx.database.db, t.companyId, stranger.id, ctx.clock.now())).toBeUndefined();
  });

  it('reads expired after its lifetime and can no longer be accepted; a revoked one reads revoked', async () => {
    const t = await team();
    const late = await createPerson(ctx);
    const revoked = await createPerson(ctx);
    const actor = await actorOf(t.companyId, t.owner);
    const first = await createInvitation(ctx.database.db, ctx.clock, actor, { email: late.email, position: null, team_id: null }, links);
    const second = await createInvitation(
      ctx.database.db,
      ctx.clock,
      actor,
      { email: revoked.email, position: null, team_id: null },
      links,
    );
    await revokeInvitation(ctx.database.db, ctx.clock, actor, second.invitation.id);
    expect((await viewInvitation(ctx.database.db, ctx.clock, tokenOf(second.mail))).status).toBe('revoked');
    await expect(answerInvitation(ctx.database.db, ctx.clock, tokenOf(second.mail), revoked.id, 'accept')).rejects.toMatchObject({
      reason: 'revoked',
    });
    ctx.clock.advance(invitationLifetimeMs);
    expect((await viewInvitation(ctx.database.db, ctx.clock, tokenOf(first.mail))).status).toBe('expired');
    await expect(answerInvitation(ctx.database.db, ctx.clock, tokenOf(first.mail), late.id, 'accept')).rejects.toMatchObject({
      reason: 'expired',
    });
    expect(await membershipOf(ctx.database.db, t.companyId, late.id, ctx.clock.now())).toBeUndefined();
  });

  it('refuses to invite a member, a member role, and more than the hourly number', async () => {
    const t = await team();
    await expect(
      createInvitation(
        ctx.database.db,
        ctx.clock,
        await actorOf(t.companyId, t.admin),
        { email: t.member.email, position: null, team_id: null },
        links,
      ),
    ).rejects.toMatchObject({
      field: 'email',
      messageKey: 'validation.alreadyMember',
    });
    await expect(
      createInvitation(
        ctx.database.db,
        ctx.clock,
        await actorOf(t.companyId, t.member),
        { email: 'someone@example.test', position: null, team_id: null },
        links,
      ),
    ).rejects.toMatchObject({
      code: 'role_forbidden',
    });
    const actor = await actorOf(t.companyId, t.owner);
    for (let sent = 0; sent < invitationsPerHour; sent += 1) {
      await createInvitation(
        ctx.database.db,
        ctx.clock,
        actor,
        { email: `bulk${sent}-${t.companyId}@example.test`, position: null, team_id: null },
        links,
      );
    }
    await expect(
      createInvitation(
        ctx.database.db,
        ctx.clock,
        actor,
        { email: `one-more-${t.companyId}@example.test`, position: null, team_id: null },
        links,
      ),
    ).rejects.toBeInstanceOf(TooManyError);
  });
});
