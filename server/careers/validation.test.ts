// Every careers input refused with its field and message (SPEC §5), documents checked by
// type, size and owner, and the workspace's rules the schema cannot see (another company's competency,
// a retired one, a reviewer who is the employee, a planned termination before the start).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths, EmploymentDetails } from '../../contract/careers.ts';
import { bearer } from '../test/auth-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';
import { multipartFile } from '../test/multipart.ts';
import { sampleFiles } from '../test/sample-files.ts';
import type { Person } from '../test/company-helpers.ts';
import { addCompetency, careersCompany, hireThroughInvitation, type CareersCompany } from './fixtures.ts';

let ctx: TestContext;
let company: CareersCompany;
let other: CareersCompany;
let employee: Person;
let employmentId: number;
let competencyId: number;
let otherCompetencyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  company = await careersCompany(ctx, 'Acme Ltd');
  other = await careersCompany(ctx, 'Other Ltd');
  ({ person: employee, employmentId } = await hireThroughInvitation(ctx, company));
  competencyId = await addCompetency(ctx, company, 'Teamwork', 2);
  otherCompetencyId = await addCompetency(ctx, other, 'Elsewhere', 2);
});
afterAll(async () => ctx.close());

const asEmployee = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(employee.token), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
const asOwner = (method: 'PUT' | 'POST', url: string, payload: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(company.owner.session), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

/** The violations of a 422, as [field, title]. */
function violations(res: { statusCode: number; body: string; json(): unknown }): [string, string][] {
  expect(res.statusCode, res.body).toBe(422);
  return (expectErrorAnswer(res).violations ?? []).map((v) => [v.field, v.title]);
}

describe('the person’s inputs', () => {
  it.each([
    [
      { experience_description: 'x'.repeat(5001) },
      'experience_description',
      'The experience description Exceeded maximum character length of 5000',
    ],
    [
      { experience_description: 'a\u0000b' },
      'experience_description',
      /^The experience description Contains a character that cannot be saved/,
    ],
    [{ experience_description: 42 }, 'experience_description', 'The experience description Invalid field'],
    [{ technical_skills: Array.from({ length: 31 }, (_, i) => `Skill ${i}`) }, 'technical_skills', 'Add at most 30'],
    [{ technical_skills: [' '] }, 'technical_skills.0', 'The technical skills.0 Field is required'],
    [{ technical_skills: ['x'.repeat(81)] }, 'technical_skills.0', 'The technical skills.0 Exceeded maximum character length of 80'],
    [{ technical_skills: 'TypeScript' }, 'technical_skills', 'The technical skills Invalid field'],
  ])('experience %j is refused on %s', async (payload, field, title) => {
    const found = violations(await asEmployee('PUT', careersPaths.experience(employmentId), payload));
    expect(found).toEqual([[field, title instanceof RegExp ? expect.stringMatching(title) : title]]);
  });

  it('keeps the experience description exactly as typed, and drops repeated skills', async () => {
    const res = await asEmployee('PUT', careersPaths.experience(employmentId), {
      experience_description: '  Led the move to\nPostgreSQL  ',
      technical_skills: ['SQL', 'sql', 'Go'],
    });
    expect(res.statusCode).toBe(200);
    expect(EmploymentDetails.parse(res.json().data)).toMatchObject({
      experience_description: '  Led the move to\nPostgreSQL  ',
      technical_skills: ['SQL', 'Go'],
    });
  });

  it.each([
    [careersPaths.reviewReply(1, 1), { text: '' }, 'text', 'The text Field is required'],
    [careersPaths.reviewReply(1, 1), { text: 'x'.repeat(2001) }, 'text', 'The text Exceeded maximum character length of 2000'],
    [careersPaths.reviewVisibility(1, 1), { is_public: 'yes' }, 'is_public', 'The is public Invalid field'],
    [careersPaths.reviewVisibility(1, 1), {}, 'is_public', 'The is public Field is required'],
    [careersPaths.finalFeedbackReply(1), { text: '   ' }, 'text', 'The text Field is required'],
    [careersPaths.finalFeedbackVisibility(1), { is_public: null }, 'is_public', 'The is public Field is required'],
  ])('%s with %j is refused on %s', async (url, payload, field, title) => {
    expect(violations(await asEmployee('PUT', url, payload))).toEqual([[field, title]]);
  });

  it('a confirmation request names a registered company', async () => {
    expect(violations(await asEmployee('POST', careersPaths.confirmation(employmentId), {}))).toEqual([
      ['company_id', 'The company id Field is required'],
    ]);
    const page = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/employments',
      headers: bearer(employee.token),
      payload: { position: 'Tester', company_name: 'Nowhere Inc', start_date: '2019-01-01', end_date: null, is_current: true },
    });
    const selfId = Math.max(...(page.json().data.employments as { id: number }[]).map((e) => e.id));
    expect(violations(await asEmployee('POST', careersPaths.confirmation(selfId), { company_id: 987654 }))).toEqual([
      ['company_id', 'Choose a company registered on the platform'],
    ]);
    const details = EmploymentDetails.parse(
      (await ctx.app.inject({ method: 'GET', url: careersPaths.job(selfId), headers: bearer(employee.token) })).json().data,
    );
    expect(details).toMatchObject({ verified: false, company: { registered: false, id: null, name: 'Nowhere Inc' }, can_leave: false });
    // A verified job is not left twice, and a self-declared one cannot be left.
    const selfLeft = await asEmployee('POST', careersPaths.leave(selfId), {});
    expect([selfLeft.statusCode, expectErrorAnswer(selfLeft).code]).toEqual([409, 'job_not_verified']);
  });
});

