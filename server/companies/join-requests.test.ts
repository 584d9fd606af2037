// Join requests through the API: from a company's public page a person asks (one open request per
// company, a daily limit); admins approve (member, 'Hired by the company', mail) or decline (mail).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyPublicPage, type JoinRequest } from '../../contract/companies.ts';
import { companyPublicPaths, workspacePaths } from '../../contract/company-routes.ts';
import { notificationApiPaths, type Notification } from '../../contract/notifications.ts';
import { employmentEvents } from '../db/company-schema.ts';
import { companyMembers } from '../db/schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createCompanyContext, createPerson, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';
import { joinRequestsPerDay } from './join-requests.ts';

let ctx: TestContext;
let owner: Person;
let companyId: number;
let ownerSession: string;

beforeAll(async () => {
  ({ ctx, owner, companyId, ownerSession } = await createCompanyContext());
});
afterAll(async () => ctx.close());

const ask = (person: Person, message: unknown = 'I would love to join', company = companyId) =>
  ctx.app.inject({ method: 'POST', url: companyPublicPaths.joinRequests(company), headers: bearer(person.token), payload: { message } });
const openRequests = async () =>
  (await ctx.app.inject({ method: 'GET', url: workspacePaths.joinRequests(companyId), headers: bearer(ownerSession) })).json()
    .data as JoinRequest[];
const decide = (id: number, decision: 'approve' | 'decline', session = ownerSession) =>
  ctx.app.inject({
    method: 'POST',
    url: workspacePaths.joinRequestDecision(companyId, id),
    headers: bearer(session),
    payload: { decision },
  });
const kindsOf = async (person: Person) =>
  (
    (await ctx.app.inject({ method: 'GET', url: notificationApiPaths.list, headers: bearer(person.token) })).json().data
      .items as Notification[]
  ).map((n) => [n.kind, n.scope, n.company?.name]);

describe('the public page', () => {
  it('shows the company to any signed-in person, with their membership and request', async () => {
    const person = await createPerson(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: companyPublicPaths.publicPage(companyId), headers: bearer(person.token) });
    expect(res.statusCode).toBe(200);
    expect(CompanyPublicPage.parse(res.json().data)).toMatchObject({
      company: { name: 'Acme Ltd' },
      member_count: 1,
      is_member: false,
      join_request: null,
    });
    expect((await ctx.app.inject({ method: 'GET', url: companyPublicPaths.publicPage(companyId) })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: companyPublicPaths.publicPage(999999), headers: bearer(person.token) })).statusCode,
    ).toBe(404);
  });
});

describe('a join request', () => {
  it('is approved: the person becomes a member, is recorded as hired, and both sides hear of it', async () => {
    const person = await createPerson(ctx, { firstName: 'Taras' });
    const res = await ask(person);
    expect(res.statusCode).toBe(201);
    expect(await kindsOf(owner)).toContainEqual(['join_request', 'company', 'Acme Ltd']);

    const pending = (await openRequests()).find((r) => r.user_id === person.id)!;
    expect(pending).toMatchObject({ message: 'I would love to join', status: 'pending', name: expect.stringContaining('Taras') });
    const page = await ctx.app.inject({ method: 'GET', url: companyPublicPaths.publicPage(companyId), headers: bearer(person.token) });
    expect(page.json().data.join_request).toEqual({ id: pending.id, status: 'pending' });

    const approved = await decide(pending.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, person.id))).toMatchObject([
      { companyId, role: 'member' },
    ]);
    expect(await ctx.database.db.select().from(employmentEvents).where(eq(employmentEvents.userId, person.id))).toMatchObject([
      { kind: 'hired', source: 'join_request' },
    ]);
    // Being hired is told as such and also unlocks 'Verified employment', a notification of its own (decision 140).
    expect((await kindsOf(person)).filter(([kind]) => kind !== 'achievement_unlocked')).toEqual([
      ['join_request_accepted', 'personal', 'Acme Ltd'],
      ['hired', 'personal', 'Acme Ltd'],
    ]);
    expect((await kindsOf(person)).filter(([kind]) => kind === 'achievement_unlocked')).toHaveLength(1);
    expect(await kindsOf(owner)).toContainEqual(['member_joined', 'company', 'Acme Ltd']);

    const decidedTwice = await decide(pending.id, 'decline');
    expect([decidedTwice.statusCode, decidedTwice.json().code]).toEqual([409, 'request_already_decided']);
    const askedAsMember = await ask(person);
    expect([askedAsMember.statusCode, askedAsMember.json().code]).toEqual([409, 'already_member']);
  });

  it('is declined: no membership, the person is told, and may ask again later', async () => {
    const person = await createPerson(ctx, { locale: 'uk_UA' });
    await ask(person, null);
    const pending = (await openRequests()).find((r) => r.user_id === person.id)!;
    expect(pending.message).toBeNull();
    expect((await decide(pending.id, 'decline')).json().data.status).toBe('declined');
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, person.id))).toHaveLength(0);
    expect(await kindsOf(person)).toEqual([['join_request_declined', 'personal', 'Acme Ltd']]);
    expect((await ask(person)).statusCode).toBe(201);
  });

  it('is one open request per person and company', async () => {
    const person = await createPerson(ctx);
    expect((await ask(person)).statusCode).toBe(201);
    const second = await ask(person);
    expect([second.statusCode, second.json().code]).toEqual([409, 'join_request_open']);
    const both = await Promise.all([ask(await createPerson(ctx)), ask(person)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 409]);
  });

  it('is refused to a member and to anonymous callers, and for an unknown company', async () => {
    const member = await createPerson(ctx);
    await addMember(ctx, companyId, member);
    const asked = await ask(member);
    expect([asked.statusCode, asked.json().code]).toEqual([409, 'already_member']);
    expect(
      (await ctx.app.inject({ method: 'POST', url: companyPublicPaths.joinRequests(companyId), payload: { message: 'hi' } })).statusCode,
    ).toBe(401);
    expect((await ask(member, 'hi', 999999)).statusCode).toBe(404);
  });

  it(`is limited to ${joinRequestsPerDay} a day per person`, async () => {
    const person = await createPerson(ctx);
    for (let i = 0; i < joinRequestsPerDay; i += 1) {
      const company = await createCompany(ctx, await createPerson(ctx));
      expect((await ask(person, 'hi', company)).statusCode).toBe(201);
    }
    const over = await ask(person, 'hi', await createCompany(ctx, await createPerson(ctx)));
    expect(over.statusCode).toBe(429);
  });

  it("of another company answers 404 to this company's admin", async () => {
    const otherOwner = await createPerson(ctx);
    const other = await createCompany(ctx, otherOwner);
    const person = await createPerson(ctx);
    const created = (await ask(person, 'hi', other)).json().data;
    expect((await decide(created.id, 'approve')).statusCode).toBe(404);
  });
});
