// The demo's company, so `npm start` shows what sets the product apart: Northwind Studio, owned by a
// second demo person, employs the demo person with a company-verified job rated in two review rounds
// (one shown on her public profile), lists her earlier self-declared job beside it, and has a request
// to confirm another person's job waiting in its workspace. Everything goes through the same services
// the API uses, so the derived score, events, activity, achievements and notifications are real.
import { eq } from 'drizzle-orm';
import type { ReviewRoundInput } from '../../contract/careers-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { educations, employments, profileLanguages, recommendations, skillEndorsements, skills } from '../db/profile-schema.ts';
import { companies, companyMembers } from '../db/schema.ts';
import { addReview, hireMember } from '../careers/company-service.ts';
import { createCompetency } from '../careers/competency-service.ts';
import { setReviewReply, setReviewVisibility } from '../careers/feedback-service.ts';
import { requestConfirmation } from '../careers/person-service.ts';
import { membershipOf, type CompanyActor } from '../shared/companies/access.ts';
import { createCompanyWithOwner } from '../shared/companies/record.ts';
import { seedAccount } from './accounts.ts';

/** The company's owner, who signs in with the demo password too (printed at start). */
export const demoCompanyOwnerEmail = 'andrii.melnyk@northwind.test';
/** An employee whose request to confirm a job waits in the workspace. */
export const demoApplicantEmail = 'maksym.bondar@northwind.test';
export const demoCompanyName = 'Northwind Studio';

/**
 * Creates the company around `demoUserId` unless its owner exists already (so a database seeded by an
 * earlier version gains it once, and a second start changes nothing). Returns whether it created it.
 */
export async function seedDemoCompany(db: Db, demoUserId: number, password: string, now: Date): Promise<boolean> {
  const clock: Clock = { now: () => now };
  const owner = await seedAccount(
    db,
    {
      email: demoCompanyOwnerEmail,
      password,
      firstName: 'Andrii',
      lastName: 'Melnyk',
      phone: '+380671112233',
      profile: { headline: 'Founder of Northwind Studio', currentPosition: 'Design director', location: 'Lviv, Ukraine' },
    },
    now,
  );
  if (!owner.created) return false;

  const companyId = await createDemoCompany(db, owner.userId, demoUserId, now);
  const actor = (await membershipOf(db, companyId, owner.userId, now))!;
  const demoMember = (await membershipOf(db, companyId, demoUserId, now))!;

  await seedVerifiedJob(db, clock, actor, demoMember.memberId, demoUserId);
  await seedDemoProfile(db, demoUserId, owner.userId, now);
  await seedConfirmationRequest(db, clock, companyId, password, now);
  return true;
}

/** Northwind Studio, verified, owned by `ownerId`, with the demo person as an admin. */
async function createDemoCompany(db: Db, ownerId: number, demoUserId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const id = await createCompanyWithOwner(tx, { name: demoCompanyName, industry: 'Product design', ownerId });
    await tx
      .update(companies)
      .set({
        verificationStatus: 'verified',
        verifiedAt: now,
        industryId: 1,
        size: '11-50',
        location: 'Lviv, Ukraine',
        website: 'https://northwind.test',
        about: 'A product design studio building accessible tools for banks, clinics and city services.',
      })
      .where(eq(companies.id, id));
    await tx.insert(companyMembers).values({ companyId: id, userId: demoUserId, role: 'admin', position: 'Lead product designer' });
    return id;
  });
}

