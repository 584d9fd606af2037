// An opening's applicants (decision 262), for owners and admins: each with their profile's
// header and jobs (company-verified first, with their level of trust), cover note and document, and
// the stage moved by a select (keyboard first); the company's notes open under each, never shown to
// the applicant. Every free text is rendered as text.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { applicationLimits, type Applicant, type ApplicationNote } from '../../../contract/applications.ts';
import type { StageColumn } from '../../../contract/jobs-pipeline.ts';
import { personalOriginOf } from '../../../contract/company-hosts.ts';
import type { Team } from '../../../contract/companies.ts';
import type { ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Button from '../../components/Button.tsx';
import Dialog from '../../components/Dialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import Field from '../../components/Field.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import { TextArea } from '../../components/TextInput.tsx';
import { VerifiedBadge } from '../../components/careers/CareerJobItem.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { formatDate, formatDateTime } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { buildSitePath } from '../../lib/base/site-path.ts';
import { notifyError, notifySuccess } from '../../lib/stores/toasts.ts';
import {
  $applicants,
  addNote,
  closeApplicants,
  downloadApplicationDocument,
  loadApplicants,
  loadMoreApplicants,
  messagesOf,
  moveApplicant,
  notesOf,
  sendMessage,
} from '../../lib/stores/workspace-applicants.ts';
import HireDialog from './HireDialog.tsx';
import Conversation from '../../components/Conversation.tsx';
import PipelineBoard from './PipelineBoard.tsx';
import StagesDialog from './StagesDialog.tsx';
import { stageNameOf } from './stage-names.ts';
import StageSelect from './StageSelect.tsx';
import { ApplicantFacts, ApplicantFilters, ApplicantRatingField } from './ApplicantRanking.tsx';

interface Props {
  opening: { id: number; title: string };
  canMove: boolean;
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
  onClose: () => void;
}

const nameOf = (applicant: Applicant) => `${applicant.person.first_name} ${applicant.person.last_name}`.trim();

/** The company's notes on one application: read when opened; owners and admins add to them. */
function Notes({ applicant, canWrite, locale, t }: { applicant: Applicant; canWrite: boolean; locale: Locale; t: Translate }) {
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState<ApplicationNote[] | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listId = useId();
  useEffect(() => {
    if (open) notesOf(applicant.id).then(setNotes, (failure: unknown) => setError(failureText(failure, locale)));
  }, [open, applicant.id, locale]);
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      setNotes(await addNote(applicant.id, draft));
      setDraft('');
    } catch (failure) {
      setError(failureText(failure, locale));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="pipeline-notes">
      <Button size="small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {t('pipeline.notes', { count: applicant.notes_count })}
      </Button>
      {open ? (
        <div id={listId} className="company-stack">
          <p className="company-muted">{t('pipeline.notesHint')}</p>
          {notes === null && !error ? <Skeleton className="pipeline-skeleton" /> : null}
          {notes?.length ? (
            <ul className="pipeline-note-list">
              {notes.map((note) => (
                <li key={note.id}>
                  <p className="company-muted">
                    {[
                      note.author ? `${note.author.first_name} ${note.author.last_name}`.trim() : null,
                      formatDateTime(note.created_at, locale),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="pipeline-text">{note.body}</p>
                </li>
              ))}
            </ul>
          ) : null}
          {canWrite ? (
            <form
              className="company-stack"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void add();
              }}
            >
              <Field label={t('pipeline.newNote', { name: nameOf(applicant) })} error={error ?? undefined}>
                {(control) => (
                  <TextArea
                    {...control}
                    value={draft}
                    maxLength={applicationLimits.note}
                    rows={3}
                    onChange={(e) => setDraft(e.target.value)}
                  />
                )}
              </Field>
              <div>
                <Button size="small" type="submit" loading={busy}>
                  {t('pipeline.addNote')}
                </Button>
              </div>
            </form>
          ) : error ? (
            <Alert>{error}</Alert>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The conversation with the applicant (decision 271): read when opened, again when a message arrives. */
function Messages({ applicant, canWrite, locale, t }: { applicant: Applicant; canWrite: boolean; locale: Locale; t: Translate }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="pipeline-notes">
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {t('pipeline.conversation', { count: applicant.messages_count })}
      </Button>
      {open ? (
        <div id={id} className="company-stack">
          <p className="company-muted">{t('pipeline.conversationHint')}</p>
          <Conversation
            load={() => messagesOf(applicant.id)}
            send={(body) => sendMessage(applicant.id, body)}
            version={applicant.messages_count}
            canWrite={canWrite}
            locale={locale}
            words={{
              own: 'company',
              you: t('pipeline.message.ourSide'),
              other: nameOf(applicant),
              empty: t('pipeline.message.empty'),
              label: t('pipeline.message.label', { name: nameOf(applicant) }),
              send: t('pipeline.message.send'),
              failed: t('pipeline.message.failed'),
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

interface ItemProps {
  applicant: Applicant;
  /** The company's stages in its order (decision 279). */
  stages: readonly StageColumn[];
  canMove: boolean;
  locale: Locale;
  t: Translate;
  /** Moves the applicant (the dialog's; Hired is its own step with a start date, HireDialog). */
  onMove: (stage: Applicant['stage']) => void;
}

function ApplicantItem({ applicant, stages, canMove, locale, t, onMove: move }: ItemProps) {
  const name = nameOf(applicant);
  const profile = `${personalOriginOf(location.origin) ?? ''}${buildSitePath({ locale, profileId: String(applicant.person.user_id), page: '/' })}`;
  return (
    <li className="pipeline-applicant" data-applicant={name}>
      <div className="pipeline-head">
        <Avatar name={name} src={applicant.person.photo_url} seed={applicant.person.user_id} />
        <div className="company-row-main">
          <p className="company-row-title">
            <a href={profile} target="_blank" rel="noopener">
              {name}
            </a>
          </p>
          {applicant.person.headline ? <p className="company-muted">{applicant.person.headline}</p> : null}
          <p className="company-muted">{t('pipeline.appliedOn', { date: formatDate(applicant.applied_at, locale) })}</p>
        </div>
        <StageSelect applicant={applicant} stages={stages} canMove={canMove} name={name} className="pipeline-stage" t={t} onMove={move} />
      </div>
      {applicant.cover_note ? (
        <div className="pipeline-block">
          <p className="company-muted">{t('pipeline.coverNote')}</p>
          <p className="pipeline-text">{applicant.cover_note}</p>
        </div>
      ) : null}
      {applicant.document ? (
        <div>
          <Button
            size="small"
            onClick={() =>
              void downloadApplicationDocument(applicant).catch((failure: unknown) => notifyError(failureText(failure, locale)))
            }
          >
            {t('pipeline.document', { name: applicant.document.name })}
          </Button>
        </div>
      ) : null}
      <ApplicantRatingField applicant={applicant} name={name} canRate={canMove} locale={locale} t={t} />
      <div className="pipeline-block">
        <p className="company-muted">{t('pipeline.jobs', { count: applicant.jobs.length })}</p>
        {applicant.jobs.length ? (
          <ul className="pipeline-jobs">
            {applicant.jobs.map((job) => (
              <li key={`${job.verified ? 'v' : 's'}${job.id}`}>
                <span>{[job.position, job.company.name].filter(Boolean).join(' · ')}</span>
                {job.verified ? <VerifiedBadge job={job} t={t} /> : <span className="company-muted">{t('pipeline.selfDeclared')}</span>}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ApplicantFacts applicant={applicant} locale={locale} t={t} />
      <Notes applicant={applicant} canWrite={canMove} locale={locale} t={t} />
      <Messages applicant={applicant} canWrite={canMove} locale={locale} t={t} />
    </li>
  );
}

export default function ApplicantsDialog({ opening, canMove, teams, locale, t, onClose }: Props) {
  const applicants = useStore($applicants);
  const [failed, setFailed] = useState<unknown>(null);
  const [hiring, setHiring] = useState<Applicant | null>(null);
  const [view, setView] = useState<'list' | 'board'>('list');
  const [editingStages, setEditingStages] = useState(false);
  const [more, setMore] = useState<string | null>(null);
  const shown = applicants?.openingId === opening.id ? applicants : null;
  const stages = shown?.stages ?? [];
  // The board's drag and its selects move as the list's select does; Hired opens its own dialog.
  const moveTo = async (applicant: Applicant, stage: string) => {
    if (stage === 'hired') return setHiring(applicant);
    const column = stages.find((s) => s.key === stage);
    try {
      await moveApplicant(applicant.id, stage);
      notifySuccess(t('pipeline.moved', { name: nameOf(applicant), stage: column ? stageNameOf(column, t) : stage }));
    } catch (failure) {
      notifyError(failureText(failure, locale));
    }
  };
  useEffect(() => {
    loadApplicants(opening.id).catch(setFailed);
    return closeApplicants;
  }, [opening.id]);
  const list = shown?.list ?? null;
  const filter = shown?.filter ?? {};
  // The list's next page, or a board column's ('' for the list): one at a time, the button shows it loading.
  const readMore = (stage?: string) => {
    setMore(stage ?? '');
    loadMoreApplicants(stage)
      .catch((failure: unknown) => notifyError(failureText(failure, locale)))
      .finally(() => setMore(null));
  };
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== 'newest');
  const applyFilter = (next: ApplicantsFilter) => void loadApplicants(opening.id, next).then(() => setFailed(null), setFailed);
  const body = () => {
    if (failed && !list) {
      return (
        <Alert>
          <p>{t('pipeline.loadFailed')}</p>
          <Button size="small" onClick={() => void loadApplicants(opening.id, filter).then(() => setFailed(null), setFailed)}>
            {t('openings.retry')}
          </Button>
        </Alert>
      );
    }
    if (!list) return <Skeleton className="company-skeleton-body" />;
    if (!list.length && filtered) return <EmptyState title={t('pipeline.filter.none')} text={t('pipeline.filter.noneText')} />;
    if (!list.length) return <EmptyState title={t('pipeline.empty')} text={t('pipeline.emptyText')} />;
    if (view === 'board')
      return (
        <PipelineBoard
          list={list}
          stages={stages}
          canMove={canMove}
          loading={more}
          t={t}
          nameOf={nameOf}
          onMove={(applicant, stage) => void moveTo(applicant, stage)}
          onMore={readMore}
        />
      );
    return (
      <>
        <ul className="pipeline-list" aria-label={t('pipeline.listLabel', { title: opening.title })}>
          {list.map((applicant) => (
            <ApplicantItem
              key={applicant.id}
              applicant={applicant}
              stages={stages}
              canMove={canMove}
              locale={locale}
              t={t}
              onMove={(stage) => void moveTo(applicant, stage)}
            />
          ))}
        </ul>
        {shown?.next ? (
          <div>
            <Button loading={more === ''} onClick={() => readMore()}>
              {t('pipeline.more', { shown: list.length, total: shown.total })}
            </Button>
          </div>
        ) : null}
      </>
    );
  };
  return (
    <Dialog
      title={t('pipeline.title', { title: opening.title })}
      closeLabel={t('company.close')}
      onClose={onClose}
      size="large"
      fallbackFocus={() => document.getElementById('company-openings')}
    >
      <p className="company-muted">{t('pipeline.intro')}</p>
      <div className="pipeline-tools">
        <ApplicantFilters filter={filter} onApply={applyFilter} locale={locale} t={t} />
        {canMove ? (
          <Button size="small" onClick={() => setEditingStages(true)}>
            {t('pipeline.stages.button')}
          </Button>
        ) : null}
        <div className="pipeline-views" role="group" aria-label={t('pipeline.view')}>
          {(['list', 'board'] as const).map((option) => (
            <Button key={option} size="small" aria-pressed={view === option} onClick={() => setView(option)}>
              {t(`pipeline.view.${option}`)}
            </Button>
          ))}
        </div>
      </div>
      {view === 'board' && canMove ? <p className="company-muted">{t('pipeline.boardHint')}</p> : null}
      {list && filtered ? (
        <p className="company-muted" role="status">
          {t('pipeline.filter.shown', { count: shown?.total ?? list.length })}
        </p>
      ) : null}
      {body()}
      {editingStages ? <StagesDialog locale={locale} t={t} onClose={() => setEditingStages(false)} /> : null}
      {hiring ? (
        <HireDialog
          applicant={hiring}
          name={nameOf(hiring)}
          opening={opening}
          teams={teams}
          locale={locale}
          t={t}
          onClose={() => setHiring(null)}
        />
      ) : null}
    </Dialog>
  );
}
