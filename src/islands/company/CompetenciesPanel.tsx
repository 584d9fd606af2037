// The company's competencies: what reviewers rate, each with a description and the weight
// it has in the in-company score. Owners and admins add, change and retire them (a retired one stays
// in past rounds); every member sees them.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import type { Locale } from '../../../contract/locale.ts';
import { careersLimits } from '../../../contract/careers.ts';
import { SaveCompetencyRequest, type Competency, type SaveCompetencyInput } from '../../../contract/careers-company.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Field from '../../components/Field.tsx';
import IconButton from '../../components/IconButton.tsx';
import { TextArea, TextInput } from '../../components/TextInput.tsx';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { retireCompetency, saveCompetency } from '../../lib/stores/workspace-careers.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import type { Translate } from '../../i18n/translator.ts';
import { typedNumber } from '../../lib/forms/form-values.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { useFormSave } from '../../components/use-form-save.ts';

function CompetencyForm({
  competency,
  locale,
  t,
  onDone,
}: {
  competency: Competency | null;
  locale: Locale;
  t: Translate;
  onDone: () => void;
}) {
  const form = useForm<SaveCompetencyRequest, unknown, SaveCompetencyInput>({
    resolver: zodResolver(SaveCompetencyRequest, schemaParseOptions),
    defaultValues: { name: competency?.name ?? '', description: competency?.description ?? '', weight: competency?.weight ?? 1 },
  });
  const { register, reset, formState } = form;
  useUnsavedReport(formState.isDirty);
  const error = (name: keyof SaveCompetencyRequest) => failureText(formState.errors[name]?.message, locale) || undefined;
  const formId = competency ? `competency-form-${competency.id}` : 'competency-form-new';
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await saveCompetency(input, competency?.id);
    notifySuccess(t('company.competencies.saved'));
    if (!competency) reset();
    onDone();
  });
  return (
    <form id={formId} className="company-form" onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <Alert>{failure}</Alert> : null}
      <Field label={t('company.competencies.name')} error={error('name')}>
        {(control) => <TextInput {...control} {...register('name')} maxLength={careersLimits.competencyName} required />}
      </Field>
      <Field label={t('company.competencies.description')} optional={t('company.field.optional')} error={error('description')}>
        {(control) => <TextArea {...control} {...register('description')} rows={3} />}
      </Field>
      <Field
        label={t('company.competencies.weight')}
        hint={t('company.competencies.weightHint')}
        error={error('weight')}
        className="company-narrow-field"
      >
        {(control) => (
          <TextInput
            {...control}
            {...register('weight', { setValueAs: typedNumber })}
            type="number"
            inputMode="numeric"
            min={careersLimits.weightMin}
            max={careersLimits.weightMax}
            step={1}
          />
        )}
      </Field>
      {competency ? null : (
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.competencies.add')}
          </Button>
        </div>
      )}
    </form>
  );
}

export default function CompetenciesPanel({
  competencies,
  canManage,
  locale,
  t,
}: {
  competencies: readonly Competency[];
  canManage: boolean;
  locale: Locale;
  t: Translate;
}) {
  const [editing, setEditing] = useState<Competency | null>(null);
  const [retiring, setRetiring] = useState<Competency | null>(null);
  const active = competencies.filter((c) => !c.retired);
  const retired = competencies.filter((c) => c.retired);
  const row = (competency: Competency) => (
    <li key={competency.id} className="company-row" data-competency={competency.name}>
      <div className="company-row-main">
        <p className="company-row-title">
          {competency.name} {competency.retired ? <Badge>{t('company.competencies.retired')}</Badge> : null}
        </p>
        {competency.description ? <p className="company-muted company-prewrap">{competency.description}</p> : null}
      </div>
      <div className="company-row-actions">
        <Badge variant="accent">{t('company.competencies.weightValue', { weight: competency.weight })}</Badge>
        {canManage && !competency.retired ? (
          <>
            <IconButton
              icon="edit"
              label={t('company.competencies.edit', { name: competency.name })}
              onClick={() => setEditing(competency)}
            />
            <IconButton
              icon="trash"
              variant="danger"
              label={t('company.competencies.retire', { name: competency.name })}
              onClick={() => setRetiring(competency)}
            />
          </>
        ) : null}
      </div>
    </li>
  );
  return (
    <div className="company-stack">
      {canManage ? (
        <Card title={t('company.competencies.add')}>
          <CompetencyForm competency={null} locale={locale} t={t} onDone={() => undefined} />
        </Card>
      ) : null}
      <Card title={t('company.competencies.title')} titleId="company-competencies">
        <p className="company-muted">{t('company.competencies.intro')}</p>
        {competencies.length === 0 ? (
          <EmptyState title={t('company.competencies.empty')} text={t('company.competencies.emptyText')} />
        ) : (
          <ul className="company-list">
            {active.map(row)}
            {retired.map(row)}
          </ul>
        )}
      </Card>
      {editing ? (
        <FormDialog
          title={t('company.competencies.editTitle')}
          closeLabel={t('company.close')}
          cancelLabel={t('company.cancel')}
          onClose={() => setEditing(null)}
          unsaved={{ texts: unsavedChangesTexts(locale) }}
          formId={`competency-form-${editing.id}`}
          submitLabel={t('company.competencies.save')}
        >
          <CompetencyForm competency={editing} locale={locale} t={t} onDone={() => setEditing(null)} />
        </FormDialog>
      ) : null}
      {retiring ? (
        <ConfirmDialog
          title={t('company.competencies.retireTitle', { name: retiring.name })}
          message={<p>{t('company.competencies.retireText')}</p>}
          confirmLabel={t('company.competencies.retireConfirm')}
          cancelLabel={t('company.cancel')}
          closeLabel={t('company.close')}
          describeError={(error) => failureText(error, locale)}
          onConfirm={async () => {
            await retireCompetency(retiring.id);
            notifySuccess(t('company.competencies.retiredToast', { name: retiring.name }));
          }}
          onClose={() => setRetiring(null)}
          fallbackFocus={() => document.getElementById('company-competencies')}
        />
      ) : null}
    </div>
  );
}
