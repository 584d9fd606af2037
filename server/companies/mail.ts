// Mail the company workspace sends itself: invitations, which go to addresses that may have no
// account yet (everything else reaches people as notifications, mailed by the notifications relay), in
// the reader's language (its words: contract/i18n, decision 259). Sent after the transaction commits; a failed send never undoes what the person did.
import { say } from '../../contract/i18n/index.ts';
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
  const names = { company: m.companyName, inviter: m.inviterName, position: m.position ?? '' };
  return {
    to: m.to,
    subject: say(m.locale, 'mail.invitation.subject', names),
    text: [
      say(m.locale, m.position ? 'mail.invitation.leadAs' : 'mail.invitation.lead', names),
      '',
      say(m.locale, 'mail.invitation.open'),
      m.link,
      '',
      say(m.locale, 'mail.invitation.ignore'),
    ].join('\n'),
  };
}
