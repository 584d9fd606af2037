// The employment history on a profile: every job, current first; company-verified ones
// carry the badge and, where the person chose to show them, the company's reviews with the in-company
// score and the final feedback, each with the person's reply. The owner edits and deletes only the
// jobs they entered themselves; a company's record is the company's word.
import type { PublicJob } from '../../../contract/careers.ts';
import { highestScore } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Employment, ProfilePage } from '../../../contract/profile-sections.ts';
import IconButton from '../../components/IconButton.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { jobPeriod } from '../../lib/base/careers-timeline.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { detailsHref, VerifiedBadge } from '../../components/careers/CareerJobItem.tsx';
import RatingValue from '../../components/careers/RatingValue.tsx';
import { formatScore } from '../../components/careers/ScoreCard.tsx';

interface Props {
  page: ProfilePage;
  locale: Locale;
  t: Translate;
  onEdit: (item: Employment) => void;
  onDelete: (item: Employment) => void;
}

function CompanyWords({ job, locale, t }: { job: PublicJob; locale: Locale; t: Translate }) {
  if (!job.reviews.length && !job.final_feedback) return null;
  return (
    <div className="profile-job-words">
      {job.in_company_score !== null ? (
        <p className="profile-job-score">
          {t('details.score.title')}:{' '}
          <strong>{t('details.score.value', { score: formatScore(job.in_company_score, locale), max: highestScore })}</strong>
        </p>
      ) : null}
      {job.reviews.map((review) => (
        <section
          key={review.id}
          className="profile-job-review"
          data-public-review={review.id}
          aria-label={t('details.round.title', { date: formatDate(review.reviewed_on, locale) })}
        >
          <p className="profile-job-review-title">{t('details.round.title', { date: formatDate(review.reviewed_on, locale) })}</p>
          <ul className="profile-job-ratings">
            {review.ratings.map((rating) => (
              <li key={rating.competency_id}>
                <span>{rating.competency_name}</span>
                <RatingValue rating={rating.rating} t={t} />
                {rating.comment ? <span className="muted preserve-lines">{rating.comment}</span> : null}
              </li>
            ))}
          </ul>
          {review.reply ? (
            <p className="profile-job-reply">
              <span className="muted">{t('careers.public.reply')}: </span>
              {review.reply}
            </p>
          ) : null}
        </section>
      ))}
      {job.final_feedback ? (
        <section className="profile-job-review" aria-label={t('details.feedback.title')}>
          <p className="profile-job-review-title">{t('details.feedback.title')}</p>
          {job.final_feedback.text ? <p className="preserve-lines">{job.final_feedback.text}</p> : null}
          {job.final_feedback.assessment ? (
            <p>
              <span className="muted">{t('details.feedback.assessment')}: </span>
              <RatingValue rating={job.final_feedback.assessment} t={t} />
            </p>
          ) : null}
          {job.final_feedback.reply ? (
            <p className="profile-job-reply">
              <span className="muted">{t('careers.public.reply')}: </span>
              {job.final_feedback.reply}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export default function ProfileJobs({ page, locale, t, onEdit, onDelete }: Props) {
  return (
    <ul className="section-items">
      {page.jobs.map((job) => {
        const own = job.verified ? undefined : page.employments.find((e) => e.id === job.id);
        const position = job.position ?? t('careers.noPosition');
        const name = `${position}, ${job.company.name}`;
        const { months, duration } = jobPeriod(job, locale, t('profile.present'));
        return (
          <li key={job.id} className="section-item" data-item-key={`employments-${job.id}`} data-public-job={job.id} tabIndex={-1}>
            <div className="section-item-body">
              <h3>{position}</h3>
              <p className="profile-job-company">
                <span>{job.company.name}</span>
                <VerifiedBadge job={job} t={t} />
              </p>
              <p className="muted">{duration ? `${months} · ${duration}` : months}</p>
              {page.is_owner ? (
                <p className="muted">
                  <a href={detailsHref(job.id, locale)}>{t('careers.details')}</a>
                </p>
              ) : null}
              <CompanyWords job={job} locale={locale} t={t} />
            </div>
            {page.is_owner && own ? (
              <div className="section-item-actions">
                <IconButton icon="edit" label={t('profile.editItem', { name })} onClick={() => onEdit(own)} />
                <IconButton
                  icon="trash"
                  variant="danger"
                  label={t('profile.deleteItem', { name })}
                  data-action="delete"
                  onClick={() => onDelete(own)}
                />
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
