// A rating on SPEC §3's scale, in words first ('Good (4 of 6)'), with a six-step meter beside it for
// the eye. N/A says it is not counted: it is shown, but never part of a score.
import '../../styles/careers.css';
import { highestScore, ratingValue, type Rating } from '../../../contract/employment-scores.ts';
import type { Translate } from '../../i18n/translator.ts';

export default function RatingValue({ rating, t }: { rating: Rating; t: Translate }) {
  const value = ratingValue(rating);
  if (value === null) {
    return (
      <span className="rating" data-rating="na">
        <span className="rating-label">{t('rating.na')}</span>
        <span className="rating-note">{t('rating.notCounted')}</span>
      </span>
    );
  }
  return (
    <span className="rating" data-rating={rating}>
      <span className="rating-meter" aria-hidden="true">
        {Array.from({ length: highestScore }, (_, step) => (
          <span key={step} className="rating-step" data-on={step < value ? '' : undefined} />
        ))}
      </span>
      <span className="rating-label">{t('rating.value', { rating: t(`rating.${rating}`), value, max: highestScore })}</span>
    </span>
  );
}
