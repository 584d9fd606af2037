// The strings the careers pages pass their islands (one language per page).
import careersEn from '../../i18n/careers.en_GB.json';
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';
import { achievementNameKeys } from '../achievements/messages.ts';
import { ratingScale } from '../../../contract/employment-scores.ts';
import { employmentEventKinds } from '../../../contract/companies.ts';

const validation = validationMessageKeys;

// What the profile's employment form (SectionForm) reads, reused for self-declared jobs.
const employmentFormKeys = [
  'profile.saved', 'profile.editItem', 'profile.item.employments', 'profile.add.employments', 'profile.close',
  'profile.cancel', 'profile.save', 'profile.keepEditing', 'profile.unsavedTitle', 'profile.discard', 'confirm.unsaved',
  'field.optional', 'field.position', 'field.company_name', 'field.start_date', 'field.end_date', 'field.is_current',
  'field.chooseLanguage', 'kit.noMatches', 'kit.day', 'kit.month', 'kit.year', 'kit.chooseMonth', 'kit.date.incomplete', 'kit.date.invalid',
  'kit.counter.remaining.one', 'kit.counter.remaining.few', 'kit.counter.remaining.many', 'kit.counter.remaining.other',
  'kit.counter.over.one', 'kit.counter.over.few', 'kit.counter.over.many', 'kit.counter.over.other',
] as const satisfies readonly MessageKey[];

export const ratingKeys = [...ratingScale.map((rating) => `rating.${rating}` as const), 'rating.value', 'rating.notCounted'] satisfies MessageKey[];
export const eventKeys = employmentEventKinds.map((kind) => `employment.event.${kind}` as const) satisfies MessageKey[];

export const careersMessageKeys = [
  'title.careers',
  'error.generic',
  'confirm.delete.employment',
  'careers.intro',
  'careers.add',
  'careers.timeline',
  'careers.current',
  'careers.leaving',
  'careers.verified',
  'careers.verifiedBy',
  'careers.selfDeclared',
  'careers.present',
  'careers.noPosition',
  'careers.details',
  'careers.detailsOf',
  'careers.edit',
  'careers.delete',
  'careers.summary.title',
  'careers.summary.experience',
  'careers.summary.verified',
  'careers.summary.verifiedCount',
  'careers.summary.companies',
  'careers.summary.awaiting',
  'careers.summary.employers',
  'careers.summary.noneVerified',
  'careers.deleteTitle',
  'careers.deleteConfirm',
  'careers.deleted',
  'careers.empty',
  'careers.emptyText',
  'careers.loading',
  'careers.loadFailed',
  'careers.retry',
  'careers.cancel',
  'careers.close',
  ...employmentFormKeys,
  ...validation,
] as const satisfies readonly MessageKey[];

const detailsKeys = Object.keys(careersEn).filter((key) => key.startsWith('details.')) as MessageKey[];

// The profile's unsaved-changes question and character counter, which the dialogs reuse.
const dialogKeys = [
  'profile.close', 'profile.keepEditing', 'profile.unsavedTitle', 'profile.discard', 'confirm.unsaved',
  'kit.counter.remaining.one', 'kit.counter.remaining.few', 'kit.counter.remaining.many', 'kit.counter.remaining.other',
  'kit.counter.over.one', 'kit.counter.over.few', 'kit.counter.over.many', 'kit.counter.over.other',
] as const satisfies readonly MessageKey[];

export const employmentDetailsMessageKeys = [
  'title.employment-details',
  'title.careers',
  'error.generic',
  'error.pageNotFound',
  'error.downloadFailed',
  'error.unregisteredCompany',
  'employment.leaveCompany',
  'achievements.issued',
  'careers.verified',
  'careers.present',
  'careers.noPosition',
  'careers.current',
  'careers.leaving',
  'careers.loading',
  'careers.cancel',
  'careers.close',
  ...detailsKeys,
  ...dialogKeys,
  ...ratingKeys,
  ...eventKeys,
  ...achievementNameKeys.filter((key) => key.endsWith('.name')),
  ...validation,
] as const satisfies readonly MessageKey[];
