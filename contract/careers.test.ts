import { describe, expect, it } from 'vitest';
import { careersPaths, companyCareersPaths, UpdateExperienceRequest } from './careers.ts';
import { EndOfCollaborationRequest, HireRequest, ReviewRoundRequest, SaveCompetencyRequest } from './careers-company.ts';
import { genericIssueMessage } from './validation.ts';

const parse = <T>(schema: { safeParse: (v: unknown, o?: object) => T }, value: unknown) =>
  schema.safeParse(value, { error: genericIssueMessage });

describe('the careers contract', () => {
  it('spells every path once, under /api', () => {
    expect(careersPaths.job(7)).toBe('/api/careers/7');
    expect(careersPaths.reviewReply(7, 3)).toBe('/api/careers/7/reviews/3/reply');
    expect(companyCareersPaths.review(1, 2, 3)).toBe('/api/companies/1/employments/2/reviews/3');
    expect(companyCareersPaths.endOfCollaboration(1, 2)).toBe('/api/companies/1/employments/2/end-of-collaboration');
  });

  it('refuses a review round that rates one competency twice, or nothing', () => {
    const twice = parse(ReviewRoundRequest, {
      reviewed_on: '2026-01-01',
      ratings: [
        { competency_id: 1, rating: 'good' },
        { competency_id: 1, rating: 'na' },
      ],
    }) as { success: boolean; error?: { issues: { path: PropertyKey[] }[] } };
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.path).toEqual(['ratings', 1, 'competency_id']);
    expect((parse(ReviewRoundRequest, { reviewed_on: '2026-01-01', ratings: [] }) as { success: boolean }).success).toBe(false);
    expect(
      (parse(ReviewRoundRequest, { reviewed_on: '2026-01-01', ratings: [{ competency_id: 1, rating: 'na' }] }) as { success: boolean })
        .success,
    ).toBe(true);
  });

  it('takes only the scale’s ratings, whole weights 1–100, and real dates', () => {
    expect((parse(EndOfCollaborationRequest, { collaboration_assessment: 'great' }) as { success: boolean }).success).toBe(false);
    expect(
      (
        parse(EndOfCollaborationRequest, { collaboration_assessment: 'exceptional', planned_termination: '2026-02-30' }) as {
          success: boolean;
        }
      ).success,
    ).toBe(false);
    expect(EndOfCollaborationRequest.parse({})).toEqual({
      planned_termination: null,
      final_feedback: null,
      collaboration_assessment: null,
    });
    for (const weight of [0, 101, 1.5, '3'])
      expect((parse(SaveCompetencyRequest, { name: 'Teamwork', weight }) as { success: boolean }).success).toBe(false);
    expect(HireRequest.parse({ member_id: 3, position: ' Engineer ', start_date: '2026-01-05' })).toEqual({
      member_id: 3,
      position: 'Engineer',
      start_date: '2026-01-05',
      team_id: null,
      reviewer_member_id: null,
    });
  });

  it('keeps the experience description as typed and caps technical skills', () => {
    expect(UpdateExperienceRequest.parse({ experience_description: '  Built things  ' })).toEqual({
      experience_description: '  Built things  ',
      technical_skills: [],
    });
    expect(
      (parse(UpdateExperienceRequest, { technical_skills: Array.from({ length: 31 }, (_, i) => `s${i}`) }) as { success: boolean }).success,
    ).toBe(false);
  });
});
