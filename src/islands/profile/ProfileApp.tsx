// The profile page island (`/` and `/profile-{id}`): shows the page the profile store holds (the
// bootstrap's home step reads it once) and changes it through the store's actions. The editing forms
// load when first opened, so their code (react-hook-form) is not part of the page's first load.
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import '../../styles/profile.css';
import type { Locale } from '../../../contract/locale.ts';
import type { ProfilePage, SectionName, Skill } from '../../../contract/profile-sections.ts';
import { sectionNames } from '../../../contract/profile-sections.ts';
import { reportRequestError } from '../../lib/app/error-policy.ts';
import { useLanguageNamer } from './use-language-namer.ts';
import { $profilePage, deleteEntry, endorseSkill, removeImage as removeProfileImage } from '../../lib/stores/profile.ts';
import Skeleton from '../../components/Skeleton.tsx';
import Card from '../../components/Card.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import NearScreen from '../../components/NearScreen.tsx';
import ProfileHeader from './ProfileHeader.tsx';
import Recommendations from './Recommendations.tsx';
import { deletionKeys, type SectionItem } from '../../components/profile/section-fields.ts';
import SectionPanel from './SectionPanel.tsx';
import CompletenessGuide from './CompletenessGuide.tsx';
import type { CompletenessStep } from '../../lib/base/profile-completeness.ts';
import EarnedAchievements from '../../components/achievements/EarnedAchievements.tsx';
import RecentActivity from './RecentActivity.tsx';
import { dialogErrorText } from '../../lib/forms/form-failure.ts';

const HeaderForm = lazy(() => import('./HeaderForm.tsx'));
const ImageUpload = lazy(() => import('./ImageUpload.tsx'));
const SectionForm = lazy(() => import('../../components/profile/SectionForm.tsx'));
// Nothing renders in a question's place before it is asked (decision 175).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog.tsx'));

interface Props {
  locale: Locale;
  messages: Messages;
}

type Editing =
  | { kind: 'header' }
  | { kind: 'image'; image: 'photo' | 'cover' }
  | { kind: 'section'; section: SectionName; item?: SectionItem | undefined }
  | { kind: 'delete'; section: SectionName; item: SectionItem }
  | { kind: 'remove-image'; image: 'photo' | 'cover' }
  | null;

/** After a deletion, focus goes to the next entry, else the previous one, else the section's heading. */
function focusAfterDeletion(section: SectionName, items: readonly SectionItem[], deleted: SectionItem): () => HTMLElement | null {
  const index = items.findIndex((item) => item.id === deleted.id);
  const neighbour = items[index + 1] ?? items[index - 1];
  return () =>
    (neighbour ? document.querySelector<HTMLElement>(`[data-item-key="${section}-${neighbour.id}"]`) : null) ??
    document.getElementById(`section-${section}`);
}

/** The page until the profile and its language names have arrived: its skeleton, and "Home" as its heading. */
function ProfileLoading({ t }: { t: Translate }) {
  return (
    <div className="profile-loading" aria-busy="true">
      {/* The page's one h1 is the person's name; until it arrives the page is just "Home". */}
      <h1 className="visually-hidden">{t('title.home')}</h1>
      <p role="status" className="visually-hidden">
        {t('profile.loading')}
      </p>
      <Skeleton className="skeleton-header" />
      <div className="profile-columns">
        <div className="profile-main">
          <Skeleton className="skeleton-section" />
          <Skeleton className="skeleton-section" />
        </div>
        <Skeleton className="skeleton-aside" />
      </div>
    </div>
  );
}

