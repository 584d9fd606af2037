import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './profile-completeness.ts';

const empty = { photo_url: null, headline: null, about: '  ', employments: [], jobs: [], educations: [], skills: [], languages: [] };

describe('the profile guide', () => {
  it('lists every step as missing on an empty profile', () => {
    const result = profileCompleteness(empty);
    expect(result.percent).toBe(0);
    expect(result.steps.filter((s) => !s.done).map((s) => s.step)).toEqual([
      'photo',
      'headline',
      'about',
      'employments',
      'educations',
      'skills',
      'languages',
    ]);
  });

  it('counts three skills and one of everything else as done', () => {
    const skill = { id: 1, name: 'a', endorsement_count: 0, endorsed_by_me: false, endorsers: [] };
    const partly = profileCompleteness({ ...empty, headline: 'Designer', skills: [skill, skill] });
    expect(partly.percent).toBe(14);
    expect(partly.steps.find((s) => s.step === 'skills')?.done).toBe(false);
    const full = profileCompleteness({
      photo_url: '/p.jpg',
      headline: 'Designer',
      about: 'Hi',
      employments: [{} as never],
      jobs: [],
      educations: [{} as never],
      skills: [skill, skill, skill],
      languages: [{} as never],
    });
    expect(full.percent).toBe(100);
  });

  it('counts a job only a company verified as the job step', () => {
    const verifiedOnly = profileCompleteness({ ...empty, jobs: [{ verified: true } as never] });
    expect(verifiedOnly.steps.find((s) => s.step === 'employments')?.done).toBe(true);
    expect(verifiedOnly.percent).toBe(14);
  });
});
