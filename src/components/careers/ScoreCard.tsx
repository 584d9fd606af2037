// The in-company score (SPEC §3, decision 092): derived, never typed. The figure, then how it was
// computed: the weighted average of each competency's latest rating with the company's weights, and
// the competencies it counted and left out (N/A).
import type { InCompanyScoreView } from '../../../contract/careers.ts';
import { highestScore } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import { formatScore } from '../../../contract/numbers.ts';
import Card from '../Card.tsx';
import type { Translate } from '../../i18n/translator.ts';
import RatingValue from './RatingValue.tsx';

/** '4.6', '4,6': at most two decimals, as the page's language writes them (contract/numbers.ts). */
export { formatScore };

export default function ScoreCard({
  score,
  companyName,
  locale,
  t,
}: {
  score: InCompanyScoreView;
  companyName: string;
  locale: Locale;
  t: Translate;
}) {
  return (
    <Card title={t('details.score.title')} className="employment-score">
      {score.score === null ? (
        <p className="employment-muted">{t('details.score.none')}</p>
      ) : (
        <p className="employment-score-value" data-testid="in-company-score">
          {t('details.score.value', { score: formatScore(score.score, locale), max: highestScore })}
        </p>
      )}
      <details className="employment-score-how" open={score.score !== null}>
        <summary>{t('details.score.how')}</summary>
        <p>{t('details.score.explanation', { company: companyName })}</p>
        <p>{t('details.score.counted', { counted: score.counted, weight: score.total_weight, na: score.not_applicable })}</p>
        {score.inputs.length ? (
          <div className="employment-table-wrap">
            <table className="employment-table">
              <thead>
                <tr>
                  <th scope="col">{t('details.score.competency')}</th>
                  <th scope="col">{t('details.score.rating')}</th>
                  <th scope="col">{t('details.score.weight')}</th>
                </tr>
              </thead>
              <tbody>
                {score.inputs.map((input) => (
                  <tr key={input.competency_id}>
                    <th scope="row">{input.name}</th>
                    <td>
                      <RatingValue rating={input.rating} t={t} />
                    </td>
                    <td data-label={t('details.score.weight')}>{input.weight}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </details>
    </Card>
  );
}
