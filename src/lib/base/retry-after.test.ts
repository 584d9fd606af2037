import { describe, expect, it } from 'vitest';
import { pickMessages } from '../../i18n/index.ts';
import { messagesTranslator } from '../../i18n/translator.ts';
import { ApiError } from './api-error.ts';
import { tooManyTriesText } from './retry-after.ts';

const keys = [
  'account.tooManyTries',
  'account.tooManyTriesIn',
  ...(['minutes', 'seconds'] as const).flatMap((unit) =>
    (['one', 'few', 'many', 'other'] as const).map((form) => `account.retry.${unit}.${form}` as const),
  ),
] as const;
const en = messagesTranslator(pickMessages('en_GB', keys));
const uk = messagesTranslator(pickMessages('uk_UA', keys));
const limited = (retryAfter?: number) =>
  new ApiError({
    status: 429,
    method: 'POST',
    path: '/api/login',
    message: 'Too many',
    details: retryAfter === undefined ? {} : { retry_after: retryAfter },
  });

describe('tooManyTriesText', () => {
  it('names the wait the server gave, in minutes for a long lock', () => {
    expect(tooManyTriesText(limited(600), en, 'en_GB')).toBe('Too many attempts. Try again in 10 minutes.');
    expect(tooManyTriesText(limited(541), en, 'en_GB')).toBe('Too many attempts. Try again in 10 minutes.');
    expect(tooManyTriesText(limited(600), uk, 'uk_UA')).toBe('Забагато спроб. Спробуйте знову через 10 хвилин.');
    expect(tooManyTriesText(limited(120), uk, 'uk_UA')).toBe('Забагато спроб. Спробуйте знову через 2 хвилини.');
    expect(tooManyTriesText(limited(61 * 60), uk, 'uk_UA')).toBe('Забагато спроб. Спробуйте знову через 61 хвилину.');
  });

  it('in seconds for a short one', () => {
    expect(tooManyTriesText(limited(1), en, 'en_GB')).toBe('Too many attempts. Try again in 1 second.');
    expect(tooManyTriesText(limited(45), en, 'en_GB')).toBe('Too many attempts. Try again in 45 seconds.');
    expect(tooManyTriesText(limited(45), uk, 'uk_UA')).toBe('Забагато спроб. Спробуйте знову через 45 секунд.');
    expect(tooManyTriesText(limited(22), uk, 'uk_UA')).toBe('Забагато спроб. Спробуйте знову через 22 секунди.');
  });

  it('says no wrong number when the answer named none', () => {
    expect(tooManyTriesText(limited(), en, 'en_GB')).toBe('Too many attempts. Wait a few minutes and try again.');
    expect(tooManyTriesText(new Error('x'), uk, 'uk_UA')).toBe('Забагато спроб. Зачекайте кілька хвилин і спробуйте знову.');
  });
});
