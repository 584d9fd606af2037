// How a violation's title names its field (SPEC §5), for the server that writes it and the site that
// strips it. SPEC §5 fixes the English phrase, 'The {field}', in front of a text that does not say what
// it is about ('The first name Field is required'). A Ukrainian request gets a Ukrainian title, the field
// in guillemets and a colon ('«first name»: Поле обов’язкове'): behind 'The first name' the title read
// half English. Either way the site shows what follows the phrase under the field.
import type { Locale } from './locale.ts';

/**
 * A field's name as words: a body's `first_name` and a path's or query's `companyId` alike read
 * 'first name' and 'company id'.
 */
function fieldWords(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .toLowerCase();
}

/** The title of `text` on `field` with the phrase that names the field in front, in `locale`. */
export function titleNamingField(field: string, text: string, locale: Locale): string {
  const words = fieldWords(field);
  return locale === 'uk_UA' ? `«${words}»: ${text}` : `The ${words} ${text}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The leading phrase that names `field` in a title, in either language: 'The {field}' or
 * '«{field}»:', the field in either spelling (`first_name`, 'first name', a camelCase name's words),
 * any case, any run of spaces or underscores between its words. Undefined for a field with no words.
 */
export function leadingFieldPhrase(field: string): RegExp | undefined {
  const words = field
    .split(/[_\s]+|(?<=[a-z0-9])(?=[A-Z])/)
    .filter(Boolean)
    .map(escapeRegExp);
  if (!words.length) return undefined;
  const name = words.join('[\\s_]+');
  return new RegExp(`^\\s*(?:the[\\s_]+${name}(?:\\s+|$)|«\\s*${name}\\s*»\\s*:\\s*)`, 'i');
}
