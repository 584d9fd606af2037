import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { password, requiredText } from '../../../contract/validation.ts';
import { ApiError } from './api-error.ts';
import { createApiClient } from '../api/request.ts';
import { failureText } from './failure-text.ts';
import { schemaParseOptions } from '../forms/form-messages.ts';

/** What the transport throws for `answer` (or for no answer at all) on a page in `locale`. */
async function failedCall(answer: Response | Error, locale: Locale): Promise<unknown> {
  const client = createApiClient({
    baseUrl: '',
    token: () => '',
    locale: () => locale,
    fetch: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
  });
  return client.get('/api/x').then(
    () => expect.unreachable('the call should fail'),
    (error: unknown) => error,
  );
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('failureText: any failure as text in the page language (decision 215)', () => {
  it('turns the contract’s message references into their text, in both languages', () => {
    const schema = z.object({ name: requiredText(5), age: z.number() });
    const result = schema.safeParse({ name: 'toolong', age: 'x' }, schemaParseOptions);
    expect(result.error?.issues.map((issue) => failureText(issue.message, 'en_GB'))).toEqual([
      'Exceeded maximum character length of 5',
      'Invalid field',
    ]);
    const missing = z.object({ age: z.number() }).safeParse({}, schemaParseOptions);
    expect(failureText(missing.error?.issues[0]?.message, 'uk_UA')).toBe('Поле обов’язкове');
    expect(failureText(password().safeParse('short').error?.issues[0]?.message, 'en_GB')).toBe(
      'Must be at least 8 characters long, include a number, an uppercase and a lowercase letter.',
    );
  });

  it('reads a failed check of a schema as its first issue', () => {
    const failed = z.object({ name: requiredText(5) }).safeParse({ name: '' }, schemaParseOptions);
    expect(failureText(failed.error, 'uk_UA')).toBe('Поле обов’язкове');
    expect(failureText(failed.error, 'en_GB')).toBe('Field is required');
  });

  it('passes a server violation’s own title through, and gives no failure no text', () => {
    expect(failureText('Has already been taken.', 'uk_UA')).toBe('Has already been taken.');
    expect(failureText(undefined, 'en_GB')).toBe('');
    expect(failureText(null, 'en_GB')).toBe('');
    expect(failureText('', 'en_GB')).toBe('');
  });

  it('shows a failed call’s error code in the page language, never the server’s English', async () => {
    const answer = () => json({ code: 'not_found', message: 'No query results for model' }, 404);
    expect(failureText(await failedCall(answer(), 'uk_UA'), 'uk_UA')).toBe('Не знайдено.');
    expect(failureText(await failedCall(answer(), 'en_GB'), 'en_GB')).toBe('Not found.');
    const tooLarge = json({ code: 'file_too_large', max_megabytes: 5 }, 413);
    expect(failureText(await failedCall(tooLarge, 'en_GB'), 'en_GB')).toBe('The file is larger than 5 MB.');
  });

  it('shows the server’s message only when the answer carried no code it knows, else "Some error"', async () => {
    expect(failureText(await failedCall(json({ message: 'Pay first' }, 402), 'en_GB'), 'en_GB')).toBe('Pay first');
    expect(failureText(await failedCall(new Response('', { status: 500 }), 'uk_UA'), 'uk_UA')).toBe('Сталася помилка');
  });

  it('says "Something went wrong" when no answer came (a network failure)', async () => {
    const offline = await failedCall(new TypeError('Failed to fetch'), 'uk_UA');
    expect(offline).toBeInstanceOf(ApiError);
    expect(failureText(offline, 'uk_UA')).toBe('Щось пішло не так');
  });

  it('never shows a developer’s English: any other error is "Something went wrong", or the caller’s fallback', () => {
    expect(failureText(new TypeError('x is undefined'), 'en_GB')).toBe('Something went wrong');
    expect(failureText(new DOMException('Write permission denied.'), 'uk_UA')).toBe('Щось пішло не так');
    expect(failureText({ status: 500 }, 'en_GB')).toBe('Something went wrong');
    expect(failureText(new Error('Blob failed'), 'en_GB', 'The download failed')).toBe('The download failed');
    const apiFailure = new ApiError({ status: 500, method: 'GET', path: '/x', message: 'Server error.' });
    expect(failureText(apiFailure, 'en_GB', 'The download failed')).toBe('Server error.');
  });
});
