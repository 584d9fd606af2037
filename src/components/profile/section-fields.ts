// How each profile section is edited and summarised: its fields in form order, and the lines an
// entry shows in the list. One generic form and one generic list serve all six sections.
import type { MessageKey } from '../../i18n/index.ts';
import type {
  Certification,
  Education,
  Employment,
  Language,
  MediaFile,
  ProfilePage,
  Project,
  SectionName,
  Skill,
} from '../../../contract/profile-sections.ts';

export type FieldKind = 'text' | 'textarea' | 'date' | 'checkbox' | 'url' | 'language' | 'proficiency' | 'media' | 'company';

export interface FieldSpec {
  name: string;
  label: MessageKey;
  kind: FieldKind;
  required?: boolean;
  maxLength?: number;
}

export type SectionItem = ProfilePage[SectionName][number];

export const sectionFields: Record<SectionName, FieldSpec[]> = {
  employments: [
    { name: 'position', label: 'field.position', kind: 'text', required: true, maxLength: 160 },
    // Free text that suggests registered companies.
    { name: 'company_name', label: 'field.company_name', kind: 'company', required: true, maxLength: 160 },
    { name: 'start_date', label: 'field.start_date', kind: 'date', required: true },
    { name: 'end_date', label: 'field.end_date', kind: 'date' },
    { name: 'is_current', label: 'field.is_current', kind: 'checkbox' },
  ],
  skills: [{ name: 'name', label: 'field.skill', kind: 'text', required: true, maxLength: 80 }],
  languages: [
    { name: 'code', label: 'field.code', kind: 'language', required: true },
    { name: 'proficiency', label: 'field.proficiency', kind: 'proficiency', required: true },
  ],
  educations: [
    { name: 'school', label: 'field.school', kind: 'text', required: true, maxLength: 160 },
    { name: 'degree', label: 'field.degree', kind: 'text', maxLength: 160 },
    { name: 'area_of_study', label: 'field.area_of_study', kind: 'text', maxLength: 160 },
    { name: 'start_date', label: 'field.start_date', kind: 'date' },
    { name: 'end_date', label: 'field.end_date', kind: 'date' },
  ],
  certifications: [
    { name: 'name', label: 'field.certificationName', kind: 'text', required: true, maxLength: 160 },
    { name: 'provider', label: 'field.provider', kind: 'text', required: true, maxLength: 160 },
    { name: 'credential_id', label: 'field.credential_id', kind: 'text', maxLength: 120 },
    { name: 'credential_url', label: 'field.credential_url', kind: 'url', maxLength: 2048 },
    { name: 'issue_date', label: 'field.issue_date', kind: 'date' },
    { name: 'expiration_date', label: 'field.expiration_date', kind: 'date' },
    { name: 'media_file_id', label: 'field.media', kind: 'media' },
  ],
  projects: [
    { name: 'title', label: 'field.projectTitle', kind: 'text', required: true, maxLength: 160 },
    { name: 'description', label: 'field.description', kind: 'textarea', maxLength: 5000 },
    { name: 'url', label: 'field.url', kind: 'url', maxLength: 2048 },
    { name: 'start_date', label: 'field.start_date', kind: 'date' },
    { name: 'end_date', label: 'field.end_date', kind: 'date' },
    { name: 'media_file_id', label: 'field.media', kind: 'media' },
  ],
};

/** The deletion question key of each section (SPEC §5 names five; skills ask too). */
export const deletionKeys: Record<SectionName, MessageKey> = {
  employments: 'confirm.delete.employment',
  skills: 'confirm.delete.skill',
  languages: 'confirm.delete.language',
  educations: 'confirm.delete.education',
  certifications: 'confirm.delete.license',
  projects: 'confirm.delete.project',
};

/** The form values of an entry (or of a new one): nulls become '' so inputs stay controlled. */
export function formValuesOf(section: SectionName, item: SectionItem | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of sectionFields[section]) {
    const raw = item ? (item as unknown as Record<string, unknown>)[field.name] : undefined;
    if (field.kind === 'checkbox') values[field.name] = Boolean(raw ?? (section === 'employments' && !item));
    else if (field.kind === 'media') values[field.name] = (item as { media?: MediaFile | null } | undefined)?.media?.id ?? null;
    else values[field.name] = raw ?? '';
  }
  return values;
}

/** The media an entry has, if any. */
export function mediaOf(item: SectionItem | undefined): MediaFile | null {
  return (item as { media?: MediaFile | null } | undefined)?.media ?? null;
}

/** A short name of an entry, for "Edit …" and "Delete …" button labels. */
export function itemName(section: SectionName, item: SectionItem, languageName: (code: string) => string): string {
  switch (section) {
    case 'employments':
      return `${(item as Employment).position}, ${(item as Employment).company_name}`;
    case 'skills':
      return (item as Skill).name;
    case 'languages':
      return languageName((item as Language).code);
    case 'educations':
      return (item as Education).school;
    case 'certifications':
      return (item as Certification).name;
    case 'projects':
      return (item as Project).title;
  }
}
