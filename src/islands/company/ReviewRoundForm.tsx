// A new review round of one verified employment, from the workspace (decision 120): a rating and a
// comment per competency the company offers, on the round's date; every rating message together at
// the top. Loaded when its button on the employee page is pressed (FormOnDemand.tsx, decision 307),
// for a company that offers competencies: the page shows the rounds so far without the form library.
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldError, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { useUnsavedReport } from '../../components/UnsavedChanges.tsx';
import { careersLimits, type Rating } from '../../../contract/careers.ts';
import {
  ReviewRoundRequest,
  type CompanyEmploymentDetails,
  type Competency,
  type ReviewRoundInput,
} from '../../../contract/careers-company.ts';
import { ratingScale } from '../../../contract/employment-scores.ts';
import type { Locale } from '../../../contract/locale.ts';
import Alert from '../../components/Alert.tsx';
import Button from '../../components/Button.tsx';
import { DateField } from '../../components/DateInputs.tsx';
import Field, { Fieldset } from '../../components/Field.tsx';
import { OptionalSelect, TextArea } from '../../components/TextInput.tsx';
import { useFormSave } from '../../components/use-form-save.ts';
import type { Translate } from '../../i18n/translator.ts';
import { todayIso } from '../../lib/base/dates.ts';
import { failureText } from '../../lib/base/failure-text.ts';
import { schemaParseOptions } from '../../lib/forms/form-messages.ts';
import { notifySuccess } from '../../lib/stores/toasts.ts';
import { addReviewRound } from '../../lib/stores/workspace-careers.ts';
import { useFormClose } from './FormOnDemand.tsx';
import { dateLabels, withDateEntryCheck } from './JobFields.tsx';

interface ReviewValues {
  reviewed_on: string;
  ratings: { rating: Rating | ''; comment: string }[];
}

/** The contract's ReviewRoundRequest over what the form holds: the competencies rated, with their ids. */
function reviewRoundSchema(offered: readonly Competency[]) {
  return z.preprocess(
    (values: ReviewValues) => ({
      reviewed_on: values.reviewed_on,
      ratings: offered.flatMap((competency, index) => {
        const entry = values.ratings[index];
        return entry?.rating ? [{ competency_id: competency.id, rating: entry.rating, comment: entry.comment }] : [];
      }),
    }),
    ReviewRoundRequest,
  );
}

/** Every message about the ratings (none rated, or one rating's comment refused), shown together at the top. */
function ratingMessages(errors: FieldErrors<ReviewValues>['ratings'], locale: Locale, t: Translate): string[] {
  if (!errors) return [];
  const rows = Array.isArray(errors) ? (errors as ({ rating?: FieldError; comment?: FieldError } | undefined)[]) : [];
  const own = errors.message ?? errors.root?.message;
  return [
    ...(own ? [t('company.review.rateOne')] : []),
    ...rows
      .flatMap((row) => [row?.rating?.message, row?.comment?.message])
      .flatMap((message) => (message ? [failureText(message, locale)] : [])),
  ];
}

export interface ReviewRoundFormProps {
  employment: CompanyEmploymentDetails;
  competencies: readonly Competency[];
  locale: Locale;
  t: Translate;
  /** Saved or cancelled: the card shows its button again. */
  onClose: () => void;
}

/** A new review round: a rating and an optional comment per competency the company offers, on a date. */
export default function ReviewRoundForm({ employment, competencies, locale, t, onClose }: ReviewRoundFormProps) {
  const offered = competencies.filter((c) => !c.retired);
  const empty = (): ReviewValues => ({ reviewed_on: todayIso(), ratings: offered.map(() => ({ rating: '', comment: '' })) });
  const form = useForm<ReviewValues, unknown, ReviewRoundInput>({
    resolver: withDateEntryCheck(zodResolver(reviewRoundSchema(offered), schemaParseOptions), t, ['reviewed_on']),
    defaultValues: empty(),
  });
  const { register, control, formState } = form;
  useUnsavedReport(formState.isDirty);
  const { confirmElement, cancel, onKeyDown } = useFormClose(formState.isDirty, locale, onClose);
  const { failure, busy, submit } = useFormSave(form, locale, async (input) => {
    await addReviewRound(employment.id, input);
    notifySuccess(t('company.review.saved'));
    onClose();
  });
  const ratingErrors = ratingMessages(formState.errors.ratings, locale, t);
  return (
    <>
      <form className="company-form" onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown} noValidate>
        {failure ? <Alert>{failure}</Alert> : null}
        {ratingErrors.length ? <Alert>{ratingErrors.join(' ')}</Alert> : null}
        <Controller
          control={control}
          name="reviewed_on"
          render={({ field }) => (
            <DateField
              legend={t('company.review.date')}
              error={failureText(formState.errors.reviewed_on?.message, locale) || undefined}
              name="reviewed_on"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              locale={locale}
              labels={dateLabels(t)}
              required
            />
          )}
        />
        {offered.map((competency, index) => (
          <Fieldset
            key={competency.id}
            legend={competency.name}
            hint={[competency.description, t('company.review.weight', { weight: competency.weight })].filter(Boolean).join(' · ')}
            className="company-rating-set"
          >
            <Field label={t('company.review.rating', { name: competency.name })}>
              {(control) => (
                <OptionalSelect
                  {...control}
                  {...register(`ratings.${index}.rating`)}
                  noneLabel={t('company.review.chooseRating')}
                  options={ratingScale.map((rating) => ({ value: rating, label: t(`rating.${rating}`) }))}
                />
              )}
            </Field>
            <Field label={t('company.review.comment', { name: competency.name })} optional={t('company.field.optional')}>
              {(control) => (
                <TextArea {...control} {...register(`ratings.${index}.comment`)} rows={1} maxLength={careersLimits.reviewComment} />
              )}
            </Field>
          </Fieldset>
        ))}
        <div className="company-actions">
          <Button type="submit" variant="primary" loading={busy}>
            {t('company.review.save')}
          </Button>
          <Button onClick={cancel}>{t('company.cancel')}</Button>
        </div>
      </form>
      {confirmElement}
    </>
  );
}
