// The strings the profile island uses: the page picks exactly these, so the island ships one language.
import type { MessageKey } from '../../i18n/index.ts';
import { validationMessageKeys } from '../../i18n/validation-keys.ts';
import { achievementCodes } from '../../../contract/achievements.ts';
import { activityKinds } from '../../../contract/activities.ts';
import { profileStatuses } from '../../../contract/profile-status.ts';
import { skipReasons } from '../../../contract/json-resume-skips.ts';
import { proficiencies, sectionNames } from '../../../contract/profile-sections.ts';
import { ratingKeys } from '../careers/messages.ts';

const base = [
  'title.home',
  'error.generic',
  'error.profileNotFound',
  'error.downloadFailed',
  'confirm.unsaved',
  'confirm.delete.education',
  'confirm.delete.employment',
  'confirm.delete.language',
  'confirm.delete.license',
  'confirm.delete.project',
  'confirm.delete.skill',
  'confirm.delete.recommendation',
] as const satisfies readonly MessageKey[];

const profileKeys = [
  'profile.loading', 'profile.edit', 'profile.editHeader', 'profile.editItem', 'profile.deleteItem', 'profile.delete',
  'profile.save', 'profile.saving', 'profile.cancel', 'profile.close', 'profile.confirm', 'profile.saved', 'profile.deleted',
  'profile.photoAlt', 'profile.changePhoto', 'profile.changeCover', 'profile.removePhoto',
  'profile.removeCover', 'profile.contact', 'profile.about', 'profile.present', 'profile.issued', 'profile.expires',
  'profile.credentialId', 'profile.showCredential', 'profile.sectionFull', 'profile.empty.owner', 'profile.empty.visitor',
  'profile.section.achievements', 'profile.section.activity', 'profile.section.recommendations',
  'profile.summary.achievements', 'profile.summary.activity',
  'field.first_name', 'field.last_name', 'field.headline', 'field.about', 'field.current_position', 'field.location',
  'field.profile_status', 'profile.status.none', ...profileStatuses.map((status) => `profile.status.${status}` as const), 'field.title', 'field.description', 'field.website', 'field.contact_phone', 'field.contact_email',
  'field.birth_date', 'field.position', 'field.company_name', 'field.start_date', 'field.end_date', 'field.is_current',
  'field.skill', 'field.code', 'field.proficiency', 'field.school', 'field.degree', 'field.area_of_study',
  'field.certificationName', 'field.provider', 'field.credential_id', 'field.credential_url', 'field.issue_date',
  'field.expiration_date', 'field.media', 'field.projectTitle', 'field.url', 'field.chooseLanguage',
  'field.chooseProficiency', 'field.optional',
  'upload.progress', 'upload.cancel', 'upload.cancelled', 'upload.chooseFile', 'upload.photoHint',
  'upload.coverHint', 'upload.mediaHint', 'upload.preview', 'upload.usePhoto', 'upload.removeMedia', 'upload.photoTitle',
  'upload.coverTitle', 'upload.done', 'media.document',
  'endorse.action', 'endorse.withdraw', 'endorse.count', 'endorse.by', 'endorse.done', 'endorse.withdrawn',
  'recommend.write', 'recommend.text', 'recommend.send', 'recommend.sent', 'recommend.pending', 'recommend.declined',
  'recommend.accept', 'recommend.decline', 'recommend.accepted', 'recommend.declinedToast', 'recommend.from',
  'recommend.empty',
  'portability.title', 'portability.intro', 'portability.cv', 'portability.export', 'portability.import', 'portability.previewTitle',
  'portability.willFill', 'portability.willAdd', 'portability.skipped',
  ...skipReasons.map((reason) => `portability.reason.${reason}` as const),
  'portability.nothing', 'portability.confirm', 'portability.invalidFile', 'portability.imported',
  'profile.keepEditing', 'profile.unsavedTitle', 'profile.discard', 'profile.deleteTitle', 'profile.removePhotoTitle',
  'profile.removePhotoText', 'profile.removeCoverTitle', 'profile.removeCoverText', 'profile.remove',
  'profile.emptyVisitor.title', 'profile.completeness.title', 'profile.completeness.value', 'profile.completeness.done',
  'profile.completeness.photo', 'profile.completeness.headline', 'profile.completeness.about',
  'profile.completeness.employments', 'profile.completeness.educations', 'profile.completeness.skills',
  'profile.completeness.languages', 'profile.completeness.certifications', 'profile.completeness.projects',
  'profile.completeness.missing', 'profile.completeness.finished',
  'profile.endorsements.one', 'profile.endorsements.few', 'profile.endorsements.many', 'profile.endorsements.other',
  'profile.achievements.empty', 'profile.activity.empty',
  'kit.noMatches', 'kit.day', 'kit.month', 'kit.year', 'kit.chooseMonth', 'kit.date.incomplete', 'kit.date.invalid',
  'kit.counter.remaining.one', 'kit.counter.remaining.few', 'kit.counter.remaining.many', 'kit.counter.remaining.other',
  'kit.counter.over.one', 'kit.counter.over.few', 'kit.counter.over.many', 'kit.counter.over.other',
] as const satisfies readonly MessageKey[];

const perSection = sectionNames.flatMap(
  (s) => [`profile.section.${s}`, `profile.add.${s}`, `profile.item.${s}`, `profile.empty.${s}`] as const,
) as unknown as readonly MessageKey[];
const perLevel = proficiencies.map((p) => `proficiency.${p}`) as unknown as readonly MessageKey[];
const validation = validationMessageKeys;

/** Every key the profile island reads. */
// The achievements card: names of earned achievements, their issued date, the link to the page.
const achievements = [
  ...achievementCodes.map((code) => `achievements.item.${code}.name` as const),
  'achievements.issued',
  'achievements.viewAll',
  'achievements.profileNone',
] as const satisfies readonly MessageKey[];

// Jobs in the employment history (issue 12): the verified badge, shown reviews, score and final feedback.
const jobs = [
  'careers.verified', 'careers.noPosition', 'careers.details', 'careers.public.reply', 'details.score.title', 'details.score.value',
  'details.round.title', 'details.feedback.title', 'details.feedback.assessment', ...ratingKeys,
] as const satisfies readonly MessageKey[];

// The Activity card (issue 23): how each kind of entry is named, and the link to the whole list.
const activity = [
  ...activityKinds.map((kind) => `activities.kind.${kind}` as const),
  'activities.someone',
  'profile.activity.viewAll',
] as const satisfies readonly MessageKey[];

export const profileMessageKeys: readonly MessageKey[] = [...base, ...profileKeys, ...perSection, ...perLevel, ...validation, ...achievements, ...jobs, ...activity];
