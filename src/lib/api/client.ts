// The site's API client: PUBLIC_API_URL as base ('' = same origin), token and locale from the stores.
import { $locale } from '../base/page-locale.ts';
import { $token } from '../base/session-token.ts';
import { createApiClient, type ApiClient } from './request.ts';

/** The configured base URL without a trailing slash. */
export function apiBaseUrl(configured: unknown = import.meta.env['PUBLIC_API_URL']): string {
  return typeof configured === 'string' ? configured.trim().replace(/\/+$/, '') : '';
}

/** The client every fetcher in src/lib/api uses by default. */
export const api: ApiClient = createApiClient({
  baseUrl: apiBaseUrl(),
  fetch: (input, init) => globalThis.fetch(input, init),
  token: () => $token.get(),
  locale: () => $locale.get(),
});
