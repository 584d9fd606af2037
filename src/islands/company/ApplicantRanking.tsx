// Ranking applicants in the pipeline (decision 271): the filters and sorts over an
// opening's applicants (a verified competency at a minimum score, a language at a level, a skill; the
// newest, the company's rating or the competency's score first), each applicant's scores from past
// employers with the level of trust each has, skills and languages, and the member's own rating with
// the company's average. A form applied by its button (or Enter), so the keyboard path is the plain one.
import { useId, useState, type FormEvent } from 'react';
import { applicantRatingScale, applicantSorts, type ApplicantsFilter } from '../../../contract/applicant-ranking.ts';
import type { Applicant } from '../../../contract/applications.ts';
import { languageNames } from '../../../contract/language-names.ts';
import type { Locale } from '../../../contract/locale.ts';
import { searchLevels, searchScores } from '../../../contract/search.ts';
import Button from '../../components/Button.tsx';
import Checkbox from '../../components/Checkbox.tsx';
import Field from '../../components/Field.tsx';
import { Select, TextInput } from '../../components/TextInput.tsx';
import { VerifiedBadge } from '../../components/careers/CareerJobItem.tsx';
import type { Translate } from '../../i18n/translator.ts';
import { formatDate } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { rateApplicant } from '../../lib/stores/workspace-applicants.ts';
import { notifyError, notifySuccess } from '../../lib/stores/toasts.ts';

const scores = Array.from({ length: searchScores.highest - searchScores.lowest + 1 }, (_, i) => searchScores.lowest + i);
const stars = Array.from({ length: applicantRatingScale.highest }, (_, i) => i + 1);

const namesIn = (locale: Locale) => languageNames[locale === 'uk_UA' ? 'uk' : 'en'] as Record<string, string>;

interface FilterProps {
  filter: ApplicantsFilter;
  onApply: (filter: ApplicantsFilter) => void;
  locale: Locale;
  t: Translate;
}

