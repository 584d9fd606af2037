// The settings page (SPEC §2 'Settings'; issue 15): a list of sections beside the one shown. Each
// section has its own address (`/settings#security`), so a link, a bookmark or the back button opens
// it; the list is plain links, so it works with the keyboard and before anything else loads.
import { useEffect, useState } from 'react';
import { useLeaveGuard } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import '../../lib/zod-without-eval.ts';
import '../../styles/settings.css';
import type { Locale } from '../../../contract/locale.ts';
import { settingsSections, type SettingsSection } from '../../../contract/settings-sections.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import type { MessageKey } from '../../i18n/index.ts';

import AccountsSection from './AccountsSection.tsx';
import CloseSection from './CloseSection.tsx';
import AddressesSection from './AddressesSection.tsx';
import ContactSection from './ContactSection.tsx';
import LanguageSection from './LanguageSection.tsx';
import NotificationsSection from './NotificationsSection.tsx';
import SecuritySection from './SecuritySection.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

export const sectionTitleKeys: Record<SettingsSection, MessageKey> = {
  security: 'settings.passwordSecurity',
  emails: 'settings.emails',
  phones: 'settings.phones',
  contact: 'settings.contactInfo',
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
  if (section === 'language') return <LanguageSection locale={locale} t={t} />;
  if (section === 'emails') return <AddressesSection key="email" locale={locale} t={t} channel="email" />;
  if (section === 'phones') return <AddressesSection key="phone" locale={locale} t={t} channel="phone" />;
  if (section === 'contact') return <ContactSection locale={locale} t={t} />;
  if (section === 'notifications') return <NotificationsSection locale={locale} t={t} />;
  if (section === 'accounts') return <AccountsSection locale={locale} t={t} />;
  if (section === 'close') return <CloseSection locale={locale} t={t} />;
  return <SecuritySection locale={locale} t={t} />;
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
