import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, serverMessageOf, violationsOf } from '../base/api-error.ts';
import { createApiClient, requestUrl, type ApiConfig } from './request.ts';

function clientWith(answer: Response | Error, overrides: Partial<ApiConfig> = {}) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const client = createApiClient({ baseUrl: 'https://api.test', fetch, token: () => '', locale: () => 'en_GB', ...overrides });
  const call = () => {
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    return { url, init, headers: new Headers(init.headers) };
  };
  return { client, fetch, call };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the transport (SPEC §7)', () => {
  it('sends credentials and a JSON Accept header, and no bearer when signed out', async () => {
    const { client, call } = clientWith(json({ data: 1 }));
    await client.post('/api/x');
    expect(call().init.credentials).toBe('include');
    expect(call().headers.get('Accept')).toBe('application/json');
    expect(call().headers.has('Authorization')).toBe(false);
    expect(call().url).toBe('https://api.test/api/x?locale=en_GB');
  });

  it('sends the bearer when signed in, or the token it is given', async () => {
    const first = clientWith(json({}), { token: () => 'abc' });
    await first.client.get('/api/x');
    expect(first.call().headers.get('Authorization')).toBe('Bearer abc');
    const second = clientWith(json({}), { token: () => '' });
    await second.client.post('/api/logout', { token: 'old', keepalive: true });
    expect(second.call().headers.get('Authorization')).toBe('Bearer old');
    expect(second.call().init.keepalive).toBe(true);
  });

  it('adds locale to every call, writes included, next to the query (server texts in the page language)', async () => {
    expect(requestUrl('', 'GET', '/api/x', { page: 2, skip: undefined, none: null }, 'uk_UA')).toBe('/api/x?page=2&locale=uk_UA');
    expect(requestUrl('https://api.test/', 'POST', '/api/x', undefined, 'uk_UA')).toBe('https://api.test/api/x?locale=uk_UA');
    expect(requestUrl('', 'PUT', '/api/x', undefined, 'uk_UA')).toBe('/api/x?locale=uk_UA');
    expect(requestUrl('', 'DELETE', '/api/x', { a: true }, 'en_GB')).toBe('/api/x?a=true&locale=en_GB');
  });

  it('sends JSON bodies as JSON', async () => {
    const { client, call } = clientWith(json({ data: 1 }));
    await client.put('/api/x', { json: { a: 1 } });
    expect(call().init.method).toBe('PUT');
    expect(call().headers.get('Content-Type')).toBe('application/json');
    expect(call().init.body).toBe('{"a":1}');
  });

  it('sends a PUT with form data as POST with _method=PUT', async () => {
    const { client, call } = clientWith(json({ data: 1 }));
    await client.put('/api/x', { form: { name: 'Ann' } });
    expect(call().init.method).toBe('POST');
    const body = call().init.body as FormData;
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('name')).toBe('Ann');
    // First, so the server can route the request from the body's first part alone.
    expect([...body.keys()]).toEqual(['_method', 'name']);
  });

  it('keeps POST form data a POST without _method', async () => {
    const { client, call } = clientWith(json({ data: 1 }));
    await client.post('/api/x', { form: { name: 'Ann' } });
    expect(call().init.method).toBe('POST');
    expect((call().init.body as FormData).has('_method')).toBe(false);
  });

  it('checks the answer with the given schema', async () => {
    const schema = z.object({ data: z.object({ n: z.number() }) });
    await expect(clientWith(json({ data: { n: 1 } })).client.get('/api/x', { schema })).resolves.toEqual({ data: { n: 1 } });
    const bad = clientWith(json({ data: { n: 'one' } }));
    await expect(bad.client.get('/api/x', { schema })).rejects.toMatchObject({ status: 200, message: 'Some error' });
  });

  it('returns undefined for an empty answer and unknown JSON without a schema', async () => {
    expect(await clientWith(new Response(null, { status: 204 })).client.delete('/api/x')).toBeUndefined();
    expect(await clientWith(json([1])).client.request('GET', '/api/x')).toEqual([1]);
  });
});

