// The careers permission matrix (decision 120): every endpoint, person-side and company-side,
// against the employee, the assigned reviewer, a company admin, the owner, another member, another
// company and an anonymous caller. Every cell is a request with a valid body, so the answer shows the
// rule and nothing else; cells that succeed act on a target of their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { profileApiPaths } from '../../contract/routes.ts';
import { employmentConfirmations } from '../db/careers-schema.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { addCompetency, assignReviewer, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

type Caller = 'employee' | 'reviewer' | 'admin' | 'owner' | 'another member' | 'another company' | 'anonymous';
const callers: Caller[] = ['employee', 'reviewer', 'admin', 'owner', 'another member', 'another company', 'anonymous'];

let ctx: TestContext;
let company: CareersCompany;
let other: CareersCompany;
let employee: Person;
let employmentId: number;
let reviewId: number;
let competencyId: number;
let personal: Record<Caller, string | undefined>;
let workspace: Record<Caller, string | undefined>;
let seq = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Acme Ltd');
  other = await careersCompany(ctx, 'Other Ltd');
  ({ person: employee, employmentId } = await hireThroughInvitation(ctx, company));
  await assignReviewer(ctx, company, employmentId, company.reviewer.memberId);
  competencyId = await addCompetency(ctx, company, 'Teamwork', 3);
  const review = await ctx.app.inject({
    method: 'POST',
    url: companyCareersPaths.reviews(company.companyId, employmentId),
    headers: bearer(company.reviewer.session),
    payload: { reviewed_on: '2026-11-22', ratings: [{ competency_id: competencyId, rating: 'good' }] },
  });
  reviewId = review.json().data.reviews[0].id;
  await ctx.app.inject({
    method: 'PUT',
    url: companyCareersPaths.endOfCollaboration(company.companyId, employmentId),
    headers: bearer(company.reviewer.session),
    payload: { final_feedback: 'Solid work.', collaboration_assessment: 'good' },
  });
  personal = {
    employee: employee.token,
    reviewer: company.reviewer.person.token,
    admin: company.admin.person.token,
    owner: company.owner.person.token,
    'another member': company.member.person.token,
    'another company': other.owner.person.token,
    anonymous: undefined,
  };
  workspace = {
    employee: await enterCompany(ctx, employee, company.companyId),
    reviewer: company.reviewer.session,
    admin: company.admin.session,
    owner: company.owner.session,
    'another member': company.member.session,
    'another company': other.owner.session,
    anonymous: undefined,
  };
});
afterAll(async () => ctx.close());

type Request = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> };

async function uploadDocument(jobId: number): Promise<number> {
  const body = multipartFile(sampleFiles.pdf(), 'contract.pdf', { contentType: 'application/pdf' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: careersPaths.documents(jobId),
    headers: { ...body.headers, ...bearer(employee.token) },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** A self-declared job of the employee (for the confirmation request). */
async function selfDeclaredJob(): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: profileApiPaths.section('employments'),
    headers: bearer(employee.token),
    payload: { position: 'Intern', company_name: 'Acme Ltd', start_date: '2020-01-01', end_date: '2020-06-30', is_current: false },
  });
  expect(res.statusCode, res.body).toBe(201);
  // The answer is the whole profile page: the new job is the newest one.
  return Math.max(...(res.json().data.employments as { id: number }[]).map((e) => e.id));
}

/** A current verified job of the employee at a company of its own, for a leave that succeeds. */
async function freshJobToLeave(): Promise<number> {
  const owner = await createPerson(ctx);
  const companyId = await createCompany(ctx, owner);
  const session = await enterCompany(ctx, owner, companyId);
  const member = await addMember(ctx, companyId, employee);
  const hired = await ctx.app.inject({
    method: 'POST',
    url: companyCareersPaths.employments(companyId),
    headers: bearer(session),
    payload: { member_id: member, position: 'Contractor', start_date: '2026-11-01' },
  });
  expect(hired.statusCode, hired.body).toBe(201);
  return hired.json().data.id;
}