/** Her verified job, reviewed by the owner in two rounds; she shows the latest on her profile, with a word of her own. */
async function seedVerifiedJob(db: Db, clock: Clock, actor: CompanyActor, demoMemberId: number, demoUserId: number): Promise<void> {
  const hired = await hireMember(db, clock, actor, {
    member_id: demoMemberId,
    position: 'Lead product designer',
    team_id: null,
    start_date: '2021-03-01',
    reviewer_member_id: actor.memberId,
  });
  const craft = await createCompetency(db, clock, actor, {
    name: 'Design craft',
    description: 'Clear, consistent and well-made interfaces.',
    weight: 3,
  });
  const access = await createCompetency(db, clock, actor, {
    name: 'Accessibility',
    description: 'Products everyone can use, keyboard and screen reader included.',
    weight: 2,
  });
  const team = await createCompetency(db, clock, actor, {
    name: 'Collaboration',
    description: 'Works openly with engineers, researchers and clients.',
    weight: 2,
  });
  const rounds: ReviewRoundInput[] = [
    {
      reviewed_on: '2024-06-14',
      ratings: [
        { competency_id: craft.id, rating: 'good', comment: 'Steady, careful work on the banking app.' },
        { competency_id: access.id, rating: 'excellent', comment: 'Led the audit that took the app to WCAG 2.2 AA.' },
        { competency_id: team.id, rating: 'satisfactory', comment: null },
      ],
    },
    {
      reviewed_on: '2025-12-05',
      ratings: [
        { competency_id: craft.id, rating: 'excellent', comment: 'The new design system is hers from end to end.' },
        { competency_id: access.id, rating: 'exceptional', comment: 'Teaches the whole studio; clients ask for her by name.' },
        { competency_id: team.id, rating: 'good', comment: 'Runs the weekly critique that engineers now attend too.' },
      ],
    },
  ];
  let details = hired;
  for (const round of rounds) details = await addReview(db, clock, actor, hired.id, round);
  // She chose to show the latest round on her public profile, with a word of her own.
  const latest = details.reviews.find((r) => r.reviewed_on === '2025-12-05')!;
  await setReviewVisibility(db, clock, demoUserId, hired.id, latest.id, true);
  await setReviewReply(db, clock, demoUserId, hired.id, latest.id, 'Thank you: the system is the whole team’s work.');
}

/** The rest of her profile: the job before Northwind in her own words, skills with her manager's endorsements, languages, school and his recommendation. */
async function seedDemoProfile(db: Db, demoUserId: number, ownerId: number, now: Date): Promise<void> {
  // Her job before Northwind, in her own words only.
  await db.insert(employments).values({
    userId: demoUserId,
    position: 'Product designer',
    companyName: 'Lumen Bank',
    startDate: '2016-09-01',
    endDate: '2021-02-28',
    isCurrent: false,
    experienceDescription: 'Designed the mobile banking app used by two million people.',
    technicalSkills: ['Figma', 'Usability testing'],
    createdAt: now,
    updatedAt: now,
  });

  // The rest of her profile, with her manager's endorsements and recommendation.
  const skillRows = await db
    .insert(skills)
    .values(
      ['Product design', 'Accessibility', 'Design systems', 'User research'].map((name) => ({
        userId: demoUserId,
        name,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: skills.id });
  await db
    .insert(skillEndorsements)
    .values(skillRows.slice(0, 3).map((s) => ({ skillId: s.id, endorserId: ownerId, createdAt: now, updatedAt: now })));
  await db.insert(profileLanguages).values([
    { userId: demoUserId, code: 'uk', proficiency: 'native', createdAt: now, updatedAt: now },
    { userId: demoUserId, code: 'en', proficiency: 'C1', createdAt: now, updatedAt: now },
  ]);
  await db.insert(educations).values({
    userId: demoUserId,
    school: 'Kyiv Polytechnic Institute',
    degree: 'Master’s degree',
    areaOfStudy: 'Human–computer interaction',
    startDate: '2010-09-01',
    endDate: '2016-06-30',
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(recommendations).values({
    userId: demoUserId,
    authorId: ownerId,
    text: 'Olena makes complex products feel simple, and makes sure they work for everyone. Every team she joins gets better at its craft.',
    status: 'accepted',
    createdAt: now,
    updatedAt: now,
  });
}

/** Someone asks Northwind to confirm a job: the owner and the demo person (an admin) decide it. */
async function seedConfirmationRequest(db: Db, clock: Clock, companyId: number, password: string, now: Date): Promise<void> {
  const applicant = await seedAccount(
    db,
    { email: demoApplicantEmail, password, firstName: 'Maksym', lastName: 'Bondar', profile: { headline: 'Frontend engineer' } },
    now,
  );
  const [job] = await db
    .insert(employments)
    .values({
      userId: applicant.userId,
      position: 'Frontend engineer',
      companyName: demoCompanyName,
      startDate: '2022-01-10',
      endDate: '2024-08-30',
      isCurrent: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: employments.id });
  await requestConfirmation(db, clock, applicant.userId, job!.id, {
    company_id: companyId,
    message: 'I built the components of the design system with Olena.',
  });
}