export default function ProfileApp({ locale, messages }: Props) {
  const t = useMemo(() => messagesTranslator(messages), [messages]);
  const languageName = useLanguageNamer(locale);
  // An unknown or closed profile is the bootstrap's error screen (SPEC §8); until then, a skeleton.
  const page: ProfilePage | null = useStore($profilePage).data ?? null;
  const [editing, setEditing] = useState<Editing>(null);

  // The language names arrive beside the page (a small file of the page's language only).
  if (!page || !languageName) return <ProfileLoading t={t} />;

  // Runs inside the ConfirmDialog: a failure is shown in the dialog (it throws on with its text).
  const remove = async (section: SectionName, item: SectionItem) => {
    try {
      await deleteEntry(section, item.id);
    } catch (error) {
      throw new Error(dialogErrorText(error, locale) ?? t('error.generic'), { cause: error });
    }
    notifySuccess(t('profile.deleted'));
  };

  const endorse = async (skill: Skill, endorsed: boolean) => {
    try {
      await endorseSkill(skill.id, endorsed);
      notifySuccess(t(endorsed ? 'endorse.done' : 'endorse.withdrawn'));
    } catch (error) {
      reportRequestError(error);
    }
  };

  const removeImage = async (image: 'photo' | 'cover') => {
    try {
      await removeProfileImage(image);
    } catch (error) {
      throw new Error(dialogErrorText(error, locale) ?? t('error.generic'), { cause: error });
    }
    notifySuccess(t('profile.deleted'));
  };

  // A step of the profile guide opens the form that fills it.
  const step = (next: CompletenessStep) => {
    if (next === 'photo') setEditing({ kind: 'image', image: 'photo' });
    else if (next === 'headline' || next === 'about') setEditing({ kind: 'header' });
    else setEditing({ kind: 'section', section: next });
  };

  return (
    <div className="profile">
      <ProfileHeader
        page={page}
        t={t}
        onEdit={() => setEditing({ kind: 'header' })}
        onChangeImage={(image) => setEditing({ kind: 'image', image })}
        onRemoveImage={(image) => setEditing({ kind: 'remove-image', image })}
      />
      {page.is_owner ? (
        // On a phone the guide comes first, before the sections it points to, not 2,000 px down after
        // them; wide screens show the copy in the side column instead (src/styles/profile.css).
        <div className="profile-guide-narrow">
          <CompletenessGuide page={page} t={t} onStep={step} titleId="section-completeness-narrow" />
        </div>
      ) : null}
      <div className="profile-columns">
        <div className="profile-main">
          {sectionNames.map((section) => (
            <SectionPanel
              key={section}
              section={section}
              page={page}
              locale={locale}
              t={t}
              languageName={languageName}
              onAdd={() => setEditing({ kind: 'section', section })}
              onEdit={(item) => setEditing({ kind: 'section', section, item })}
              onDelete={(item) => setEditing({ kind: 'delete', section, item })}
              onEndorse={(skill, endorsed) => void endorse(skill, endorsed)}
            />
          ))}
          <Recommendations page={page} locale={locale} t={t} />
        </div>
        <aside className="profile-aside">
          {page.is_owner ? (
            <div className="profile-guide-wide">
              <CompletenessGuide page={page} t={t} onStep={step} />
            </div>
          ) : null}
          <Card className="profile-section" title={t('profile.section.achievements')} titleId="section-achievements">
            <EarnedAchievements userId={page.user_id} isOwner={page.is_owner} locale={locale} t={t} />
          </Card>
          <Card className="profile-section" title={t('profile.section.activity')} titleId="section-activity">
            <RecentActivity userId={page.user_id} isOwner={page.is_owner} locale={locale} t={t} />
          </Card>
          {page.is_owner ? (
            // Near the end of the page: its code (export, import, the CV) loads as it comes near the screen (decision 212).
            <NearScreen
              load={() => import('./Portability.tsx')}
              props={{ page, locale, t, languageName }}
              placeholder={
                <section className="ui-card profile-section" aria-labelledby="section-portability" aria-busy="true">
                  <h2 id="section-portability">{t('portability.title')}</h2>
                  <Skeleton />
                </section>
              }
            />
          ) : null}
        </aside>
      </div>
      <Suspense fallback={null}>
        {editing?.kind === 'header' ? <HeaderForm page={page} locale={locale} t={t} onClose={() => setEditing(null)} /> : null}
        {editing?.kind === 'image' ? <ImageUpload kind={editing.image} t={t} onClose={() => setEditing(null)} /> : null}
        {editing?.kind === 'section' ? (
          <SectionForm
            section={editing.section}
            item={editing.item}
            locale={locale}
            t={t}
            languageName={languageName}
            onClose={() => setEditing(null)}
          />
        ) : null}
        {editing?.kind === 'delete' ? (
          <ConfirmDialog
            title={t('profile.deleteTitle')}
            message={<p>{t(deletionKeys[editing.section])}</p>}
            confirmLabel={t('profile.delete')}
            cancelLabel={t('profile.cancel')}
            closeLabel={t('profile.close')}
            onConfirm={() => remove(editing.section, editing.item)}
            onClose={() => setEditing(null)}
            fallbackFocus={focusAfterDeletion(editing.section, page[editing.section] as SectionItem[], editing.item)}
          />
        ) : null}
        {editing?.kind === 'remove-image' ? (
          <ConfirmDialog
            title={t(editing.image === 'photo' ? 'profile.removePhotoTitle' : 'profile.removeCoverTitle')}
            message={<p>{t(editing.image === 'photo' ? 'profile.removePhotoText' : 'profile.removeCoverText')}</p>}
            confirmLabel={t('profile.remove')}
            cancelLabel={t('profile.cancel')}
            closeLabel={t('profile.close')}
            onConfirm={() => removeImage(editing.image)}
            onClose={() => setEditing(null)}
            fallbackFocus={() => document.querySelector<HTMLElement>('.profile-owner-actions button')}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
