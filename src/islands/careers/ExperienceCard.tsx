// The experience description and technical skills of a job: only the owner edits them (SPEC §6). The
// editing dialog loads when first asked for (ExperienceDialog.tsx), so the page's first script carries
// no form code (decision 205).
import { lazy, Suspense, useState } from 'react';
import type { Locale } from '../../../contract/locale.ts';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import Icon from '../../components/Icon.tsx';
import type { Translate } from '../../i18n/translator.ts';

const ExperienceDialog = lazy(() => import('./ExperienceDialog.tsx'));

export interface ExperienceProps {
  jobId: number;
  description: string | null;
  skills: readonly string[];
  locale: Locale;
  t: Translate;
}

export default function ExperienceCard(props: ExperienceProps) {
  const { description, skills, t } = props;
  const [editing, setEditing] = useState(false);
  return (
    <Card
      title={t('details.experience.title')}
      className="employment-experience"
      actions={
        <Button size="small" leading={<Icon name="edit" />} onClick={() => setEditing(true)}>
          {t('details.experience.edit')}
        </Button>
      }
    >
      {description ? (
        <p className="preserve-lines employment-text">{description}</p>
      ) : (
        <p className="employment-muted">{t('details.experience.empty')}</p>
      )}
      <h3 className="employment-subheading">{t('details.skills.title')}</h3>
      {skills.length ? (
        <ul className="employment-chips">
          {skills.map((skill) => (
            <li key={skill} className="ui-badge">
              {skill}
            </li>
          ))}
        </ul>
      ) : (
        <p className="employment-muted">{t('details.experience.noSkills')}</p>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <ExperienceDialog {...props} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
