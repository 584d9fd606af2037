// The settings page (SPEC §2 'Settings'): a list of sections beside the one shown. Each
// section has its own address (`/settings#security`), so a link, a bookmark or the back button opens
// it; the list is plain links, so it works with the keyboard and before anything else loads.
import { useEffect, useState, type ComponentType } from 'react';
import Skeleton from '../../components/Skeleton.tsx';
import { useLeaveGuard } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import '../../styles/settings.css';
import type { Locale } from '../../../contract/locale.ts';
import { settingsSections, type SettingsSection } from '../../../contract/settings-sections.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import type { MessageKey } from '../../i18n/index.ts';

import SecuritySection from './SecuritySection.tsx';

interface SectionProps {
  locale: Locale;
  t: Translate;
}

// The section the page opens on (security) comes with the page; every other one loads its code the
// first time it is shown or its link is pointed at (decision 175). Not through lazy() and Suspense: a
// boundary that suspends again after hydration makes React hide what it shows (decision 162). Here a
// section's code is plain state: until it has arrived its place shows a skeleton, and nothing shown
// is ever hidden. A chunk that fails to load rejects unhandled, and the page's chunk-failure guard
// reloads (src/lib/base/build-check.ts).
type LaterSection = Exclude<SettingsSection, 'security'>;
const sectionCode: Record<LaterSection, () => Promise<ComponentType<SectionProps>>> = {
  emails: () =>
    import('./AddressesSection.tsx').then(({ default: Addresses }) => (props: SectionProps) => <Addresses {...props} channel="email" />),
  phones: () =>
    import('./AddressesSection.tsx').then(({ default: Addresses }) => (props: SectionProps) => <Addresses {...props} channel="phone" />),
  contact: () => import('./ContactSection.tsx').then((m) => m.default),
  public: () => import('./PublicProfileSection.tsx').then((m) => m.default),
  notifications: () => import('./NotificationsSection.tsx').then((m) => m.default),
  language: () => import('./LanguageSection.tsx').then((m) => m.default),
  accounts: () => import('./AccountsSection.tsx').then((m) => m.default),
  close: () => import('./CloseSection.tsx').then((m) => m.default),
};
const loadedSections: Partial<Record<LaterSection, ComponentType<SectionProps>>> = {};
const loadingSections: Partial<Record<LaterSection, Promise<ComponentType<SectionProps>>>> = {};

/** Starts loading a section's code (once); answers when it has arrived. */
function loadSection(section: LaterSection): Promise<ComponentType<SectionProps>> {
  return (loadingSections[section] ??= sectionCode[section]().then(
    (view) => (loadedSections[section] = view),
    (error: unknown) => {
      delete loadingSections[section];
      throw error;
    },
  ));
}

const preloadSection = (section: SettingsSection) => {
  if (section !== 'security') loadSection(section).catch(() => undefined);
};

interface Props {
  locale: Locale;
  messages: Messages;
}

export const sectionTitleKeys: Record<SettingsSection, MessageKey> = {
  security: 'settings.passwordSecurity',
  emails: 'settings.emails',
  phones: 'settings.phones',
  contact: 'settings.contactInfo',
  public: 'settings.publicProfile',
  notifications: 'settings.notificationType',
  language: 'settings.platformLanguage',
  accounts: 'settings.accountManagement',
  close: 'settings.closeAccount',
};

function sectionOf(hash: string): SettingsSection {
  const wanted = hash.replace(/^#/, '');
  return (settingsSections as readonly string[]).includes(wanted) ? (wanted as SettingsSection) : 'security';
}

function Section({ section, locale, t }: { section: SettingsSection; locale: Locale; t: Translate }) {
  const [, setArrived] = useState(0);
  const View = section === 'security' ? SecuritySection : loadedSections[section];
  useEffect(() => {
    if (section === 'security' || loadedSections[section]) return;
    let shown = true;
    // Rejected unhandled on a failed chunk, so the page's chunk-failure guard sees it.
    void loadSection(section).then(() => {
      if (shown) setArrived((n) => n + 1);
    });
    return () => {
      shown = false;
    };
  }, [section]);
  if (!View) return <Skeleton className="settings-skeleton" />;
  return <View key={section} locale={locale} t={t} />;
}

export default function SettingsApp({ locale, messages }: Props) {
  const t = messagesTranslator(messages);
  const [section, setSection] = useState<SettingsSection>('security');
  useEffect(() => {
    const follow = () => setSection(sectionOf(globalThis.location.hash));
    follow();
    globalThis.addEventListener('hashchange', follow);
    return () => globalThis.removeEventListener('hashchange', follow);
  }, []);
  // Another section replaces this one's form: unsaved changes there are asked about first.
  const { confirmElement, confirmLeave } = useLeaveGuard(unsavedChangesTexts(locale));
  return (
    <div className="settings">
      <div className="settings-head">
        <h1>{t('title.settings')}</h1>
        <p className="settings-intro">{t('settings.intro')}</p>
      </div>
      <nav className="settings-nav" aria-label={t('settings.sectionsLabel')}>
        <ul>
          {settingsSections.map((id) => (
            <li key={id}>
              <a
                href={`#${id}`}
                onPointerEnter={() => preloadSection(id)}
                onFocus={() => preloadSection(id)}
                aria-current={id === section ? 'true' : undefined}
                onClick={(event) => {
                  if (id === section) return;
                  event.preventDefault();
                  void confirmLeave(() => {
                    globalThis.location.hash = id;
                  });
                }}
              >
                {t(sectionTitleKeys[id])}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-body" id={section}>
        <Section section={section} locale={locale} t={t} />
      </div>
      {confirmElement}
    </div>
  );
}