/** The filter and sort form; hidden behind its button until asked for, open while a filter is set. */
export function ApplicantFilters({ filter, onApply, locale, t }: FilterProps) {
  const active = Object.values(filter).some((v) => v !== undefined && v !== '' && v !== 'newest' && v !== 'company_confirmed');
  const [open, setOpen] = useState(active);
  const [draft, setDraft] = useState<ApplicantsFilter>(filter);
  const formId = useId();
  const set = (patch: ApplicantsFilter) => setDraft((d) => ({ ...d, ...patch }));
  const names = namesIn(locale);
  const languageOptions = Object.entries(names).sort((a, b) => a[1].localeCompare(b[1], locale === 'uk_UA' ? 'uk' : 'en'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const competency = draft.competency?.trim();
    const chosen: ApplicantsFilter = {
      ...draft,
      competency: competency || undefined,
      min_score: competency ? draft.min_score : undefined,
      level: draft.language ? draft.level : undefined,
      skill: draft.skill?.trim() || undefined,
      sort: draft.sort === 'competency' && !competency ? 'newest' : (draft.sort ?? 'newest'),
    };
    // Only what is set goes into the filter (and the address of the read).
    onApply(Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined)) as ApplicantsFilter);
  };
  const clear = () => {
    setDraft({});
    onApply({});
  };
  return (
    <div className="pipeline-filters">
      <Button size="small" aria-expanded={open} aria-controls={formId} onClick={() => setOpen(!open)}>
        {t('pipeline.filters')}
      </Button>
      {open ? (
        <form id={formId} className="pipeline-filter-form" noValidate onSubmit={submit} aria-label={t('pipeline.filters')}>
          <Field label={t('pipeline.filter.competency')} hint={t('pipeline.filter.competencyHint')}>
            {(control) => (
              <TextInput
                {...control}
                value={draft.competency ?? ''}
                maxLength={100}
                onChange={(e) => set({ competency: e.target.value })}
              />
            )}
          </Field>
          <Field label={t('pipeline.filter.minScore')}>
            {(control) => (
              <Select
                {...control}
                value={draft.min_score ?? ''}
                onChange={(e) => set({ min_score: e.target.value ? Number(e.target.value) : undefined })}
              >
                <option value="">{t('pipeline.filter.anyScore')}</option>
                {scores.map((score) => (
                  <option key={score} value={score}>
                    {t('pipeline.filter.score', { score })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Checkbox
            label={t('pipeline.filter.domainOnly')}
            checked={draft.trust === 'domain_verified'}
            onChange={(e) => set({ trust: e.target.checked ? 'domain_verified' : undefined })}
          />
          <Field label={t('pipeline.filter.language')}>
            {(control) => (
              <Select {...control} value={draft.language ?? ''} onChange={(e) => set({ language: e.target.value || undefined })}>
                <option value="">{t('pipeline.filter.anyLanguage')}</option>
                {languageOptions.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('pipeline.filter.level')}>
            {(control) => (
              <Select
                {...control}
                value={draft.level ?? ''}
                disabled={!draft.language}
                onChange={(e) => set({ level: (e.target.value || undefined) as ApplicantsFilter['level'] })}
              >
                <option value="">{t('pipeline.filter.anyLevel')}</option>
                {searchLevels.map((level) => (
                  <option key={level} value={level}>
                    {t(`proficiency.${level}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('pipeline.filter.skill')}>
            {(control) => (
              <TextInput {...control} value={draft.skill ?? ''} maxLength={100} onChange={(e) => set({ skill: e.target.value })} />
            )}
          </Field>
          <Field label={t('pipeline.sort')}>
            {(control) => (
              <Select
                {...control}
                value={draft.sort ?? 'newest'}
                onChange={(e) => set({ sort: e.target.value as ApplicantsFilter['sort'] })}
              >
                {applicantSorts.map((sort) => (
                  <option key={sort} value={sort} disabled={sort === 'competency' && !draft.competency?.trim()}>
                    {t(`pipeline.sort.${sort}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="pipeline-filter-actions">
            <Button size="small" type="submit" variant="primary">
              {t('pipeline.filter.apply')}
            </Button>
            <Button size="small" onClick={clear}>
              {t('pipeline.filter.clear')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** Scores from past employers (the latest public round of each job) with their level of trust; skills; languages. */
export function ApplicantFacts({ applicant, locale, t }: { applicant: Applicant; locale: Locale; t: Translate }) {
  const names = namesIn(locale);
  return (
    <>
      {applicant.competencies.length ? (
        <div className="pipeline-block">
          <p className="company-muted">{t('pipeline.scores', { count: applicant.competencies.length })}</p>
          <ul className="pipeline-jobs pipeline-scores">
            {applicant.competencies.map((score) => (
              <li key={`${score.company}|${score.name}|${score.reviewed_on}`}>
                <span>
                  <strong>{t('pipeline.score', { competency: score.name, score: score.score })}</strong>{' '}
                  <span className="company-muted">
                    {t('pipeline.scoreFrom', { company: score.company, date: formatDate(score.reviewed_on, locale) })}
                  </span>
                </span>
                <VerifiedBadge job={{ verified: true, company: { verified_domain: score.domain } }} t={t} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {applicant.skills.length ? (
        <p className="pipeline-facts">
          <span className="company-muted">{t('pipeline.skills')}: </span>
          {applicant.skills.join(', ')}
        </p>
      ) : null}
      {applicant.languages.length ? (
        <p className="pipeline-facts">
          <span className="company-muted">{t('pipeline.languages')}: </span>
          {applicant.languages.map((l) => `${names[l.code] ?? l.code.toUpperCase()} (${t(`proficiency.${l.level}`)})`).join(', ')}
        </p>
      ) : null}
    </>
  );
}

/** The member's own rating (owners and admins) and the company's average, company-only. */
export function ApplicantRatingField({
  applicant,
  name,
  canRate,
  locale,
  t,
}: {
  applicant: Applicant;
  name: string;
  canRate: boolean;
  locale: Locale;
  t: Translate;
}) {
  const { rating } = applicant;
  const rate = async (value: number | null) => {
    try {
      await rateApplicant(applicant.id, value);
      notifySuccess(t('pipeline.rated', { name }));
    } catch (failure) {
      notifyError(failureText(failure, locale));
    }
  };
  const average =
    rating.average === null
      ? t('pipeline.rating.unrated')
      : t('pipeline.rating.average', {
          average: rating.average.toLocaleString(locale === 'uk_UA' ? 'uk' : 'en-GB'),
          count: rating.count,
        });
  return (
    <div className="pipeline-rating">
      {canRate ? (
        <Field label={t('pipeline.rating', { name })} hint={t('pipeline.rating.hint')}>
          {(control) => (
            <Select {...control} value={rating.mine ?? ''} onChange={(e) => void rate(e.target.value ? Number(e.target.value) : null)}>
              <option value="">{t('pipeline.rating.none')}</option>
              {stars.map((value) => (
                <option key={value} value={value}>
                  {t('pipeline.rating.option', { rating: value })}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
      <p className="company-muted" data-rating-average>
        {average}
      </p>
    </div>
  );
}
