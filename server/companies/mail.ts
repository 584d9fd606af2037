// Mail the company workspace sends itself: invitations, which go to addresses that may have no
// account yet (everything else reaches people as notifications, mailed by the notifications relay), in
// the reader's language. Sent after the transaction commits; a failed send never undoes what the person did.
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