describe('the company’s inputs', () => {
  it.each([
    [{ member_id: 1, position: '', start_date: '2026-01-01' }, 'position', 'The position Field is required'],
    [
      { member_id: 1, position: 'x'.repeat(161), start_date: '2026-01-01' },
      'position',
      'The position Exceeded maximum character length of 160',
    ],
    [{ member_id: 1, position: 'Engineer', start_date: '2026-02-30' }, 'start_date', 'Enter a real date between 1900-01-01 and 2100-12-31'],
    [{ member_id: 'one', position: 'Engineer', start_date: '2026-01-01' }, 'member_id', 'The member id Invalid field'],
    [{ position: 'Engineer', start_date: '2026-01-01' }, 'member_id', 'The member id Field is required'],
  ])('a hire %j is refused on %s', async (payload, field, title) => {
    expect(violations(await asOwner('POST', companyCareersPaths.employments(company.companyId), payload))).toEqual([[field, title]]);
  });

  it('a hire names a current member of this company, a team and a reviewer of its own, not someone already employed', async () => {
    const hire = (payload: object) =>
      asOwner('POST', companyCareersPaths.employments(company.companyId), { position: 'Engineer', start_date: '2026-01-01', ...payload });
    expect(violations(await hire({ member_id: other.member.memberId }))).toEqual([['member_id', 'Choose a member of this company']]);
    expect(violations(await hire({ member_id: company.member.memberId, team_id: 999999 }))).toEqual([
      ['team_id', 'Choose a team of this company'],
    ]);
    expect(violations(await hire({ member_id: company.member.memberId, reviewer_member_id: other.reviewer.memberId }))).toEqual([
      ['reviewer_member_id', 'Choose a member of this company'],
    ]);
    expect(violations(await hire({ member_id: company.member.memberId, reviewer_member_id: company.member.memberId }))).toEqual([
      ['reviewer_member_id', 'Choose a reviewer other than the employee'],
    ]);
    const employeeMember = (
      await ctx.app.inject({
        method: 'GET',
        url: companyCareersPaths.employments(company.companyId),
        headers: bearer(company.owner.session),
      })
    ).json().data[0].person.member_id;
    expect(violations(await hire({ member_id: employeeMember }))).toEqual([
      ['member_id', 'This person already has a current employment at the company'],
    ]);
  });

  it.each([
    [{ reviewed_on: '2026-11-22', ratings: [] }, 'ratings', 'The ratings Field is required'],
    [{ reviewed_on: '2026-11-22' }, 'ratings', 'The ratings Field is required'],
    [
      { reviewed_on: 'yesterday', ratings: [{ competency_id: 1, rating: 'good' }] },
      'reviewed_on',
      'Enter a real date between 1900-01-01 and 2100-12-31',
    ],
    [
      { reviewed_on: '2026-11-22', ratings: [{ competency_id: 1, rating: 'great' }] },
      'ratings.0.rating',
      'The ratings.0.rating Invalid field',
    ],
    [
      { reviewed_on: '2026-11-22', ratings: [{ competency_id: 1, rating: 'good', comment: 'x'.repeat(2001) }] },
      'ratings.0.comment',
      'The ratings.0.comment Exceeded maximum character length of 2000',
    ],
    [
      {
        reviewed_on: '2026-11-22',
        ratings: [
          { competency_id: 1, rating: 'good' },
          { competency_id: 1, rating: 'na' },
        ],
      },
      'ratings.1.competency_id',
      'This is already on your profile',
    ],
  ])('a review round %j is refused on %s', async (payload, field, title) => {
    expect(violations(await asOwner('POST', companyCareersPaths.reviews(company.companyId, employmentId), payload))).toEqual([
      [field, title],
    ]);
  });

  it('a review round rates only this company’s competencies in use', async () => {
    const review = (id: number) =>
      asOwner('POST', companyCareersPaths.reviews(company.companyId, employmentId), {
        reviewed_on: '2026-11-22',
        ratings: [
          { competency_id: competencyId, rating: 'good' },
          { competency_id: id, rating: 'good' },
        ],
      });
    expect(violations(await review(otherCompetencyId))).toEqual([['ratings.1.competency_id', 'Choose a competency of this company']]);
    const retired = await addCompetency(ctx, company, 'Retired skill', 1);
    await ctx.app.inject({
      method: 'DELETE',
      url: companyCareersPaths.competency(company.companyId, retired),
      headers: bearer(company.owner.session),
    });
    expect(violations(await review(retired))).toEqual([['ratings.1.competency_id', 'Choose a competency of this company']]);
  });

  it.each([
    [{ collaboration_assessment: 'superb' }, 'collaboration_assessment', 'The collaboration assessment Invalid field'],
    [{ final_feedback: 'x'.repeat(5001) }, 'final_feedback', 'The final feedback Exceeded maximum character length of 5000'],
    [{ planned_termination: '2026-13-01' }, 'planned_termination', 'Enter a real date between 1900-01-01 and 2100-12-31'],
    [{ planned_termination: '2020-01-01' }, 'planned_termination', 'The end date cannot be before the start date'],
  ])('the end of collaboration %j is refused on %s', async (payload, field, title) => {
    expect(violations(await asOwner('PUT', companyCareersPaths.endOfCollaboration(company.companyId, employmentId), payload))).toEqual([
      [field, title],
    ]);
  });

  it.each([
    [{ name: 'Focus', weight: 0 }, 'weight', 'Enter a whole number from 1 to 100'],
    [{ name: 'Focus', weight: 101 }, 'weight', 'Enter a whole number from 1 to 100'],
    [{ name: 'Focus', weight: 1.5 }, 'weight', 'The weight Invalid field'],
    [{ name: 'Focus', weight: '3' }, 'weight', 'The weight Invalid field'],
    [{ name: '', weight: 3 }, 'name', 'The name Field is required'],
    [{ name: 'x'.repeat(121), weight: 3 }, 'name', 'The name Exceeded maximum character length of 120'],
    [
      { name: 'Focus', weight: 3, description: 'x'.repeat(1001) },
      'description',
      'The description Exceeded maximum character length of 1000',
    ],
    [{ name: ' teamwork ', weight: 3 }, 'name', 'This is already on your profile'],
  ])('a competency %j is refused on %s', async (payload, field, title) => {
    expect(violations(await asOwner('POST', companyCareersPaths.competencies(company.companyId), payload))).toEqual([[field, title]]);
  });
});

