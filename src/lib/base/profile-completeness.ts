// The owner's profile guide: which parts of a profile are still missing, as a checklist with a
// percentage. Every step weighs the same, so the percentage is easy to explain.
import type { ProfilePage } from '../../../contract/profile-sections.ts';

export const completenessSteps = ['photo', 'headline', 'about', 'employments', 'educations', 'skills', 'languages'] as const;
export type CompletenessStep = (typeof completenessSteps)[number];

/** Skills count as done from this many, so endorsements have something to attach to. */
export const enoughSkills = 3;

export interface Completeness {
  percent: number;
  steps: { step: CompletenessStep; done: boolean }[];
}

/** The guide of `page`; a job counts whether the person entered it or only a company verified it. */
export function profileCompleteness(
  page: Pick<ProfilePage, 'photo_url' | 'headline' | 'about' | 'employments' | 'jobs' | 'educations' | 'skills' | 'languages'>,
): Completeness {
  const done: Record<CompletenessStep, boolean> = {
    photo: Boolean(page.photo_url),
    headline: Boolean(page.headline?.trim()),
    about: Boolean(page.about?.trim()),
    employments: page.employments.length > 0 || page.jobs.length > 0,
    educations: page.educations.length > 0,
    skills: page.skills.length >= enoughSkills,
    languages: page.languages.length > 0,
  };
  const steps = completenessSteps.map((step) => ({ step, done: done[step] }));
  const percent = Math.round((steps.filter((s) => s.done).length / steps.length) * 100);
  return { percent, steps };
}