interface PersonEndpoint {
  name: string;
  success: 200 | 201 | 204;
  request(): Promise<Request>;
}

const personEndpoints: PersonEndpoint[] = [
  { name: 'read employment details', success: 200, request: async () => ({ method: 'GET', url: careersPaths.job(employmentId) }) },
  {
    name: 'edit the experience description',
    success: 200,
    request: async () => ({
      method: 'PUT',
      url: careersPaths.experience(employmentId),
      payload: { experience_description: 'Built the billing service.', technical_skills: ['TypeScript'] },
    }),
  },
  {
    name: 'upload a document',
    success: 201,
    request: async () => {
      const body = multipartFile(sampleFiles.png(), 'certificate.png', { contentType: 'image/png' });
      return { method: 'POST', url: careersPaths.documents(employmentId), payload: body.payload, headers: body.headers };
    },
  },
  {
    name: 'download a document',
    success: 200,
    request: async () => ({ method: 'GET', url: careersPaths.document(employmentId, await uploadDocument(employmentId)) }),
  },
  {
    name: 'delete a document',
    success: 204,
    request: async () => ({ method: 'DELETE', url: careersPaths.document(employmentId, await uploadDocument(employmentId)) }),
  },
  {
    name: 'show or hide a review',
    success: 200,
    request: async () => ({ method: 'PUT', url: careersPaths.reviewVisibility(employmentId, reviewId), payload: { is_public: true } }),
  },
  {
    name: 'reply to a review',
    success: 200,
    request: async () => ({ method: 'PUT', url: careersPaths.reviewReply(employmentId, reviewId), payload: { text: 'Thanks!' } }),
  },
  {
    name: 'remove a reply to a review',
    success: 200,
    request: async () => ({ method: 'DELETE', url: careersPaths.reviewReply(employmentId, reviewId) }),
  },
  {
    name: 'show or hide the final feedback',
    success: 200,
    request: async () => ({ method: 'PUT', url: careersPaths.finalFeedbackVisibility(employmentId), payload: { is_public: true } }),
  },
  {
    name: 'reply to the final feedback',
    success: 200,
    request: async () => ({ method: 'PUT', url: careersPaths.finalFeedbackReply(employmentId), payload: { text: 'It was a pleasure.' } }),
  },
  {
    name: 'remove the reply to the final feedback',
    success: 200,
    request: async () => ({ method: 'DELETE', url: careersPaths.finalFeedbackReply(employmentId) }),
  },
  { name: 'leave the company', success: 200, request: async () => ({ method: 'POST', url: careersPaths.leave(await freshJobToLeave()) }) },
  {
    name: 'ask for confirmation',
    success: 201,
    request: async () => ({
      method: 'POST',
      url: careersPaths.confirmation(await selfDeclaredJob()),
      payload: { company_id: company.companyId },
    }),
  },
];

describe.each(personEndpoints)('the person: $name', (endpoint) => {
  it.each(callers)('%s', async (caller) => {
    const request = await endpoint.request();
    const token = personal[caller];
    const res = await ctx.app.inject({
      ...request,
      headers: { ...request.headers, ...(token ? bearer(token) : {}) },
      payload: request.payload as never,
    });
    const expected = caller === 'employee' ? endpoint.success : caller === 'anonymous' ? 401 : 404;
    expect({ caller, status: res.statusCode }).toEqual({ caller, status: expected });
    if (res.statusCode >= 400) expectErrorAnswer(res, `${caller} ${endpoint.name}`);
  });
});

describe('the person: the job list', () => {
  it.each(callers)('%s sees only their own jobs', async (caller) => {
    const token = personal[caller];
    const res = await ctx.app.inject({ method: 'GET', url: careersPaths.jobs, headers: token ? bearer(token) : {} });
    expect(res.statusCode).toBe(caller === 'anonymous' ? 401 : 200);
    if (caller === 'anonymous') return;
    const ids = (res.json().data.jobs as { id: number }[]).map((j) => j.id);
    expect(ids.includes(employmentId)).toBe(caller === 'employee');
  });
});

