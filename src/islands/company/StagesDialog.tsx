// The company's pipeline stages (decision 279), for owners and admins: the stages between Applied and
// Offer are the company's to rename (empty gives a built-in one its own name back), put in order (Move
// up and Move down, keyboard first), remove and add to; Applied, Offer, Hired and Rejected stay as they
// are. A stage that holds applications goes only after a confirmation that says where they move.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isBuiltInStage, stageLimits, type PipelineStage } from '../../../contract/jobs-stages.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import Dialog from '../../components/Dialog.tsx';
import Field from '../../components/Field.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { Select, TextInput } from '../../components/TextInput.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { $stages, addStage, closeStages, loadStages, removeStage, updateStage } from '../../lib/stores/workspace-applicants.ts';
import { stageNameOf } from './stage-names.ts';

interface Props {
  locale: Locale;
  t: Translate;
  onClose: () => void;
}

/** One stage between Applied and Offer: its name, its place and its removal. */
function StageRow({
  stage,
  index,
  last,
  locale,
  t,
  onRemove,
}: {
  stage: PipelineStage;
  index: number;
  last: number;
  locale: Locale;
  t: Translate;
  onRemove: () => void;
}) {
  const name = stageNameOf(stage, t);
  const [draft, setDraft] = useState(stage.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const act = async (change: () => Promise<void>, done?: string) => {
    setBusy(true);
    setError(null);
    try {
      await change();
      if (done) notifySuccess(done);
    } catch (failure) {
      setError(failureText(failure, locale));
    } finally {
      setBusy(false);
    }
  };
  const builtIn = isBuiltInStage(stage.key);
  const rename = () => {
    const next = draft.trim() === '' && builtIn ? null : draft;
    void act(
      () => updateStage(stage.key, { name: next }),
      t('pipeline.stages.renamed', { name: next ?? stageNameOf({ key: stage.key, name: null }, t) }),
    );
  };
  return (
    <li className="pipeline-stage-row" data-stage-row={name}>
      <form
        className="pipeline-stage-name"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          rename();
        }}
      >
        <Field
          label={t('pipeline.stages.name', { stage: name })}
          hint={builtIn ? t('pipeline.stages.nameHint', { name: stageNameOf({ key: stage.key, name: null }, t) }) : undefined}
          error={error ?? undefined}
        >
          {(control) => <TextInput {...control} value={draft} maxLength={stageLimits.name} onChange={(e) => setDraft(e.target.value)} />}
        </Field>
        <Button size="small" type="submit" loading={busy}>
          {t('pipeline.stages.rename')}
        </Button>
      </form>
      <p className="company-muted">{t('pipeline.stages.count', { count: stage.applications })}</p>
      <div className="company-row-actions">
        <Button
          size="small"
          disabled={index === 0 || busy}
          aria-label={t('pipeline.stages.up', { stage: name })}
          onClick={() => void act(() => updateStage(stage.key, { position: index - 1 }))}
        >
          {t('pipeline.stages.upButton')}
        </Button>
        <Button
          size="small"
          disabled={index === last || busy}
          aria-label={t('pipeline.stages.down', { stage: name })}
          onClick={() => void act(() => updateStage(stage.key, { position: index + 1 }))}
        >
          {t('pipeline.stages.downButton')}
        </Button>
        <Button size="small" variant="danger" aria-label={t('pipeline.stages.remove', { stage: name })} onClick={onRemove}>
          {t('pipeline.stages.removeButton')}
        </Button>
      </div>
    </li>
  );
}

