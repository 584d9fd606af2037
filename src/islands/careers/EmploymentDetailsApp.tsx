// Employment details (SPEC §2 'Employment details'): one job of the signed-in person with
// its competencies and review rounds, in-company score and how it was computed, final feedback and
// collaboration assessment, technical skills and experience description (only the owner edits them,
// SPEC §6), supporting documents, the achievements the job earned, its history, and 'Leave company'. A
// self-declared job at a company not on the platform says so (SPEC §8).
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import '../../styles/careers.css';
import type { EmploymentDetails } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Avatar from '../../components/Avatar.tsx';
import Card from '../../components/Card.tsx';
import Icon from '../../components/Icon.tsx';
import Skeleton from '../../components/Skeleton.tsx';
import type { MessageKey } from '../../i18n/index.ts';
import { messagesTranslator, type Messages, type Translate } from '../../i18n/translator.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { buildSitePath, currentPathForDisplay, currentSitePath } from '../../lib/base/site-path.ts';
import {
  $employment,
  loadEmployment,
  saveFinalFeedbackReply,
  deleteFinalFeedbackReply,
  setFinalFeedbackVisibility,
} from '../../lib/stores/careers.ts';
import { showFatalError } from '../../lib/stores/fatal-error.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { JobCompanyAndPeriod } from '../../components/careers/CareerJobItem.tsx';
import ConfirmationCard from './ConfirmationCard.tsx';
import CredentialCard from './CredentialCard.tsx';
import DocumentsCard from './DocumentsCard.tsx';
import ExperienceCard from './ExperienceCard.tsx';
import LeaveCompany from './LeaveCompany.tsx';
import WorkEmailCard from './WorkEmailCard.tsx';
import RatingValue from '../../components/careers/RatingValue.tsx';
import ReviewRounds, { ConsentSwitch, PublicReply } from './ReviewRounds.tsx';
import ScoreCard from '../../components/careers/ScoreCard.tsx';
import ScoreHistory from '../../components/careers/ScoreHistory.tsx';

interface Props {
  locale: Locale;
  messages: Messages;
}

