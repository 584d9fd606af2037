// The locale of a request: `locale` query (SPEC §7 sends it on every GET), then Accept-Language.
import type { FastifyRequest } from 'fastify';
import { defaultLocale } from '../../contract/locale.ts';
import { Locale } from '../../contract/locale-schema.ts';

export function localeOf(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = Locale.safeParse(query?.['locale']);
  if (fromQuery.success) return fromQuery.data;
  const header = request.headers['accept-language'] ?? '';
  // SPEC §9: a language tag containing "uk" or "UA" is Ukrainian.
  if (/uk|UA/.test(header.split(',')[0] ?? '')) return 'uk_UA';
  return defaultLocale;
}
