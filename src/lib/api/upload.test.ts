// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../base/api-error.ts';
import { createApiClient } from './request.ts';
import { startUpload, UploadCancelledError } from './upload.ts';
import { $locale } from '../base/page-locale.ts';
import { $token } from '../base/session-token.ts';

// A stand-in XMLHttpRequest that records what is sent and lets the test answer.
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

// The site's own client, with the stand-in request object: uploads follow the same rules as every call.
const xhr = createApiClient({
  baseUrl: '',
  fetch: () => Promise.reject(new Error('uploads do not use fetch')),
  token: () => $token.get(),
  locale: () => $locale.get(),
  createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
});
const file = (size = 4, name = 'cv.pdf') => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const stored = { id: 7, url: '/api/files/x.pdf', name: 'cv.pdf', mime_type: 'application/pdf', size: 4, is_document: true };

beforeEach(() => {
  $token.set('tok');
  $locale.set('en_GB');
});

describe('startUpload', () => {
  it('posts one file part with the bearer and reports progress up to the stored file', async () => {
    const progress = vi.fn();
    const handle = startUpload('media', file(), progress, xhr);
    const request = FakeXhr.last;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/uploads/media?locale=en_GB');
    expect(request.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok' });
    expect(request.withCredentials).toBe(true);
    expect((request.body?.get('file') as File).name).toBe('cv.pdf');
    request.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 4 });
    request.answer(201, { data: stored });
    await expect(handle.done).resolves.toEqual(stored);
    expect(progress.mock.calls.map((c) => c[0])).toEqual([0, 0.5, 1]);
  });

  it('rejects with the code and its text in the page language, keeping the server message aside', async () => {
    $locale.set('uk_UA');
    const handle = startUpload('media', file(), () => {}, xhr);
    expect(FakeXhr.last.url).toBe('/api/uploads/media?locale=uk_UA');
    FakeXhr.last.answer(415, { message: 'This type of file is not accepted here.', code: 'file_type_not_accepted' });
    const error = await handle.done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 415,
      code: 'file_type_not_accepted',
      message: 'Файли такого типу тут не приймаються.',
      serverMessage: 'This type of file is not accepted here.',
    });
  });

  it('says in the page language when a file would pass the storage quota (hardening issue, point 6)', async () => {
    $locale.set('uk_UA');
    const handle = startUpload('media', file(), () => {}, xhr);
    FakeXhr.last.answer(413, {
      message: 'Your files would take more than your 300 MB of storage.',
      code: 'storage_quota_exceeded',
      quota_megabytes: 300,
    });
    await expect(handle.done).rejects.toMatchObject({
      status: 413,
      message: 'Із цими файлами ви перевищите своє сховище (300 МБ). Спершу видаліть файли, які вам більше не потрібні.',
    });
  });

  it('rejects with the server message when the answer carries no code', async () => {
    const handle = startUpload('media', file(), () => {}, xhr);
    FakeXhr.last.answer(415, { message: 'Legacy text.' });
    await expect(handle.done).rejects.toMatchObject({ status: 415, message: 'Legacy text.' });
  });

  it('rejects with "Some error" when the answer is not JSON, and "Something went wrong" on a network failure', async () => {
    const first = startUpload('media', file(), () => {}, xhr);
    FakeXhr.last.answer(502, '<html>bad gateway</html>');
    await expect(first.done).rejects.toMatchObject({ status: 502, message: 'Some error' });
    const second = startUpload('media', file(), () => {}, xhr);
    FakeXhr.last.onerror?.();
    await expect(second.done).rejects.toMatchObject({ status: 0, message: 'Something went wrong' });
  });

  it('can be cancelled', async () => {
    const handle = startUpload('cover', file(4, 'c.png'), () => {}, xhr);
    handle.cancel();
    await expect(handle.done).rejects.toBeInstanceOf(UploadCancelledError);
  });

  it("refuses a file over the kind's limit before sending anything", async () => {
    const big = { size: 25 * 1024 * 1024 + 1, name: 'big.png' } as File;
    const handle = startUpload('cover', big, () => {}, xhr);
    const sentBefore = FakeXhr.last;
    await expect(handle.done).rejects.toMatchObject({ status: 413, code: 'file_too_large', message: 'The file is larger than 25 MB.' });
    expect(FakeXhr.last).toBe(sentBefore);
  });
});
