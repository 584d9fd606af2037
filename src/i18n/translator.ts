// The one typed translator islands use: a page hands its island only the strings its code names
// (island-messages.ts), and this turns them into `t(key, params)`.
import { fillPlaceholders } from '../../contract/placeholders.ts';
import type { MessageKey } from './index.ts';

export type Messages = Partial<Record<MessageKey, string>>;
export type Translate = (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string;

/** A translate function over the strings the page gave the island; a missing key shows as itself. */
export function messagesTranslator(messages: Messages): Translate {
  return (key, params = {}) => fillPlaceholders(messages[key] ?? key, params);
}

/**
 * The strings an island reads by key without a translator (`messages['search.title']`): its page
 * ships every key the island's code names (src/i18n/island-messages.ts), so each one it reads is there.
 */
export type IslandMessages = Readonly<Record<MessageKey, string>>;
