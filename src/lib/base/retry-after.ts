// "Too many attempts" with the wait the server gave (its `retry_after`, in seconds): a sign-in locked
// for ten minutes said "wait a minute". Minutes from a minute and a half up,
// rounded up; seconds below; the general text when the answer named no wait.
import type { Locale } from '../../../contract/locale.ts';
import type { Translate } from '../../i18n/translator.ts';
import { ApiError } from './api-error.ts';
import { pluralize } from './plurals.ts';

export function tooManyTriesText(error: unknown, t: Translate, locale: Locale): string {
  const seconds = error instanceof ApiError ? error.details['retry_after'] : undefined;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return t('account.tooManyTries');
  const unit = seconds >= 90 ? 'minutes' : 'seconds';
  const count = unit === 'minutes' ? Math.ceil(seconds / 60) : Math.ceil(seconds);
  const time = pluralize(locale, count, {
    one: t(`account.retry.${unit}.one`),
    few: t(`account.retry.${unit}.few`),
    many: t(`account.retry.${unit}.many`),
    other: t(`account.retry.${unit}.other`),
  });
  return t('account.tooManyTriesIn', { time });
}
