// The owner's profile guide: how complete the profile is, and each missing part as a button that
// opens the form which fills it. Shown to the owner only.
import type { ProfilePage } from '../../../contract/profile-sections.ts';
import Card from '../../components/Card.tsx';
import Icon from '../../components/Icon.tsx';
import ProgressBar from '../../components/ProgressBar.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { profileCompleteness, type CompletenessStep } from '../../lib/base/profile-completeness.ts';
import type { Translate } from '../../i18n/translator.ts';

interface Props {
  page: ProfilePage;
  t: Translate;
  onStep: (step: CompletenessStep) => void;
  /** The card title's id: the page holds the guide twice, one shown at a time (ProfileApp). */
  titleId?: string;
}

export default function CompletenessGuide({ page, t, onStep, titleId = 'section-completeness' }: Props) {
  const { percent, steps } = profileCompleteness(page);
  const value = t('profile.completeness.value', { percent });
  return (
    <Card className="completeness" title={t('profile.completeness.title')} titleId={titleId}>
      <ProgressBar label={value} value={percent} />
      {percent === 100 ? (
        <p className="completeness-done">{t('profile.completeness.done')}</p>
      ) : (
        <ul className="completeness-list">
          {steps.map(({ step, done }) => (
            <li key={step} data-done={done ? '' : undefined}>
              {done ? (
                <span className="completeness-item">
                  <Icon name="check" />
                  <span>
                    {t(`profile.completeness.${step}` as MessageKey)}
                    <span className="visually-hidden"> ({t('profile.completeness.finished')})</span>
                  </span>
                </span>
              ) : (
                <button type="button" className="completeness-item" onClick={() => onStep(step)}>
                  <Icon name="plus" />
                  <span>{t(`profile.completeness.${step}` as MessageKey)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