/** The job id of `/employment-details/{id}`, or undefined when the path names none. */
export function jobIdOfPage(page: string): number | undefined {
  const match = /^\/employment-details\/(\d+)$/.exec(page);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function Facts({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  const rows: [string, string][] = [];
  if (job.team) rows.push([t('details.team'), job.team.name]);
  if (job.verified) rows.push([t('details.reviewer'), job.reviewer?.name ?? t('details.noReviewer')]);
  if (job.planned_termination) rows.push([t('details.plannedTermination'), formatDate(job.planned_termination, locale)]);
  if (job.leaves_on) rows.push([t('details.leavesOn'), formatDate(job.leaves_on, locale)]);
  if (!rows.length) return null;
  return (
    <dl className="employment-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function FinalFeedbackCard({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  const feedback = job.final_feedback;
  return (
    <Card title={t('details.feedback.title')} className="employment-feedback">
      {!feedback ? (
        <p className="employment-muted">{t('details.feedback.none')}</p>
      ) : (
        <>
          <p className="employment-muted">{t('details.feedback.given', { date: formatDate(feedback.given_at, locale) })}</p>
          {feedback.text ? <blockquote className="preserve-lines employment-quote">{feedback.text}</blockquote> : null}
          {feedback.assessment ? (
            <p className="employment-assessment">
              <span className="employment-assessment-label">{t('details.feedback.assessment')}</span>
              <RatingValue rating={feedback.assessment} t={t} />
            </p>
          ) : null}
          <ConsentSwitch
            label={t('details.feedback.showPublic')}
            checked={feedback.is_public}
            onChange={async (next) => {
              await setFinalFeedbackVisibility(job.id, next);
              notifySuccess(t(next ? 'details.feedback.shown' : 'details.feedback.hidden'));
            }}
          />
          <PublicReply
            reply={feedback.reply}
            repliedAt={feedback.replied_at}
            subject={t('details.feedback.title')}
            locale={locale}
            t={t}
            onSave={(text) => saveFinalFeedbackReply(job.id, text)}
            onDelete={() => deleteFinalFeedbackReply(job.id)}
          />
        </>
      )}
    </Card>
  );
}

/**
 * The history: 'Started' on the job's own start date, then what the company recorded (a hire, a
 * confirmation with its own date, changes, leaving). A confirmation is not the start (decision 167).
 */
function EventsCard({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  return (
    <Card title={t('details.events.title')} className="employment-events">
      <ol className="employment-event-list">
        <li className="employment-event" data-event="started">
          <p className="employment-event-name">{t('details.events.started')}</p>
          <p className="employment-muted">
            <time dateTime={job.start_date}>{formatDate(job.start_date, locale)}</time>
          </p>
        </li>
        {job.events.map((event) => (
          <li key={event.id} className="employment-event" data-event={event.kind}>
            <p className="employment-event-name">{t(`employment.event.${event.kind}` as MessageKey)}</p>
            <p className="employment-muted">
              <time dateTime={event.occurred_at}>{formatDate(event.occurred_at, locale)}</time>
            </p>
            {event.kind === 'hired' || event.kind === 'job_changed' ? (
              event.position ? (
                <p>{t('details.events.position', { position: event.position })}</p>
              ) : null
            ) : null}
            {event.kind === 'reviewer_changed' ? (
              <p>{event.reviewer_name ? t('details.events.reviewer', { name: event.reviewer_name }) : t('details.events.noReviewer')}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** What this job earned (the server picks them); no card when it earned nothing. */
function AchievementsCard({ job, locale, t }: { job: EmploymentDetails; locale: Locale; t: Translate }) {
  if (job.achievements.length === 0) return null;
  return (
    <Card title={t('details.achievements.title')} className="employment-achievements">
      <ul className="employment-achievement-list">
        {job.achievements.map((achievement) => (
          <li key={achievement.code}>
            <Icon name="star" />
            <span>{t(`achievements.item.${achievement.code}.name` as MessageKey)}</span>
            <span className="employment-muted">{t('achievements.issued', { date: formatDate(achievement.unlocked_at, locale) })}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function EmploymentDetailsApp({ locale, messages }: Props) {
  const t = useMemo(() => messagesTranslator(messages), [messages]);
  const job = useStore($employment).data;
  useEffect(() => {
    // Read in the browser: the page is prerendered once for every id.
    const jobId = jobIdOfPage(currentSitePath().page);
    if (jobId === undefined) {
      showFatalError({ status: 404, message: t('error.pageNotFound', { path: currentPathForDisplay() }) }, t('details.notFound'));
      return;
    }
    // Someone else's job, or none, is the error screen with its message (SPEC §8).
    loadEmployment(jobId).catch((error: unknown) => showFatalError(error, t('details.notFound')));
  }, [t]);

  if (!job) {
    return (
      <div className="employment" aria-busy="true">
        <h1 className="visually-hidden">{t('title.employment-details')}</h1>
        <p className="visually-hidden" role="status">
          {t('careers.loading')}
        </p>
        <Skeleton className="employment-skeleton-head" />
        <Skeleton className="employment-skeleton-body" />
      </div>
    );
  }

  const careersHref = buildSitePath({ locale, profileId: currentSitePath().profileId, page: '/careers' });
  // A self-declared job at a company not on the platform: nothing of the company's to show (SPEC §8).
  const unregistered = !job.verified && !job.company.registered;
  return (
    <div className="employment">
      <nav aria-label={t('title.careers')} className="employment-crumbs">
        <a href={careersHref}>
          <span aria-hidden="true">← </span>
          {t('details.backToCareers')}
        </a>
      </nav>
      <header className="employment-header ui-card">
        <Avatar name={job.company.name} src={job.company.logo_url} square size="large" />
        <div className="employment-header-main">
          <p className="employment-eyebrow">{t('title.employment-details')}</p>
          <h1>{job.position ?? t('careers.noPosition')}</h1>
          <JobCompanyAndPeriod job={job} locale={locale} t={t} companyClassName="employment-company" />
          {!job.verified ? <p className="employment-muted">{t('details.selfDeclaredNote')}</p> : null}
          <Facts job={job} locale={locale} t={t} />
        </div>
        {job.can_leave ? (
          <div className="employment-header-actions">
            <LeaveCompany job={job} locale={locale} t={t} />
          </div>
        ) : null}
      </header>
      {job.leaves_on && job.is_current ? (
        <Alert variant="info">{t('details.leavingNote', { company: job.company.name, date: formatDate(job.leaves_on, locale) })}</Alert>
      ) : null}
      {unregistered ? (
        <Alert variant="info" className="employment-unregistered">
          {t('error.unregisteredCompany')}
        </Alert>
      ) : null}
      <div className="employment-columns">
        <div className="employment-main">
          {job.verified ? (
            <>
              <ScoreCard score={job.in_company_score} companyName={job.company.name} locale={locale} t={t} />
              {job.reviews.length ? (
                <Card title={t('details.history.title')} className="employment-history">
                  <ScoreHistory competencies={job.competencies} reviews={job.reviews} locale={locale} t={t} />
                </Card>
              ) : null}
              <ReviewRounds jobId={job.id} reviews={job.reviews} locale={locale} t={t} />
              <FinalFeedbackCard job={job} locale={locale} t={t} />
            </>
          ) : null}
          <ConfirmationCard job={job} locale={locale} t={t} />
          <WorkEmailCard job={job} locale={locale} t={t} />
          <ExperienceCard jobId={job.id} description={job.experience_description} skills={job.technical_skills} locale={locale} t={t} />
          <DocumentsCard jobId={job.id} documents={job.documents} locale={locale} t={t} />
        </div>
        <div className="employment-aside">
          {job.verified ? <CredentialCard job={job} locale={locale} t={t} /> : null}
          <AchievementsCard job={job} locale={locale} t={t} />
          <EventsCard job={job} locale={locale} t={t} />
        </div>
      </div>
    </div>
  );
}