interface CompanyEndpoint {
  name: string;
  success: 200 | 201 | 204;
  allowed: Caller[];
  request(): Promise<Request>;
}

const managers: Caller[] = ['admin', 'owner'];
const reviewers: Caller[] = ['reviewer', 'admin', 'owner'];
const everyMember: Caller[] = ['employee', 'reviewer', 'admin', 'owner', 'another member'];
const ratings = () => ({
  reviewed_on: '2026-11-22',
  ratings: [{ competency_id: competencyId, rating: 'excellent', comment: 'Well done' }],
});

const companyEndpoints: CompanyEndpoint[] = [
  {
    name: 'list employments',
    success: 200,
    allowed: everyMember,
    request: async () => ({ method: 'GET', url: companyCareersPaths.employments(company.companyId) }),
  },
  {
    name: 'read an employment',
    success: 200,
    allowed: reviewers,
    request: async () => ({ method: 'GET', url: companyCareersPaths.employment(company.companyId, employmentId) }),
  },
  {
    name: 'change position, team and reviewer',
    success: 200,
    allowed: managers,
    request: async () => ({
      method: 'PUT',
      url: companyCareersPaths.employment(company.companyId, employmentId),
      payload: { position: `Engineer ${++seq}`, start_date: '2026-11-22', reviewer_member_id: company.reviewer.memberId },
    }),
  },
  {
    name: 'hire a member',
    success: 201,
    allowed: managers,
    request: async () => {
      const member = await addMember(ctx, company.companyId, await createPerson(ctx));
      return {
        method: 'POST',
        url: companyCareersPaths.employments(company.companyId),
        payload: { member_id: member, position: 'Engineer', start_date: '2026-11-22', reviewer_member_id: company.reviewer.memberId },
      };
    },
  },
  {
    name: 'add a review round',
    success: 201,
    allowed: reviewers,
    request: async () => ({ method: 'POST', url: companyCareersPaths.reviews(company.companyId, employmentId), payload: ratings() }),
  },
  {
    name: 'correct a review round',
    success: 200,
    allowed: reviewers,
    request: async () => ({
      method: 'PUT',
      url: companyCareersPaths.review(company.companyId, employmentId, reviewId),
      payload: ratings(),
    }),
  },
  {
    name: 'give the end of collaboration',
    success: 200,
    allowed: reviewers,
    request: async () => ({
      method: 'PUT',
      url: companyCareersPaths.endOfCollaboration(company.companyId, employmentId),
      payload: { planned_termination: '2027-12-31', final_feedback: 'Solid work.', collaboration_assessment: 'good' },
    }),
  },
  {
    name: 'list competencies',
    success: 200,
    allowed: everyMember,
    request: async () => ({ method: 'GET', url: companyCareersPaths.competencies(company.companyId) }),
  },
  {
    name: 'add a competency',
    success: 201,
    allowed: managers,
    request: async () => ({
      method: 'POST',
      url: companyCareersPaths.competencies(company.companyId),
      payload: { name: `Skill ${++seq}`, weight: 2 },
    }),
  },
  {
    name: 'change a competency',
    success: 200,
    allowed: managers,
    request: async () => ({
      method: 'PUT',
      url: companyCareersPaths.competency(company.companyId, await addCompetency(ctx, company, `Skill ${++seq}`, 1)),
      payload: { name: `Renamed ${++seq}`, weight: 5 },
    }),
  },
  {
    name: 'retire a competency',
    success: 204,
    allowed: managers,
    request: async () => ({
      method: 'DELETE',
      url: companyCareersPaths.competency(company.companyId, await addCompetency(ctx, company, `Skill ${++seq}`, 1)),
    }),
  },
  {
    name: 'list confirmation requests',
    success: 200,
    allowed: managers,
    request: async () => ({ method: 'GET', url: companyCareersPaths.confirmations(company.companyId) }),
  },
  {
    name: 'decide a confirmation request',
    success: 200,
    allowed: managers,
    request: async () => {
      const jobId = await selfDeclaredJob();
      const [row] = await ctx.database.db
        .insert(employmentConfirmations)
        .values({ employmentId: jobId, companyId: company.companyId, userId: employee.id, requestedAt: ctx.clock.now() })
        .returning({ id: employmentConfirmations.id });
      return {
        method: 'POST',
        url: companyCareersPaths.confirmationDecision(company.companyId, row!.id),
        payload: { decision: 'decline' },
      };
    },
  },
];