describe('supporting documents', () => {
  const upload = (bytes: Buffer, name: string, token = employee.token, jobId = employmentId) => {
    const body = multipartFile(bytes, name);
    return ctx.app.inject({
      method: 'POST',
      url: careersPaths.documents(jobId),
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
  };

  it.each([
    ['a PDF', sampleFiles.pdf(), 'offer.pdf', 'application/pdf', true],
    [
      'a Word document',
      sampleFiles.docx(),
      'reference.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      true,
    ],
    ['an old Word document', sampleFiles.ole2(), 'reference.doc', 'application/msword', true],
    [
      'a PowerPoint deck',
      sampleFiles.pptx(),
      'talk.pptx',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      false,
    ],
    ['a JPEG', sampleFiles.jpeg(), 'badge.jpg', 'image/jpeg', false],
    ['a PNG', sampleFiles.png(), 'badge.png', 'image/png', false],
  ])('takes %s, recognised by content', async (_kind, bytes, name, mime, isDocument) => {
    const res = await upload(bytes, name);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name,
      mime_type: mime,
      is_document: isDocument,
      download_path: expect.stringMatching(new RegExp(`^/api/careers/${employmentId}/documents/\\d+$`)),
    });
    const download = await ctx.app.inject({ method: 'GET', url: res.json().data.download_path, headers: bearer(employee.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(mime);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.rawPayload.equals(bytes)).toBe(true);
  });

  it.each([
    ['a GIF', sampleFiles.gif(), 'anim.gif'],
    ['an executable named .pdf', Buffer.from('MZ\x90\x00 this is not a pdf'), 'cv.pdf'],
    ['HTML named .docx', Buffer.from('<html><script>alert(1)</script></html>'), 'cv.docx'],
  ])('refuses %s with 415 and keeps no trace', async (_kind, bytes, name) => {
    const before = readdirSync(ctx.config.uploadsDir).length;
    const res = await upload(bytes, name);
    expect(res.statusCode).toBe(415);
    expect(expectErrorAnswer(res).code).toBe('file_type_not_accepted');
    expect(readdirSync(ctx.config.uploadsDir).length).toBe(before);
    expect(readdirSync(path.join(ctx.config.uploadsDir, '.incoming'))).toEqual([]);
  });

  it('refuses one byte over 100 MB with 413', async () => {
    const max = 100 * 1024 * 1024;
    const over = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(max + 1 - sampleFiles.pdf().length)]);
    const res = await upload(over, 'huge.pdf');
    expect(res.statusCode).toBe(413);
    expect(expectErrorAnswer(res)).toMatchObject({ code: 'file_too_large', max_megabytes: 100 });
  }, 60_000);

  it('refuses a request without a file part', async () => {
    const body = multipartFile(sampleFiles.pdf(), 'a.pdf', { field: 'other' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: careersPaths.documents(employmentId),
      headers: { ...body.headers, ...bearer(employee.token) },
      payload: body.payload,
    });
    expect(violations(res)).toEqual([['file', 'The file Field is required']]);
  });

  it('belongs to its owner: nobody else lists, downloads or deletes it, and deleting it removes the file', async () => {
    const res = await upload(sampleFiles.pdf(), 'private.pdf');
    const doc = res.json().data as { id: number; download_path: string };
    for (const token of [company.owner.person.token, company.reviewer.person.token, other.owner.person.token]) {
      expect((await ctx.app.inject({ method: 'GET', url: doc.download_path, headers: bearer(token) })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'DELETE', url: doc.download_path, headers: bearer(token) })).statusCode).toBe(404);
    }
    // Nor through another of the owner's job ids.
    const companyView = await ctx.app.inject({
      method: 'GET',
      url: companyCareersPaths.employment(company.companyId, employmentId),
      headers: bearer(company.owner.session),
    });
    expect(companyView.body).not.toContain('private.pdf');
    const before = readdirSync(ctx.config.uploadsDir).length;
    expect((await ctx.app.inject({ method: 'DELETE', url: doc.download_path, headers: bearer(employee.token) })).statusCode).toBe(204);
    expect(readdirSync(ctx.config.uploadsDir).length).toBe(before - 1);
    expect((await ctx.app.inject({ method: 'GET', url: doc.download_path, headers: bearer(employee.token) })).statusCode).toBe(404);
  });
});
