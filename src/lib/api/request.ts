// The one transport (SPEC §7, §8): base URL, credentials, JSON Accept, bearer when signed in,
// `locale` on every call (GET and writes, so server texts come in the page's language), form PUT
// sent as POST with `_method=PUT`, errors as ApiError with the code's translated text. JSON calls,
// file downloads and uploads with progress all go through it. It never shows toasts or navigates;
// callers do (src/lib/app/error-policy.ts, above the transport).
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { libText } from '../base/lib-messages.ts';
import { ApiError, codeOf, detailsOf, serverMessageOf, sessionEndOf, UploadCancelledError, violationsOf } from '../base/api-error.ts';
import { answerText } from './answer-text.ts';
import { toFormData, type FormValue } from './form-payload.ts';

export { UploadCancelledError };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the transport needs from its surroundings; injected so tests need no network. */
export interface ApiConfig {
  /** Backend origin and path prefix, no trailing slash; '' means the site's own origin. */
  baseUrl: string;
  fetch: typeof fetch;
  token(): string;
  locale(): Locale;
  /** Makes the request object uploads use: fetch() reports no upload progress. */
  createXhr?(): XMLHttpRequest;
}

export interface RequestOptions<T> {
  query?: Record<string, string | number | boolean | null | undefined>;
  /** A JSON body. */
  json?: unknown;
  /** A form body, encoded by the SPEC §7 rules. */
  form?: Readonly<Record<string, FormValue>>;
  /** Checks and types the answer; without one the parsed JSON comes back as unknown. */
  schema?: z.ZodType<T>;
  /** Overrides the bearer token (logout sends the token it has just cleared). */
  token?: string;
  /** Lets the call outlive the page, for a call made just before leaving it. */
  keepalive?: boolean;
  signal?: AbortSignal;
}

/** An upload under way. */
export interface UploadHandle<T> {
  /** Resolves with the checked answer; rejects with an ApiError, or UploadCancelledError when cancelled. */
  done: Promise<T>;
  cancel(): void;
}

export interface UploadOptions<T> {
  schema: z.ZodType<T>;
  /** Gets 0..1 as bytes leave the browser, and 1 when the answer is in. */
  onProgress?(fraction: number): void;
}

/** A configured client; `request` is the one place SPEC §7 rules live. */
export interface ApiClient {
  /** A GET whose answer is a file, as a Blob. */
  download(path: string, options?: Pick<RequestOptions<never>, 'query' | 'signal'>): Promise<Blob>;
  /** A multipart POST of `form` with upload progress and cancel. */
  upload<T>(path: string, form: FormData, options: UploadOptions<T>): UploadHandle<T>;
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

/** The full URL of `path` with its query; `locale` joins the query of every call. */
export function requestUrl(
  baseUrl: string,
  method: HttpMethod,
  path: string,
  query: RequestOptions<unknown>['query'],
  locale: Locale,
): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(name, String(value));
  }
  params.set('locale', locale);
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Builds a client over `config`. */
export function createApiClient(config: ApiConfig): ApiClient {
  function baseHeaders(token: string): Record<string, string> {
    return token ? { Accept: 'application/json', Authorization: `Bearer ${token}` } : { Accept: 'application/json' };
  }

  // A failed answer as the ApiError every caller handles: status, code, translated text, violations.
  function failed(status: number, method: HttpMethod, path: string, body: unknown, locale: Locale): ApiError {
    const serverMessage = serverMessageOf(body);
    const code = codeOf(body);
    const details = detailsOf(body);
    const message = answerText(code, details, serverMessage, locale);
    return new ApiError({
      status,
      method,
      path,
      message,
      code,
      details,
      serverMessage,
      violations: violationsOf(body),
      sessionEnd: sessionEndOf(body),
    });
  }

  const unreachable = (method: HttpMethod, path: string, locale: Locale, cause?: unknown) =>
    new ApiError({ status: 0, method, path, message: libText(locale, 'error.generic'), cause });

  const unreadable = (status: number, method: HttpMethod, path: string, locale: Locale, cause?: unknown) =>
    new ApiError({ status, method, path, message: libText(locale, 'error.some'), cause });

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const locale = config.locale();
    const headers = baseHeaders(options.token ?? config.token());

    let wireMethod: HttpMethod = method;
    let body: BodyInit | undefined;
    if (options.form) {
      // Multipart PUT is not parsed by PHP-style servers; SPEC §7 spoofs it through POST. `_method`
      // goes first: the server reads only the first part to route the request (server/http/method-override.ts).
      if (method === 'PUT') wireMethod = 'POST';
      body = toFormData(method === 'PUT' ? { _method: 'PUT', ...options.form } : options.form);
    } else if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }

    const url = requestUrl(config.baseUrl, method, path, options.query, locale);
    let response: Response;
    try {
      response = await config.fetch(url, {
        method: wireMethod,
        headers,
        body,
        credentials: 'include',
        keepalive: options.keepalive,
        signal: options.signal,
      });
    } catch (cause) {
      throw unreachable(method, path, locale, cause);
    }

    const data = await readBody(response);
    if (!response.ok) throw failed(response.status, method, path, data, locale);
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) throw unreadable(response.status, method, path, locale, parsed.error);
    return parsed.data;
  }

  async function download(path: string, options: Pick<RequestOptions<never>, 'query' | 'signal'> = {}): Promise<Blob> {
    const locale = config.locale();
    let response: Response;
    try {
      response = await config.fetch(requestUrl(config.baseUrl, 'GET', path, options.query, locale), {
        method: 'GET',
        headers: baseHeaders(config.token()),
        credentials: 'include',
        signal: options.signal,
      });
    } catch (cause) {
      throw unreachable('GET', path, locale, cause);
    }
    if (!response.ok) throw failed(response.status, 'GET', path, await readBody(response), locale);
    try {
      return await response.blob();
    } catch (cause) {
      throw unreachable('GET', path, locale, cause);
    }
  }

  function upload<T>(path: string, form: FormData, options: UploadOptions<T>): UploadHandle<T> {
    const locale = config.locale();
    const xhr = config.createXhr ? config.createXhr() : new XMLHttpRequest();
    const done = new Promise<T>((resolve, reject) => {
      xhr.open('POST', requestUrl(config.baseUrl, 'POST', path, undefined, locale));
      for (const [name, value] of Object.entries(baseHeaders(config.token()))) xhr.setRequestHeader(name, value);
      xhr.withCredentials = true;
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
      };
      xhr.onabort = () => reject(new UploadCancelledError());
      xhr.onerror = () => reject(unreachable('POST', path, locale));
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText) as unknown;
        } catch {
          body = undefined;
        }
        if (xhr.status < 200 || xhr.status >= 300) return reject(failed(xhr.status, 'POST', path, body, locale));
        const parsed = options.schema.safeParse(body);
        if (!parsed.success) return reject(unreadable(xhr.status, 'POST', path, locale, parsed.error));
        options.onProgress?.(1);
        resolve(parsed.data);
      };
      options.onProgress?.(0);
      xhr.send(form);
    });
    return { done, cancel: () => xhr.abort() };
  }

  return {
    request,
    download,
    upload,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}
