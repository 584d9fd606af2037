// Mail the company workspace sends: invitations, and join requests to both sides, in the reader's
// language. Sent after the transaction commits; a failed send never undoes what the person did.
import type { Locale } from '../../contract/locale.ts';
import type { MailMessage } from '../mail/mailer.ts';

export interface InvitationMail {
  to: string;
  locale: Locale;
  companyName: string;
  inviterName: string;
  position: string | null;
  link: string;
}

export function invitationMail(m: InvitationMail): MailMessage {
  if (m.locale === 'uk_UA') {
    return {
      to: m.to,
      subject: `${m.companyName} запрошує вас приєднатися на Profiles`,
      text: [
        `${m.inviterName} запрошує вас приєднатися до компанії ${m.companyName} на Profiles${m.position ? ` на посаду «${m.position}»` : ''}.`,
        '',
        `Відкрийте посилання, щоб прийняти або відхилити запрошення (діє 7 днів):`,
        m.link,
        '',
        'Якщо ви не чекали на це запрошення, просто проігноруйте цей лист.',
      ].join('\n'),
    };
  }
  return {
    to: m.to,
    subject: `${m.companyName} invites you to join them on Profiles`,
    text: [
      `${m.inviterName} invites you to join ${m.companyName} on Profiles${m.position ? ` as ${m.position}` : ''}.`,
      '',
      'Open this link to accept or decline the invitation (valid for 7 days):',
      m.link,
      '',
      'If you were not expecting this invitation, you can ignore this message.',
    ].join('\n'),
  };
}

export function joinRequestReceivedMail(to: string, locale: Locale, personName: string, companyName: string, link: string): MailMessage {
  return locale === 'uk_UA'
    ? { to, subject: `Новий запит на приєднання до ${companyName}`, text: `${personName} просить приєднатися до ${companyName}.\n\nРозгляньте запит у робочому просторі компанії:\n${link}` }
    : { to, subject: `New request to join ${companyName}`, text: `${personName} asks to join ${companyName}.\n\nReview the request in the company workspace:\n${link}` };
}

export function joinRequestDecidedMail(to: string, locale: Locale, companyName: string, approved: boolean): MailMessage {
  if (locale === 'uk_UA') {
    return approved
      ? { to, subject: `Ви приєдналися до ${companyName}`, text: `Компанія ${companyName} схвалила ваш запит. Тепер ви її учасник і можете перейти до її робочого простору з меню профілю.` }
      : { to, subject: `Запит до ${companyName} відхилено`, text: `Компанія ${companyName} відхилила ваш запит на приєднання.` };
  }
  return approved
    ? { to, subject: `You have joined ${companyName}`, text: `${companyName} approved your request. You are now a member and can open its workspace from your profile menu.` }
    : { to, subject: `Your request to join ${companyName} was declined`, text: `${companyName} declined your request to join.` };
}
