// Shortcuts the careers API tests share (tests only): a staffed company with a company-host session
// for each role, a person hired through a real invitation, competencies and review rounds.
import { expect } from 'vitest';
import { companyCareersPaths } from '../../contract/careers.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';

export interface Seat {
  person: Person;
  memberId: number;
  /** A company-host session. */
  session: string;
}

export interface CareersCompany {
  companyId: number;
  owner: Seat;
  admin: Seat;
  reviewer: Seat;
  member: Seat;
}

async function seat(ctx: TestContext, companyId: number, person: Person, memberId: number): Promise<Seat> {
  return { person, memberId, session: await enterCompany(ctx, person, companyId) };
}

/**
 * Moves the test clock (to a time, or on by milliseconds) and enters the workspace again for every
 * seat: a company session lives at most 12 hours (decision 243), so a test that moves the clock on by
 * hours or days acts through fresh sessions, as people coming back the next day would.
 */
export async function moveClock(ctx: TestContext, company: CareersCompany, to: Date | number): Promise<void> {
  if (typeof to === 'number') ctx.clock.advance(to);
  else ctx.clock.current = to;
  for (const seated of [company.owner, company.admin, company.reviewer, company.member]) {
    seated.session = await enterCompany(ctx, seated.person, company.companyId);
  }
}

/** A company with an owner, an admin, a member who will review and a member who will not. */
export async function careersCompany(ctx: TestContext, name?: string): Promise<CareersCompany> {
  const owner = await createPerson(ctx, { firstName: 'Olena' });
  const companyId = await createCompany(ctx, owner, name);
  const ownerSession = await enterCompany(ctx, owner, companyId);
  const members = await ctx.app.inject({ method: 'GET', url: workspacePaths.members(companyId), headers: bearer(ownerSession) });
  const ownerMemberId = members.json().data[0].id as number;
  const admin = await createPerson(ctx, { firstName: 'Andrii' });
  const reviewer = await createPerson(ctx, { firstName: 'Roksolana' });
  const member = await createPerson(ctx, { firstName: 'Maksym' });
  return {
    companyId,
    owner: { person: owner, memberId: ownerMemberId, session: ownerSession },
    admin: await seat(ctx, companyId, admin, await addMember(ctx, companyId, admin, 'admin')),
    reviewer: await seat(ctx, companyId, reviewer, await addMember(ctx, companyId, reviewer)),
    member: await seat(ctx, companyId, member, await addMember(ctx, companyId, member)),
  };
}

/** The token of the last invitation mailed to `email`. */
export async function invitationToken(ctx: TestContext, email: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = ctx.mail.filter((m) => m.to === email && m.text.includes('/invitation?token=')).at(-1);
    const token = mail && /\/invitation\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (token) return decodeURIComponent(token);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

/** Invites a new person with `position` and has them accept: the hire the careers issue builds on. Returns the person and their verified employment id. */
export async function hireThroughInvitation(
  ctx: TestContext,
  company: CareersCompany,
  position: string | null = 'Engineer',
): Promise<{ person: Person; employmentId: number }> {
  const person = await createPerson(ctx, { firstName: 'Taras' });
  const invited = await ctx.app.inject({
    method: 'POST',
    url: workspacePaths.invitations(company.companyId),
    headers: bearer(company.owner.session),
    payload: { email: person.email, position },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: companyPublicPaths.invitationAccept(await invitationToken(ctx, person.email)),
    headers: bearer(person.token),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const list = await ctx.app.inject({
    method: 'GET',
    url: companyCareersPaths.employments(company.companyId),
    headers: bearer(company.owner.session),
  });
  const employment = (list.json().data as { id: number; person: { user_id: number } }[]).find((e) => e.person.user_id === person.id);
  if (!employment) throw new Error('the hire made no verified employment');
  return { person, employmentId: employment.id };
}

/** Sets the reviewer of an employment (as the owner). */
export async function assignReviewer(
  ctx: TestContext,
  company: CareersCompany,
  employmentId: number,
  reviewerMemberId: number | null,
  position = 'Engineer',
) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: companyCareersPaths.employment(company.companyId, employmentId),
    headers: bearer(company.owner.session),
    payload: { position, start_date: '2026-11-22', reviewer_member_id: reviewerMemberId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Adds a competency (as the owner); returns its id. */
export async function addCompetency(ctx: TestContext, company: CareersCompany, name: string, weight: number): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: companyCareersPaths.competencies(company.companyId),
    headers: bearer(company.owner.session),
    payload: { name, description: `${name}, as we see it`, weight },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
