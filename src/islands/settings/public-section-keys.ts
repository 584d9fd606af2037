// The public profile card's section labels (decision 208): a module of its own, so the card
// (loaded on first open) does not bring the settings page's whole list of keys.
import type { PublicProfileSection } from '../../../contract/public-profile.ts';
import type { MessageKey } from '../../i18n/index.ts';

export const publicSectionKeys = {
  experience: 'settings.public.section.experience',
  skills: 'settings.public.section.skills',
  languages: 'settings.public.section.languages',
  education: 'settings.public.section.education',
  certifications: 'settings.public.section.certifications',
  projects: 'settings.public.section.projects',
  contact: 'settings.public.section.contact',
} as const satisfies Record<PublicProfileSection, MessageKey>;