describe.each(companyEndpoints)('the company: $name', (endpoint) => {
  it.each(callers)('%s', async (caller) => {
    const request = await endpoint.request();
    const token = workspace[caller];
    const res = await ctx.app.inject({
      ...request,
      headers: { ...request.headers, ...(token ? bearer(token) : {}) },
      payload: request.payload as never,
    });
    const expected =
      caller === 'anonymous' ? 401 : caller === 'another company' ? 404 : endpoint.allowed.includes(caller) ? endpoint.success : 403;
    expect({ caller, status: res.statusCode }).toEqual({ caller, status: expected });
    if (res.statusCode >= 400) expectErrorAnswer(res, `${caller} ${endpoint.name}`);
  });
});

describe('what the company list shows', () => {
  it('all employments to admins, only the ones they review to a member', async () => {
    const list = async (caller: Caller) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: companyCareersPaths.employments(company.companyId),
          headers: bearer(workspace[caller]!),
        })
      ).json().data as {
        id: number;
        reviewer: { member_id: number } | null;
        may_review: boolean;
        may_manage: boolean;
      }[];
    const ids = async (caller: Caller) => (await list(caller)).map((e) => e.id);
    expect(await ids('admin')).toContain(employmentId);
    const reviewed = await list('reviewer');
    expect(reviewed.map((e) => e.id)).toContain(employmentId);
    expect(reviewed.every((e) => e.reviewer?.member_id === company.reviewer.memberId && e.may_review && !e.may_manage)).toBe(true);
    expect(await ids('another member')).toEqual([]);
    expect(await ids('employee')).toEqual([]);
  });
});

describe('nobody rates or manages their own employment', () => {
  it('an admin who is also the employee gets 403 on review, feedback and changes, and cannot be their own reviewer', async () => {
    const hired = await ctx.app.inject({
      method: 'POST',
      url: companyCareersPaths.employments(company.companyId),
      headers: bearer(company.owner.session),
      payload: { member_id: company.admin.memberId, position: 'Head of people', start_date: '2026-01-01' },
    });
    expect(hired.statusCode, hired.body).toBe(201);
    const own = hired.json().data.id as number;
    const asAdmin = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
      ctx.app.inject({ method, url, headers: bearer(company.admin.session), ...(payload ? { payload: payload as object } : {}) });
    expect((await asAdmin('GET', companyCareersPaths.employment(company.companyId, own))).statusCode).toBe(200);
    expect((await asAdmin('POST', companyCareersPaths.reviews(company.companyId, own), ratings())).statusCode).toBe(403);
    expect(
      (await asAdmin('PUT', companyCareersPaths.endOfCollaboration(company.companyId, own), { final_feedback: 'Me, great.' })).statusCode,
    ).toBe(403);
    expect(
      (await asAdmin('PUT', companyCareersPaths.employment(company.companyId, own), { position: 'CEO', start_date: '2026-01-01' }))
        .statusCode,
    ).toBe(403);
    const selfReview = await ctx.app.inject({
      method: 'PUT',
      url: companyCareersPaths.employment(company.companyId, own),
      headers: bearer(company.owner.session),
      payload: { position: 'Head of people', start_date: '2026-01-01', reviewer_member_id: company.admin.memberId },
    });
    expect(selfReview.statusCode).toBe(422);
    expect(expectErrorAnswer(selfReview).violations).toEqual([
      { field: 'reviewer_member_id', title: 'Choose a reviewer other than the employee' },
    ]);
    // An admin cannot hire themselves either.
    const selfHire = await asAdmin('POST', companyCareersPaths.employments(company.companyId), {
      member_id: company.admin.memberId,
      position: 'CEO',
      start_date: '2026-01-01',
    });
    expect(selfHire.statusCode).toBe(403);
  });
});
