// The workspace's Openings tab (decision 255): the company's openings with their status;
// owners and admins create and edit them in a dialog (unsaved changes guarded) and publish, close and
// reopen them after a confirmation; plain members read the published and closed ones. Loading, empty
// and failed states of their own.
import '../../styles/openings.css';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Competency } from '../../../contract/careers-company.ts';
import type { Team } from '../../../contract/companies.ts';
import { personalOriginOf } from '../../../contract/company-hosts.ts';
import type { Opening } from '../../../contract/jobs.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Badge from '../../components/Badge.tsx';
import Button from '../../components/Button.tsx';
import Card from '../../components/Card.tsx';
import ConfirmDialog from '../../components/ConfirmDialog.tsx';
import EmptyState from '../../components/EmptyState.tsx';
import FormDialog from '../../components/FormDialog.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { unsavedChangesTexts } from '../../lib/forms/confirmations.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { $openings, moveOpening, refreshOpenings, type OpeningMove } from '../../lib/stores/workspace-openings.ts';
import ApplicantsDialog from './ApplicantsDialog.tsx';
import OpeningForm from './OpeningForm.tsx';

const moves: Record<Opening['status'], OpeningMove | null> = { draft: 'publish', published: 'close', closed: 'reopen' };
const toasts = { publish: 'openings.publishedToast', close: 'openings.closedToast', reopen: 'openings.reopenedToast' } as const;

function statusOf(opening: Opening, t: Translate) {
  if (opening.status === 'published' && opening.expired) return <Badge>{t('openings.status.expired')}</Badge>;
  const variant = opening.status === 'published' ? 'success' : 'neutral';
  return <Badge variant={variant}>{t(`openings.status.${opening.status}`)}</Badge>;
}

/** A row's buttons: the applicants for those who see them; edit and the next status move for managers. */
function OpeningActions({
  opening,
  canManage,
  seesApplicants,
  t,
  onApplicants,
  onEdit,
  onMove,
}: {
  opening: Opening;
  canManage: boolean;
  seesApplicants: boolean;
  t: Translate;
  onApplicants: () => void;
  onEdit: () => void;
  onMove: (move: OpeningMove) => void;
}) {
  const move = moves[opening.status];
  const pipeline = seesApplicants && opening.status !== 'draft';
  if (!canManage && !pipeline) return null;
  return (
    <div className="company-row-actions">
      {pipeline ? (
        <Button size="small" onClick={onApplicants} aria-label={t('pipeline.open', { title: opening.title })}>
          {t('pipeline.openButton')}
        </Button>
      ) : null}
      {canManage ? (
        <Button size="small" onClick={onEdit} aria-label={t('openings.edit', { title: opening.title })}>
          {t('openings.editButton')}
        </Button>
      ) : null}
      {canManage && move ? (
        <Button size="small" variant={move === 'close' ? 'danger' : 'primary'} onClick={() => onMove(move)}>
          {t(`openings.${move}`)}
        </Button>
      ) : null}
    </div>
  );
}

/** The question before an opening is published, closed or reopened. */
function MoveConfirm({
  moving,
  locale,
  t,
  onClose,
}: {
  moving: { opening: Opening; move: OpeningMove };
  locale: Locale;
  t: Translate;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title={t(`openings.${moving.move}Title`, { title: moving.opening.title })}
      message={
        moving.move === 'close' ? (
          <p>{t('openings.closeText')}</p>
        ) : (
          <p>{t(`openings.${moving.move}Text`, { date: formatDate(moving.opening.closes_on, locale) })}</p>
        )
      }
      confirmLabel={t(`openings.${moving.move}`)}
      cancelLabel={t('company.cancel')}
      closeLabel={t('company.close')}
      describeError={(error) => failureText(error, locale)}
      onConfirm={async () => {
        await moveOpening(moving.opening.id, moving.move);
        notifySuccess(t(toasts[moving.move], { title: moving.opening.title }));
      }}
      onClose={onClose}
      fallbackFocus={() => document.getElementById('company-openings')}
    />
  );
}

