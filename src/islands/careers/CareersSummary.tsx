// The careers page's second column on wide screens: the history at a glance (time
// in work, jobs a company confirmed, companies, requests waiting) and the companies that verified a
// job, from the same jobs the timeline shows. On a phone it follows the timeline.
import type { CareerJob } from '../../../contract/careers.ts';
import type { Locale } from '../../../contract/locale.ts';
import Avatar from '../../components/Avatar.tsx';
import Card from '../../components/Card.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { careerSummary, jobPeriod } from '../../lib/base/careers-timeline.ts';
import { formatMonthCount } from '../../lib/base/dates.ts';
import { detailsHref } from '../../components/careers/CareerJobItem.tsx';

export default function CareersSummary({ jobs, locale, t }: { jobs: readonly CareerJob[]; locale: Locale; t: Translate }) {
  const summary = careerSummary(jobs);
  const verified = jobs.filter((job) => job.verified);
  return (
    <aside className="careers-aside">
      <Card title={t('careers.summary.title')} className="careers-summary">
        <dl className="careers-stats">
          <div>
            <dt>{t('careers.summary.experience')}</dt>
            <dd>{formatMonthCount(summary.experienceMonths, locale) || '—'}</dd>
          </div>
          <div>
            <dt>{t('careers.summary.verified')}</dt>
            <dd>{t('careers.summary.verifiedCount', { verified: summary.verified, total: summary.jobs })}</dd>
          </div>
          <div>
            <dt>{t('careers.summary.companies')}</dt>
            <dd>{summary.companies}</dd>
          </div>
          {summary.awaitingConfirmation > 0 ? (
            <div>
              <dt>{t('careers.summary.awaiting')}</dt>
              <dd>{summary.awaitingConfirmation}</dd>
            </div>
          ) : null}
        </dl>
      </Card>
      <Card title={t('careers.summary.employers')} className="careers-employers">
        {verified.length === 0 ? (
          <p className="careers-aside-text">{t('careers.summary.noneVerified')}</p>
        ) : (
          <ul className="careers-employer-list">
            {verified.map((job) => (
              <li key={job.id}>
                <Avatar name={job.company.name} seed={job.company.id ?? job.company.name} src={job.company.logo_url} square />
                <div>
                  <a href={detailsHref(job.id, locale)}>{job.company.name}</a>
                  <p className="careers-aside-text">{jobPeriod(job, locale, t('careers.present')).months}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </aside>
  );
}