/** The question before a stage goes: where its applications move, when it holds any. */
function RemoveStage({
  stage,
  stages,
  locale,
  t,
  onClose,
}: {
  stage: PipelineStage;
  stages: readonly PipelineStage[];
  locale: Locale;
  t: Translate;
  onClose: () => void;
}) {
  const name = stageNameOf(stage, t);
  const targets = stages.filter((s) => s.key !== stage.key && (s.key === 'applied' || !s.fixed));
  const [moveTo, setMoveTo] = useState(targets[0]?.key ?? 'applied');
  return (
    <ConfirmDialog
      title={t('pipeline.stages.removeTitle', { stage: name })}
      message={
        stage.applications ? (
          <div className="company-stack">
            <p>{t('pipeline.stages.removeHeld', { count: stage.applications })}</p>
            <Field label={t('pipeline.stages.moveTo')}>
              {(control) => (
                <Select {...control} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                  {targets.map((target) => (
                    <option key={target.key} value={target.key}>
                      {stageNameOf(target, t)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        ) : (
          <p>{t('pipeline.stages.removeText')}</p>
        )
      }
      confirmLabel={t('pipeline.stages.removeButton')}
      cancelLabel={t('company.cancel')}
      closeLabel={t('company.close')}
      describeError={(error) => failureText(error, locale)}
      onConfirm={async () => {
        await removeStage(stage.key, stage.applications ? moveTo : undefined);
        notifySuccess(t('pipeline.stages.removed', { stage: name }));
      }}
      onClose={onClose}
    />
  );
}

export default function StagesDialog({ locale, t, onClose }: Props) {
  const stages = useStore($stages);
  const [failed, setFailed] = useState<unknown>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<PipelineStage | null>(null);
  useEffect(() => {
    loadStages().catch(setFailed);
    return closeStages;
  }, []);
  const between = stages?.filter((s) => !s.fixed) ?? [];
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      await addStage(draft);
      notifySuccess(t('pipeline.stages.added', { stage: draft.trim() }));
      setDraft('');
    } catch (failure) {
      setError(failureText(failure, locale));
    } finally {
      setBusy(false);
    }
  };
  const fixedRow = (stage: PipelineStage) => (
    <li key={stage.key} className="pipeline-stage-row" data-stage-row={stageNameOf(stage, t)}>
      <p className="company-row-title">
        {stageNameOf(stage, t)} <Badge>{t('pipeline.stages.fixed')}</Badge>
      </p>
      <p className="company-muted">{t('pipeline.stages.count', { count: stage.applications })}</p>
    </li>
  );
  const body = () => {
    if (failed && !stages) return <Alert>{t('pipeline.stages.loadFailed')}</Alert>;
    if (!stages) return <Skeleton className="company-skeleton-body" />;
    return (
      <>
        <ol className="pipeline-stage-list" aria-label={t('pipeline.stages.title')}>
          {stages.filter((s) => s.key === 'applied').map(fixedRow)}
          {between.map((stage, index) => (
            <StageRow
              // A name changed elsewhere (another member, live) starts the field afresh.
              key={`${stage.key}:${stage.name ?? ''}`}
              stage={stage}
              index={index}
              last={between.length - 1}
              locale={locale}
              t={t}
              onRemove={() => setRemoving(stage)}
            />
          ))}
          {stages.filter((s) => s.fixed && s.key !== 'applied').map(fixedRow)}
        </ol>
        <form
          className="pipeline-stage-name"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Field label={t('pipeline.stages.new')} hint={t('pipeline.stages.newHint')} error={error ?? undefined}>
            {(control) => <TextInput {...control} value={draft} maxLength={stageLimits.name} onChange={(e) => setDraft(e.target.value)} />}
          </Field>
          <Button size="small" type="submit" loading={busy}>
            {t('pipeline.stages.add')}
          </Button>
        </form>
      </>
    );
  };
  return (
    <Dialog title={t('pipeline.stages.title')} closeLabel={t('company.close')} onClose={onClose} size="medium">
      <p className="company-muted">{t('pipeline.stages.intro')}</p>
      {body()}
      {removing && stages ? <RemoveStage stage={removing} stages={stages} locale={locale} t={t} onClose={() => setRemoving(null)} /> : null}
    </Dialog>
  );
}