export default function OpeningsPanel({
  canManage,
  applicants,
  competencies,
  teams,
  locale,
  t,
}: {
  canManage: boolean;
  /** Whether the member sees applicants (`applications.view`) and moves them (`applications.manage`); decision 262. */
  applicants: { view: boolean; manage: boolean };
  competencies: readonly Competency[];
  teams: readonly Team[];
  locale: Locale;
  t: Translate;
}) {
  const openings = useStore($openings).data ?? null;
  const [failed, setFailed] = useState<unknown>(null);
  const [editing, setEditing] = useState<Opening | 'new' | null>(null);
  const [moving, setMoving] = useState<{ opening: Opening; move: OpeningMove } | null>(null);
  const [pipeline, setPipeline] = useState<Opening | null>(null);
  // The public pages live on the personal host; this panel only ever renders in the browser.
  const [origin] = useState(() => personalOriginOf(location.origin));

  useEffect(() => {
    refreshOpenings().catch((error: unknown) => setFailed(error));
  }, []);
  const load = () => void refreshOpenings().then(() => setFailed(null), setFailed);

  const list = () => {
    if (failed && !openings) {
      return (
        <Alert>
          <p>{t('openings.loadFailed')}</p>
          <Button size="small" onClick={load}>
            {t('openings.retry')}
          </Button>
        </Alert>
      );
    }
    if (!openings) return <Skeleton className="company-skeleton-body" />;
    if (openings.length === 0) {
      return canManage ? (
        <EmptyState title={t('openings.empty')} text={t('openings.emptyText')} />
      ) : (
        <EmptyState title={t('openings.empty')} text={t('openings.emptyMember')} />
      );
    }
    return (
      <ul className="company-list">
        {openings.map((opening) => {
          const where = [opening.location, opening.remote ? t('openings.remote') : null].filter(Boolean).join(' · ');
          return (
            <li key={opening.id} className="company-row" data-opening={opening.title}>
              <div className="company-row-main">
                <p className="company-row-title">{opening.title}</p>
                <p className="company-muted openings-meta">
                  {statusOf(opening, t)}
                  <span>{t(`openings.employmentType.${opening.employment_type}`)}</span>
                  {where ? <span>{where}</span> : null}
                  <span>{t('openings.closesOn', { date: formatDate(opening.closes_on, locale) })}</span>
                </p>
                {opening.public_path && origin ? (
                  <p>
                    <a href={`${origin}${locale === 'uk_UA' ? '/uk' : ''}${opening.public_path}`} target="_blank" rel="noopener">
                      {t('openings.publicPage')}
                    </a>
                  </p>
                ) : null}
              </div>
              <OpeningActions
                opening={opening}
                canManage={canManage}
                seesApplicants={applicants.view}
                t={t}
                onApplicants={() => setPipeline(opening)}
                onEdit={() => setEditing(opening)}
                onMove={(move) => setMoving({ opening, move })}
              />
            </li>
          );
        })}
      </ul>
    );
  };

  const formId = editing === 'new' ? 'opening-form-new' : editing ? `opening-form-${editing.id}` : '';
  return (
    <div className="company-stack">
      <Card
        title={t('openings.title')}
        titleId="company-openings"
        actions={
          canManage ? (
            <Button variant="primary" onClick={() => setEditing('new')}>
              {t('openings.new')}
            </Button>
          ) : null
        }
      >
        <p className="company-muted">{canManage ? t('openings.intro') : t('openings.introMember')}</p>
        {canManage && openings?.some((o) => o.status === 'published' && !o.expired && !o.public_path) ? (
          <p className="company-muted">{t('openings.noPublicPage')}</p>
        ) : null}
        {list()}
      </Card>
      {editing ? (
        <FormDialog
          title={editing === 'new' ? t('openings.newTitle') : t('openings.editTitle')}
          closeLabel={t('company.close')}
          cancelLabel={t('company.cancel')}
          onClose={() => setEditing(null)}
          unsaved={{ texts: unsavedChangesTexts(locale) }}
          formId={formId}
          submitLabel={editing === 'new' ? t('openings.saveDraft') : t('openings.save')}
        >
          <OpeningForm
            formId={formId}
            opening={editing === 'new' ? null : editing}
            competencies={competencies}
            teams={teams}
            locale={locale}
            t={t}
            onDone={() => setEditing(null)}
          />
        </FormDialog>
      ) : null}
      {pipeline ? (
        <ApplicantsDialog
          opening={pipeline}
          canMove={applicants.manage}
          teams={teams}
          locale={locale}
          t={t}
          onClose={() => setPipeline(null)}
        />
      ) : null}
      {moving ? <MoveConfirm moving={moving} locale={locale} t={t} onClose={() => setMoving(null)} /> : null}
    </div>
  );
}
