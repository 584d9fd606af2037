// Shortcuts the jobs API tests share (tests only): a company with a company-host session for the owner,
// an admin and a plain member beside another company's admin, a published opening, and an application.
import { expect } from 'vitest';
import { applicationPaths } from '../../contract/applications.ts';
import { Opening, openingPaths, type SaveOpeningRequest } from '../../contract/jobs.ts';
import { bearer } from '../test/auth-helpers.ts';
import { addMember, createCompany, createPerson, enterCompany, type Person } from '../test/company-helpers.ts';
import type { TestContext } from '../test/harness.ts';

export interface HiringCompany {
  companyId: number;
  otherCompanyId: number;
  owner: Person;
  admin: Person;
  member: Person;
  /** Company-host sessions: the owner, an admin, a plain member, and an admin of another company. */
  sessions: Record<'owner' | 'admin' | 'member' | 'otherAdmin', string>;
}

/** Northwind Studio with an owner, an admin and a plain member, and Other Ltd with an admin. */
export async function hiringCompany(ctx: TestContext): Promise<HiringCompany> {
  const [owner, admin, member, otherOwner, otherAdmin] = await Promise.all([1, 2, 3, 4, 5].map(() => createPerson(ctx)));
  const companyId = await createCompany(ctx, owner!, 'Northwind Studio');
  const otherCompanyId = await createCompany(ctx, otherOwner!, 'Other Ltd');
  await addMember(ctx, companyId, admin!, 'admin');
  await addMember(ctx, companyId, member!);
  await addMember(ctx, otherCompanyId, otherAdmin!, 'admin');
  return {
    companyId,
    otherCompanyId,
    owner: owner!,
    admin: admin!,
    member: member!,
    sessions: {
      owner: await enterCompany(ctx, owner!, companyId),
      admin: await enterCompany(ctx, admin!, companyId),
      member: await enterCompany(ctx, member!, companyId),
      otherAdmin: await enterCompany(ctx, otherAdmin!, otherCompanyId),
    },
  };
}

/** A remote full-time opening closing at the end of 2026, published by `session` (an owner's or admin's). */
export async function publishedOpening(
  ctx: TestContext,
  companyId: number,
  session: string,
  fields: Partial<SaveOpeningRequest> = {},
): Promise<number> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: openingPaths.openings(companyId),
    headers: bearer(session),
    payload: {
      title: 'Designer',
      description: 'Maps.',
      location: null,
      remote: true,
      employment_type: 'full_time',
      salary_min: null,
      salary_max: null,
      salary_currency: null,
      salary_period: null,
      competencies: [],
      skills: [],
      languages: [],
      team_id: null,
      closes_on: '2026-12-31',
      ...fields,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = Opening.parse(created.json().data);
  const published = await ctx.app.inject({ method: 'POST', url: openingPaths.publish(companyId, id), headers: bearer(session) });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

/** `person` applies to the opening (with a cover note and a document when given); the application's id. */
export async function applyTo(
  ctx: TestContext,
  person: Person,
  openingId: number,
  extra: { cover_note?: string; document_file_id?: number | null } = {},
): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: applicationPaths.mine,
    headers: bearer(person.token),
    payload: { opening_id: openingId, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
