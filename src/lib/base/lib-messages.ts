// The few texts the client library itself shows (errors, confirmations). The page embeds them, in its
// own language only, as a JSON data block (`<script type="application/json" id="lib-messages">`,
// written by Base.astro), so no page's script carries the dictionaries of both languages.
import { errorCodeList, type ErrorCode } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import { fillPlaceholders } from '../../../contract/placeholders.ts';
import { notificationKinds } from '../../../contract/notification-kinds.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { MessageParams, ValidationMessageKey } from '../../../contract/message-refs.ts';

/** Every key the library reads; Base.astro embeds exactly these. */
export const libMessageKeys = [
  'error.generic',
  'error.some',
  'error.userDataUnavailable',
  'error.profileNotFound',
  'error.downloadFailed',
  'confirm.unsaved',
  'confirm.unsaved.title',
  'confirm.unsaved.discard',
  'confirm.unsaved.keep',
  'confirm.unsaved.close',
  'confirm.delete.comment',
  'confirm.delete.education',
  'confirm.delete.employment',
  'confirm.delete.language',
  'confirm.delete.license',
  'confirm.delete.project',
  // Every error code's text: the transport shows the code's translation, not the server's English.
  ...errorCodeList.map(errorCodeMessageKey),
  'realtime.sessionLost',
  'realtime.streamingFailed',
  'realtime.interrupted',
  'notifications.someone',
  ...notificationKinds.map((kind) => `notifications.kind.${kind}` as const),
  'notifications.role.admin',
  'notifications.role.member',
] as const satisfies readonly MessageKey[];

/** The dictionary key of an error code's text. */
export function errorCodeMessageKey<C extends ErrorCode>(code: C): `error.code.${C}` {
  return `error.code.${code}`;
}

/**
 * Every key the page's data block holds: the library's own and the SPEC §5 validation texts (Base.astro
 * adds those from src/i18n/validation-keys.ts), so a form shows its messages in the page's language
 * without a script that carries them in both (decision 212).
 */
export type LibMessageKey = (typeof libMessageKeys)[number] | ValidationMessageKey;
type LibMessages = Partial<Record<LibMessageKey, string>>;

/** The id of the data block the page writes. */
export const libMessagesElementId = 'lib-messages';

// Kept on the global object: the texts belong to the page, not to one copy of this module (a page
// can load it through two chunks, and tests reload modules).
const holder = globalThis as { __profilesLibMessages?: Partial<Record<Locale, LibMessages>> };
const installed = (holder.__profilesLibMessages ??= {});

/** Makes `messages` the texts for `locale` (the page does it through its data block; tests directly). */
export function installLibMessages(locale: Locale, messages: LibMessages): void {
  installed[locale] = { ...installed[locale], ...messages };
}

function readPageBlock(): void {
  const element = typeof document === 'undefined' ? null : document.getElementById(libMessagesElementId);
  if (!element?.textContent) return;
  try {
    const block = JSON.parse(element.textContent) as { locale: Locale; messages: LibMessages };
    installLibMessages(block.locale, block.messages);
  } catch {
    // A damaged block leaves the keys showing, which is better than failing the call that asked.
  }
}

/** The text of `key` in `locale` with `{name}` placeholders filled; the page's language when `locale` has none. */
export function libText(locale: Locale, key: LibMessageKey, params: Record<string, string | number> = {}): string {
  if (!installed[locale]) readPageBlock();
  const template = installed[locale]?.[key] ?? Object.values(installed).find((m) => m?.[key])?.[key] ?? key;
  return fillPlaceholders(template, params);
}

/**
 * The text of a validation message reference (`key` or `key|{"maximum":255}`, contract/message-refs.ts)
 * in `locale`; text that is not a reference (a server's own title) comes back unchanged.
 */
export function validationText(message: string, locale: Locale): string {
  const [key, json] = message.split('|', 2) as [string, string | undefined];
  if (!key.startsWith('validation.')) return message;
  if (!installed[locale]) readPageBlock();
  const template = installed[locale]?.[key as ValidationMessageKey];
  if (template === undefined) return message;
  let params: MessageParams = {};
  if (json) {
    try {
      params = JSON.parse(json) as MessageParams;
    } catch {
      params = {};
    }
  }
  return fillPlaceholders(template, params);
}
