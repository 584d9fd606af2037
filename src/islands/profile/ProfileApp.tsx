// The profile page island (`/` and `/profile-{id}`): loads the page once, then owns it — every edit
// answers the fresh page from the server, which replaces the state.
import { useEffect, useMemo, useState } from 'react';
import '../../lib/zod-without-eval.ts';
import '../../styles/profile.css';
import type { Locale } from '../../../contract/locale.ts';
import type { ProfilePage, SectionName, Skill } from '../../../contract/profile-sections.ts';
import { sectionNames } from '../../../contract/profile-sections.ts';
import { languageName as englishLanguageName } from '../../../contract/json-resume.ts';
import { reportRequestError } from '../../lib/api/error-policy.ts';
import { deleteSectionItem, fetchProfilePage, setEndorsement } from '../../lib/api/profile-page-api.ts';
import { userIdOfProfileSegment } from '../../lib/api/profile-api.ts';
import { removeProfileImage } from '../../lib/api/upload.ts';
import { currentSitePath } from '../../lib/site-path.ts';
import { showFatalError } from '../../lib/stores/fatal-error.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import HeaderForm from './HeaderForm.tsx';
import ImageUpload from './ImageUpload.tsx';
import { messagesTranslator, type Messages } from '../../i18n/translator.ts';
import Portability from './Portability.tsx';
import ProfileHeader from './ProfileHeader.tsx';
import Recommendations from './Recommendations.tsx';
import SectionForm from './SectionForm.tsx';
import { deletionKeys, type SectionItem } from './section-fields.ts';
import SectionPanel from './SectionPanel.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

type Editing =
  | { kind: 'header' }
  | { kind: 'image'; image: 'photo' | 'cover' }
  | { kind: 'section'; section: SectionName; item?: SectionItem | undefined }
  | null;

export default function ProfileApp({ locale, messages }: Props) {
  const t = useMemo(() => messagesTranslator(messages), [messages]);
  const languageName = useMemo(() => (code: string) => englishLanguageName(code, locale === 'uk_UA' ? 'uk' : 'en'), [locale]);
  const [page, setPage] = useState<ProfilePage | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  useEffect(() => {
    let cancelled = false;
    const { profileId } = currentSitePath();
    (async () => {
      try {
        const userId = profileId === undefined ? undefined : userIdOfProfileSegment(profileId);
        const loaded = await fetchProfilePage(userId);
        if (!cancelled) setPage(loaded);
      } catch (error) {
        // An unknown or closed profile is the error screen with its message (SPEC §8).
        if (!cancelled) showFatalError(error, t('error.profileNotFound'));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [t]);

  if (!page) {
    return (
      <div className="profile-loading" aria-busy="true">
        {/* The page's one h1 is the person's name; until it arrives the page is just "Home". */}
        <h1 className="visually-hidden">{t('title.home')}</h1>
        <p role="status">{t('profile.loading')}</p>
        <div className="skeleton skeleton-header" />
        <div className="skeleton skeleton-section" />
        <div className="skeleton skeleton-section" />
      </div>
    );
  }

  const remove = async (section: SectionName, item: SectionItem) => {
    if (!globalThis.confirm(t(deletionKeys[section]))) return;
    try {
      setPage(await deleteSectionItem(section, item.id));
      notifySuccess(t('profile.deleted'));
    } catch (error) {
      reportRequestError(error);
    }
  };

  const endorse = async (skill: Skill, endorsed: boolean) => {
    try {
      setPage(await setEndorsement(skill.id, endorsed));
      notifySuccess(t(endorsed ? 'endorse.done' : 'endorse.withdrawn'));
    } catch (error) {
      reportRequestError(error);
    }
  };

  const removeImage = async (image: 'photo' | 'cover') => {
    try {
      await removeProfileImage(image);
      setPage(await fetchProfilePage());
      notifySuccess(t('profile.deleted'));
    } catch (error) {
      reportRequestError(error);
    }
  };

  return (
    <div className="profile">
      <ProfileHeader
        page={page}
        t={t}
        onEdit={() => setEditing({ kind: 'header' })}
        onChangeImage={(image) => setEditing({ kind: 'image', image })}
        onRemoveImage={(image) => void removeImage(image)}
      />
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
              onDelete={(item) => void remove(section, item)}
              onEndorse={(skill, endorsed) => void endorse(skill, endorsed)}
            />
          ))}
          <Recommendations page={page} locale={locale} t={t} onPage={setPage} />
        </div>
        <aside className="profile-aside">
          <section className="card profile-section" aria-labelledby="section-achievements">
            <h2 id="section-achievements">{t('profile.section.achievements')}</h2>
            <p className="muted">{t('profile.summary.achievements')}</p>
          </section>
          <section className="card profile-section" aria-labelledby="section-activity">
            <h2 id="section-activity">{t('profile.section.activity')}</h2>
            <p className="muted">{t('profile.summary.activity')}</p>
          </section>
          {page.is_owner ? <Portability page={page} t={t} languageName={languageName} onPage={setPage} /> : null}
        </aside>
      </div>
      {editing?.kind === 'header' ? <HeaderForm page={page} locale={locale} t={t} onSaved={setPage} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'image' ? <ImageUpload kind={editing.image} t={t} onUploaded={setPage} onClose={() => setEditing(null)} /> : null}
      {editing?.kind === 'section' ? (
        <SectionForm
          section={editing.section}
          item={editing.item}
          locale={locale}
          t={t}
          languageName={languageName}
          onSaved={setPage}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
