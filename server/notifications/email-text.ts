// The email sent for a notification the person chose to get by email too. Short, plain text, in the
// recipient's language; the list on the site stays the full record. Its words are keys in
// contract/i18n (`mail.notification.*`, decision 259).
import { say, sayCount } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import type { Notification } from '../../contract/notifications.ts';
import { fillPlaceholders } from '../../contract/placeholders.ts';

/** The sentence of `notification` before its names are filled in; a day's unlocks (decision 239) have one per plural form of their count. */
function lineOf(notification: Notification, locale: Locale): string {
  const count = notification.subject?.count;
  if (notification.kind !== 'achievement_unlocked' || count === undefined) return say(locale, `mail.notification.${notification.kind}`);
  return sayCount(locale, 'mail.notification.unlocked', count);
}

/** The role a role change gave (its subject's name) in the recipient's language. */
function roleOf(name: string | null | undefined, locale: Locale): string {
  return name === 'admin' || name === 'member' ? say(locale, `mail.notification.role.${name}`) : '—';
}

/** Subject and text of the email for `notification`, in `locale` (English for anything else). */
export function notificationEmail(notification: Notification, locale: string, listUrl: string): { subject: string; text: string } {
  const language: Locale = locale === 'uk_UA' ? 'uk_UA' : 'en_GB';
  // {actor}, {subject} and {company} are filled from the notification; missing ones read as a dash.
  const line = fillPlaceholders(lineOf(notification, language), {
    actor: notification.actor ? `${notification.actor.first_name} ${notification.actor.last_name}`.trim() : '—',
    subject: notification.subject?.name ?? '—',
    company: notification.company?.name ?? '—',
    role: roleOf(notification.subject?.name, language),
  });
  const footer = say(language, 'mail.notification.footer', { url: listUrl });
  return { subject: say(language, 'mail.notification.subject'), text: `${line}\n\n${footer}\n` };
}
