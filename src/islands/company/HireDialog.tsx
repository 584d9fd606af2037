// Hiring an applicant (decision 262): the start date, position (the opening's title unless
// changed) and team of the company-verified job the hire makes, and whether the opening closes. The
// person becomes a member and is told, as with any hire.
import { useId, useState } from 'react';
import type { Applicant } from '../../../contract/applications.ts';
import type { Team } from '../../../contract/companies.ts';
import { fieldLimits } from '../../../contract/field-limits.ts';
import type { Locale } from '../../../contract/locale.ts';
import Checkbox from '../../components/Checkbox.tsx';
import Field from '../../components/Field.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import { OptionalSelect, TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { todayIso } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { hireApplicant } from '../../lib/stores/workspace-applicants.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';

interface Props {
  applicant: Applicant;
  name: string;
  opening: { title: string };
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
  onClose: () => void;
}

export default function HireDialog({ applicant, name, opening, teams, locale, t, onClose }: Props) {
  const [startDate, setStartDate] = useState(() => todayIso());
  const [position, setPosition] = useState(opening.title);
  const [teamId, setTeamId] = useState('');
  const [closeOpening, setCloseOpening] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await hireApplicant(applicant.id, {
        start_date: startDate,
        position,
        team_id: teamId ? Number(teamId) : null,
        close_opening: closeOpening,
      });
      notifySuccess(t('pipeline.hired', { name }));
      onClose();
    } catch (error) {
      setFailure(failureText(error, locale));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={t('pipeline.hireTitle', { name })}
      closeLabel={t('company.close')}
      cancelLabel={t('company.cancel')}
      onClose={onClose}
      formId={formId}
      submitLabel={t('pipeline.hire')}
      busy={busy}
      error={failure}
    >
      <form
        id={formId}
        className="company-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="company-muted">{t('pipeline.hireText', { name })}</p>
        <Field label={t('pipeline.startDate')}>
          {(control) => (
            <TextInput {...control} type="date" required value={startDate} onChange={(e) => setStartDate(e.target.value)} data-autofocus />
          )}
        </Field>
        <Field label={t('pipeline.position')} optional={t('company.field.optional')}>
          {(control) => (
            <TextInput
              {...control}
              value={position}
              maxLength={fieldLimits.invitation.position}
              onChange={(e) => setPosition(e.target.value)}
            />
          )}
        </Field>
        {teams.length ? (
          <Field label={t('pipeline.team')} optional={t('company.field.optional')}>
            {(control) => (
              <OptionalSelect
                {...control}
                value={teamId}
                noneLabel={t('pipeline.noTeam')}
                options={teams.map((team) => ({ value: team.id, label: team.name }))}
                onChange={(e) => setTeamId(e.target.value)}
              />
            )}
          </Field>
        ) : null}
        <Checkbox label={t('pipeline.closeOpening')} checked={closeOpening} onChange={(e) => setCloseOpening(e.target.checked)} />
      </form>
    </FormDialog>
  );
}
