// The email sent for a notification the person chose to get by email too. Short, plain text, in the
// recipient's language; the list on the site stays the full record.
import type { Notification, NotificationKind } from '../../contract/notifications.ts';

type Lines = Record<NotificationKind, string>;

// {actor}, {subject} and {company} are filled from the notification; missing ones read as a dash.
// {role} names the role a role change gave (its subject's name) in the recipient's language.
const en: Lines = {
  endorsement: '{actor} endorsed your skill {subject}.',
  recommendation_received: '{actor} wrote you a recommendation.',
  recommendation_accepted: '{actor} accepted your recommendation.',
  invitation_received: '{company} invited you to join their workspace.',
  invitation_accepted: '{actor} accepted the invitation to {company}.',
  invitation_declined: '{actor} declined the invitation to {company}.',
  join_request: '{actor} asked to join {company}.',
  join_request_accepted: 'Your request to join {company} was accepted.',
  join_request_declined: 'Your request to join {company} was declined.',
  confirmation_requested: '{actor} asked {company} to confirm a job.',
  confirmation_declined: '{company} did not confirm your job.',
  confirmation_accepted: '{company} confirmed your job.',
  member_joined: '{actor} joined {company}.',
  member_left: '{actor} left {company}.',
  role_changed: '{actor} made you {role} of {company}.',
  hired: '{company} hired you.',
  employment_changed: 'Your employment at {company} changed.',
  review_received: '{actor} left you a review.',
  left_company: 'You left {company}.',
  achievement_unlocked: 'You unlocked {subject}.',
  comment: '{actor} commented on your post.',
  reply: '{actor} replied to your comment.',
  like: '{actor} liked your comment.',
  domain_lapsed:
    "{company}'s domain {subject} is no longer verified: its proof was not found for three days. Check it again in the workspace.",
  domain_taken_over: 'Another company proved control of {subject}; it is no longer verified for {company}.',
  application_rejected: '{company} decided not to go on with your application for {subject}.',
  application_offer: '{company} is making you an offer for {subject}.',
  application_message: '{company} wrote to you about your application for {subject}.',
  application_message_received: 'New message from {actor} about their application for {subject}.',
  two_step_rule_on:
    '{actor} now requires two-step sign-in for the owners and admins of {company}. Without it you cannot enter the workspace: turn it on in Settings → Password and security.',
};

const uk: Lines = {
  endorsement: '{actor} схвалює вашу навичку {subject}.',
  recommendation_received: '{actor} надсилає вам рекомендацію.',
  recommendation_accepted: '{actor} приймає вашу рекомендацію.',
  invitation_received: '{company} запрошує вас до свого робочого простору.',
  invitation_accepted: '{actor} приймає запрошення до {company}.',
  invitation_declined: '{actor} відхиляє запрошення до {company}.',
  join_request: '{actor} просить приєднатися до {company}.',
  join_request_accepted: 'Ваш запит на приєднання до {company} прийнято.',
  join_request_declined: 'Ваш запит на приєднання до {company} відхилено.',
  confirmation_requested: '{actor} просить {company} підтвердити місце роботи.',
  confirmation_declined: 'Компанія {company} не підтвердила ваше місце роботи.',
  confirmation_accepted: 'Компанія {company} підтвердила ваше місце роботи.',
  member_joined: '{actor} приєднується до {company}.',
  member_left: '{actor} виходить із {company}.',
  role_changed: '{actor} змінює вашу роль у {company}: тепер ви {role}.',
  hired: 'Компанія {company} приймає вас на роботу.',
  employment_changed: 'Ваше працевлаштування в компанії {company} змінилося.',
  review_received: '{actor} оцінює вашу роботу.',
  left_company: 'Ви вийшли з {company}.',
  achievement_unlocked: 'Ви отримали досягнення: {subject}.',
  comment: '{actor} коментує ваш допис.',
  reply: '{actor} відповідає на ваш коментар.',
  like: 'Ваш коментар вподобано: {actor}.',
  domain_lapsed:
    'Домен {subject} компанії {company} більше не вважається перевіреним: доказ не знаходили три дні. Перевірте його знову в робочому просторі.',
  domain_taken_over: 'Інша компанія довела контроль над доменом {subject}; для {company} він більше не вважається перевіреним.',
  application_rejected: 'Компанія {company} вирішила не продовжувати розгляд вашої заявки на вакансію «{subject}».',
  application_offer: 'Компанія {company} робить вам пропозицію щодо вакансії «{subject}».',
  application_message: 'Компанія {company} написала вам щодо вашої заявки на вакансію «{subject}».',
  application_message_received: 'Нове повідомлення від кандидата {actor} щодо заявки на вакансію «{subject}».',
  two_step_rule_on:
    '{actor} вимагає двоетапного входу від власників і адміністраторів компанії «{company}». Без нього ви не зможете ввійти до робочого простору: увімкніть його в Налаштуваннях → Пароль і безпека.',
};

// A day's unlocks (decision 239): one sentence per plural form of their count ({count}, {subject} the list).
const unlockLines: Record<'en_GB' | 'uk_UA', Record<'one' | 'few' | 'many' | 'other', string>> = {
  en_GB: {
    one: 'You unlocked {count} achievement: {subject}.',
    few: 'You unlocked {count} achievements: {subject}.',
    many: 'You unlocked {count} achievements: {subject}.',
    other: 'You unlocked {count} achievements: {subject}.',
  },
  uk_UA: {
    one: 'Ви отримали {count} досягнення: {subject}.',
    few: 'Ви отримали {count} досягнення: {subject}.',
    many: 'Ви отримали {count} досягнень: {subject}.',
    other: 'Ви отримали {count} досягнення: {subject}.',
  },
};

/** The sentence of `notification` before its names are filled in. */
function lineOf(notification: Notification, isUkrainian: boolean): string {
  const count = notification.subject?.count;
  if (notification.kind !== 'achievement_unlocked' || count === undefined) return (isUkrainian ? uk : en)[notification.kind];
  const form = new Intl.PluralRules(isUkrainian ? 'uk' : 'en-GB').select(count);
  const forms = unlockLines[isUkrainian ? 'uk_UA' : 'en_GB'];
  return (form === 'one' || form === 'few' || form === 'many' ? forms[form] : forms.other).replace('{count}', String(count));
}

const roleWords = {
  en_GB: { admin: 'an admin', member: 'a member' } as Record<string, string>,
  uk_UA: { admin: 'адміністратор', member: 'учасник' } as Record<string, string>,
};

const frame = {
  en_GB: { subject: 'New notification on Profiles', footer: 'See all your notifications at {url}' },
  uk_UA: { subject: 'Нове сповіщення в Profiles', footer: 'Усі ваші сповіщення: {url}' },
};

/** Subject and text of the email for `notification`, in `locale` (English for anything else). */
export function notificationEmail(notification: Notification, locale: string, listUrl: string): { subject: string; text: string } {
  const isUkrainian = locale === 'uk_UA';
  const words = isUkrainian ? frame.uk_UA : frame.en_GB;
  const actor = notification.actor ? `${notification.actor.first_name} ${notification.actor.last_name}`.trim() : '—';
  const line = lineOf(notification, isUkrainian)
    .replace('{actor}', actor)
    .replace('{subject}', notification.subject?.name ?? '—')
    .replace('{company}', notification.company?.name ?? '—')
    .replace('{role}', roleWords[isUkrainian ? 'uk_UA' : 'en_GB'][notification.subject?.name ?? ''] ?? '—');
  return { subject: words.subject, text: `${line}\n\n${words.footer.replace('{url}', listUrl)}\n` };
}
