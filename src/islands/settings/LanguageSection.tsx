// Platform language (SPEC §1, §9; decision 061): saves the profile's locale and the language cookie
// through the same switch as the header's link, then shows this section in the chosen language.
import { useState, type FormEvent } from 'react';
import { localeNames, locales, type Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import { Fieldset } from '../../components/Field.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { switchLanguage } from '../../lib/app/language-switch.ts';
import { pageNavigation } from '../../lib/base/page-navigation.ts';
import { buildSitePath, currentSitePath } from '../../lib/base/site-path.ts';

interface Props {
  locale: Locale;
  t: Translate;
}

const langOf: Record<Locale, string> = { en_GB: 'en-GB', uk_UA: 'uk' };

export default function LanguageSection({ locale, t }: Props) {
  const [chosen, setChosen] = useState<Locale>(locale);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const here = currentSitePath();
    const href = `${buildSitePath({ locale: chosen, profileId: here.profileId, page: '/settings' })}#language`;
    // The profile's locale is saved before the page changes, because every page follows it (decision 061).
    await switchLanguage(chosen, href, { isSignedIn: true, navigate: (target) => pageNavigation.assign(target) });
  };
  return (
    <div className="settings-section">
      <Card title={t('settings.platformLanguage')}>
        <form className="settings-form" onSubmit={(event) => void submit(event)}>
          <Fieldset legend={t('settings.language.legend')} hint={t('settings.language.intro')}>
            <div className="settings-choices">
              {locales.map((option) => (
                <label key={option} className="settings-choice" lang={langOf[option]}>
                  <input type="radio" name="locale" value={option} checked={chosen === option} onChange={() => setChosen(option)} />
                  <span>{localeNames[option]}</span>
                </label>
              ))}
            </div>
          </Fieldset>
          <div className="settings-actions">
            <Button type="submit" variant="primary" loading={saving} disabled={chosen === locale && !saving}>
              {saving ? t('settings.language.saving') : t('settings.language.save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
