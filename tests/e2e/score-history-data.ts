// A person rated in three rounds by a new company, for the score history journey and screenshots:
// System design (weight 3) and Mentoring (weight 1); the score goes 4 (Mentoring N/A), 4.75, then
// 3.25 (Mentoring not rated in the last round, so its Good still counts).
import { expect, type APIRequestContext } from '@playwright/test';
import { careersPaths, companyCareersPaths } from '../../contract/careers.ts';
import { e2eAccounts, type E2eAccount } from './accounts.ts';
import { companySession, hire, registerCompany, type RegisteredCompany } from './companies.ts';
import { apiSignIn, type SignedIn } from './sign-in.ts';

export interface RatedJob {
  company: RegisteredCompany;
  person: SignedIn;
  jobId: number;
}

export const ratedRounds = ['2026-03-31', '2026-09-30', '2026-11-20'] as const;

export async function rateInThreeRounds(request: APIRequestContext, who: E2eAccount, companyName: string): Promise<RatedJob> {
  const company = await registerCompany(request, companyName);
  const companyToken = await companySession(request, company.token, company.companyId);
  const person = await apiSignIn(request, who);
  await hire(request, companyToken, company.companyId, e2eAccounts[who].email, person);
  const jobs = (await (await request.get(careersPaths.jobs, { headers: person.auth })).json()).data.jobs as {
    id: number;
    verified: boolean;
    company: { name: string };
  }[];
  const jobId = jobs.find((j) => j.verified && j.company.name === companyName)!.id;
  const asCompany = { Authorization: `Bearer ${companyToken}` };
  const ids: number[] = [];
  for (const [name, weight] of [
    ['System design', 3],
    ['Mentoring', 1],
  ] as const) {
    const made = await request.post(companyCareersPaths.competencies(company.companyId), {
      headers: asCompany,
      data: { name, description: null, weight },
    });
    expect(made.status(), await made.text()).toBe(201);
    ids.push((await made.json()).data.id as number);
  }
  const ratings: [number, string][][] = [
    [
      [ids[0]!, 'good'],
      [ids[1]!, 'na'],
    ],
    [
      [ids[0]!, 'excellent'],
      [ids[1]!, 'good'],
    ],
    [[ids[0]!, 'satisfactory']],
  ];
  for (const [i, reviewed_on] of ratedRounds.entries()) {
    const rated = await request.post(companyCareersPaths.reviews(company.companyId, jobId), {
      headers: asCompany,
      data: { reviewed_on, ratings: ratings[i]!.map(([competency_id, rating]) => ({ competency_id, rating, comment: null })) },
    });
    expect(rated.status(), await rated.text()).toBe(201);
  }
  return { company, person, jobId };
}
