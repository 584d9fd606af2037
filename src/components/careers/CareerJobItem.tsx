// One job on the careers timeline: the company's logo or initials, the position, the company with
// the verified badge when the company confirmed the job, its months and length, and the way to its
// details; the person's own jobs also offer edit and delete.
import type { CareerJob } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import { trustLevelOf } from '../../../contract/trust.ts';
import Avatar from '../Avatar.tsx';
import Badge from '../Badge.tsx';
import { ButtonLink } from '../Button.tsx';
import Icon from '../Icon.tsx';
import IconButton from '../IconButton.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { jobPeriod } from '../../lib/base/careers-timeline.ts';
import { buildSitePath, currentSitePath } from '../../lib/base/site-path.ts';

/** The details page of a job, keeping the page's language and profile prefix. */
export function detailsHref(jobId: number, locale: Locale): string {
  return buildSitePath({ locale, profileId: currentSitePath().profileId, page: `/employment-details/${jobId}` });
}

/**
 * A confirmed job's level of trust (contract/trust.ts, decision 257), in words, not by colour or icon
 * alone: 'Verified · northwind.example' when the company proved its domain, 'Verified · identity not
 * verified' when it did not. A self-declared job has no such badge. Beside it, on any job, the
 * person's confirmed work email (decision 260): 'Work email at northwind.example confirmed', never
 * the address.
 */
export function VerifiedBadge({
  job,
  t,
}: {
  job: { verified: boolean; company: { verified_domain: string | null }; work_email_domain?: string | null };
  t: (key: 'careers.verified' | 'careers.trust.identityNotVerified' | 'careers.trust.workEmail', params?: Record<string, string>) => string;
}) {
  const level = trustLevelOf(job);
  const proof = level === 'domain_verified' ? job.company.verified_domain : t('careers.trust.identityNotVerified');
  return (
    <>
      {level !== 'self_declared' ? (
        <Badge variant={level === 'domain_verified' ? 'success' : 'neutral'} className="careers-verified">
          <Icon name={level === 'domain_verified' ? 'verified' : 'info'} />
          <span>
            {t('careers.verified')} · {proof}
          </span>
        </Badge>
      ) : null}
      {job.work_email_domain ? (
        <Badge variant="neutral" className="careers-verified careers-work-email">
          <Icon name="briefcase" />
          <span>{t('careers.trust.workEmail', { domain: job.work_email_domain })}</span>
        </Badge>
      ) : null}
    </>
  );
}

/** A job's company (with 'Verified' and 'Current') and its months and length, on the timeline and the details page. */
export function JobCompanyAndPeriod({
  job,
  locale,
  t,
  companyClassName,
}: {
  job: CareerJob;
  locale: Locale;
  t: Translate;
  companyClassName?: string;
}) {
  const { months, duration } = jobPeriod(job, locale, t('careers.present'));
  return (
    <>
      <p className="careers-company">
        <span className={companyClassName}>{job.company.name}</span>
        <VerifiedBadge job={job} t={t} />
        {/* Once the person chose to leave, the job is no longer simply current. */}
        {job.is_current ? <Badge variant="accent">{t(job.leaves_on ? 'careers.leaving' : 'careers.current')}</Badge> : null}
      </p>
      <p className="careers-period">
        <span>{months}</span>
        {duration ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="careers-duration">{duration}</span>
          </>
        ) : null}
      </p>
    </>
  );
}

interface Props {
  job: CareerJob;
  locale: Locale;
  t: Translate;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

export default function CareerJobItem({ job, locale, t, onEdit, onDelete }: Props) {
  const position = job.position ?? t('careers.noPosition');
  const name = `${position}, ${job.company.name}`;
  return (
    <li className="careers-job" data-job={job.id} data-current={job.is_current ? '' : undefined} tabIndex={-1}>
      <span className="careers-marker" aria-hidden="true" />
      <Avatar name={job.company.name} src={job.company.logo_url} square className="careers-logo" />
      <div className="careers-job-body">
        <h3 className="careers-position">{position}</h3>
        <JobCompanyAndPeriod job={job} locale={locale} t={t} />
        {!job.verified ? <p className="careers-source">{t('careers.selfDeclared')}</p> : null}
      </div>
      <div className="careers-job-actions">
        <ButtonLink size="small" href={detailsHref(job.id, locale)} aria-label={t('careers.detailsOf', { name })}>
          {t('careers.details')}
        </ButtonLink>
        {onEdit ? <IconButton icon="edit" label={t('careers.edit', { name })} onClick={onEdit} /> : null}
        {onDelete ? (
          <IconButton icon="trash" variant="danger" label={t('careers.delete', { name })} data-action="delete" onClick={onDelete} />
        ) : null}
      </div>
    </li>
  );
}
