// The transport (SPEC §7, §8): base URL, credentials, JSON Accept, bearer when signed in, `locale`
// on GET, form PUT sent as POST with `_method=PUT`, errors as ApiError. It never shows toasts or
// navigates; callers do (src/lib/api/error-policy.ts).
import type { z } from 'zod';
import type { Locale } from '../../../contract/locale.ts';
import { libText } from '../lib-messages.ts';
import { ApiError, serverMessageOf, violationsOf } from './api-error.ts';
import { toFormData, type FormValue } from './form-payload.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What the transport needs from its surroundings; injected so tests need no network. */
export interface ApiConfig {
  /** Backend origin and path prefix, no trailing slash; '' means the site's own origin. */
  baseUrl: string;
  fetch: typeof fetch;
  token(): string;
  locale(): Locale;
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

/** A configured client; `request` is the one place SPEC §7 rules live. */
export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

/** The full URL of `path` with its query; `locale` joins the query of every GET. */
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
  if (method === 'GET') params.set('locale', locale);
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
  async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const locale = config.locale();
    const headers = new Headers({ Accept: 'application/json' });
    const token = options.token ?? config.token();
    if (token) headers.set('Authorization', `Bearer ${token}`);

    let wireMethod: HttpMethod = method;
    let body: BodyInit | undefined;
    if (options.form) {
      const form = toFormData(options.form);
      // Multipart PUT is not parsed by PHP-style servers; SPEC §7 spoofs it through POST.
      if (method === 'PUT') {
        wireMethod = 'POST';
        form.append('_method', 'PUT');
      }
      body = form;
    } else if (options.json !== undefined) {
      headers.set('Content-Type', 'application/json');
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
      throw new ApiError({ status: 0, method, path, message: libText(locale, 'error.generic'), cause });
    }

    const data = await readBody(response);
    if (!response.ok) {
      const serverMessage = serverMessageOf(data);
      throw new ApiError({
        status: response.status,
        method,
        path,
        message: serverMessage || libText(locale, 'error.some'),
        serverMessage,
        violations: violationsOf(data),
      });
    }
    if (!options.schema) return data as T;
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        method,
        path,
        message: libText(locale, 'error.some'),
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}