describe('errors (SPEC §8)', () => {
  it('take the message from data.message, else data.error, else "Some error"', async () => {
    await expect(clientWith(json({ message: 'Nope', error: 'x' }, 422)).client.get('/a')).rejects.toMatchObject({
      status: 422,
      message: 'Nope',
      serverMessage: 'Nope',
    });
    await expect(clientWith(json({ error: 'Bad thing' }, 400)).client.get('/a')).rejects.toMatchObject({ message: 'Bad thing' });
    await expect(clientWith(json({}, 500)).client.get('/a')).rejects.toMatchObject({ message: 'Some error', serverMessage: '' });
    await expect(clientWith(new Response('<html>', { status: 502 }), { locale: () => 'uk_UA' }).client.get('/a')).rejects.toMatchObject({
      message: 'Сталася помилка',
    });
  });

  it("show the code's text in the page language, never the server's English, filling its numbers", async () => {
    const uk = { locale: () => 'uk_UA' as const };
    await expect(
      clientWith(json({ message: 'Profile not found', code: 'profile_not_found' }, 404), uk).client.get('/a'),
    ).rejects.toMatchObject({ status: 404, code: 'profile_not_found', message: 'Профіль не знайдено', serverMessage: 'Profile not found' });
    await expect(clientWith(json({ message: 'Wait.', code: 'too_soon', retry_after: 40 }, 429)).client.post('/a')).rejects.toMatchObject({
      code: 'too_soon',
      message: 'Please wait 40 seconds before asking again.',
      details: { retry_after: 40 },
    });
    // A code this site does not know yet falls back to the server's text.
    await expect(clientWith(json({ message: 'New rule', code: 'from_the_future' }, 409)).client.get('/a')).rejects.toMatchObject({
      code: undefined,
      message: 'New rule',
    });
  });

  it('carry the violations', async () => {
    const violations = [{ field: 'first_name', title: 'The first name Field is required' }];
    const error = await clientWith(json({ message: 'Invalid', violations }, 422))
      .client.post('/a')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).violations).toEqual(violations);
    expect((error as ApiError).method).toBe('POST');
    expect((error as ApiError).path).toBe('/a');
  });

  it('turn a network failure into status 0 with "Something went wrong"', async () => {
    await expect(clientWith(new TypeError('Failed to fetch')).client.get('/a')).rejects.toMatchObject({
      status: 0,
      message: 'Something went wrong',
    });
  });

  it('read only well-formed message and violation fields', () => {
    expect(serverMessageOf(null)).toBe('');
    expect(serverMessageOf('text')).toBe('');
    expect(serverMessageOf({ message: '', error: 42 })).toBe('');
    expect(violationsOf(undefined)).toEqual([]);
    expect(violationsOf({ violations: 'x' })).toEqual([]);
    expect(violationsOf({ violations: [{ field: 'a', title: 'b' }, { field: 1 }, null] })).toEqual([{ field: 'a', title: 'b' }]);
  });
});

describe('downloads (one transport)', () => {
  it('fetch a file with the bearer, credentials and locale, as a Blob', async () => {
    const { client, call } = clientWith(new Response('{"basics":{}}', { status: 200 }), { token: () => 'abc', locale: () => 'uk_UA' });
    const blob = await client.download('/api/profile/export');
    expect(await blob.text()).toBe('{"basics":{}}');
    expect(call().url).toBe('https://api.test/api/profile/export?locale=uk_UA');
    expect(call().headers.get('Authorization')).toBe('Bearer abc');
    expect(call().init.credentials).toBe('include');
  });

  it('fail as every call does: status, code and its text', async () => {
    await expect(
      clientWith(json({ message: 'Unauthenticated.', code: 'unauthenticated' }, 401)).client.download('/f'),
    ).rejects.toMatchObject({ status: 401, code: 'unauthenticated', message: 'Please sign in again.' });
  });
});
