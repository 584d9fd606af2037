// Sends a code by mail or SMS in the person's language. With the embedded outbox (no SMTP_URL) each
// code is also logged, so someone trying the product locally can read it from the console.
import type { FastifyBaseLogger } from 'fastify';
import type { CodeChannel } from '../../contract/auth.ts';
import { say } from '../../contract/i18n/index.ts';
import type { Locale } from '../../contract/locale.ts';
import type { AppDeps } from '../deps.ts';
import { outboxCodeMessage } from '../http/line-log.ts';
import type { CodePurpose } from '../shared/verification/service.ts';

/** A code to deliver. */
export interface CodeMessage {
  channel: CodeChannel;
  to: string;
  code: string;
  purpose: CodePurpose;
  locale: Locale;
}

/** Delivers codes; never rejects (a failed send is logged and the person can ask for another code). */
export interface CodeDelivery {
  send(message: CodeMessage): Promise<void>;
}

export function createCodeDelivery(deps: Pick<AppDeps, 'mailer' | 'sms' | 'config'>, log: FastifyBaseLogger): CodeDelivery {
  const printCodes = !deps.config.smtpUrl;
  return {
    async send(message) {
      const body = say(message.locale, 'mail.code.body', { code: message.code });
      try {
        if (message.channel === 'email') {
          await deps.mailer.send({ to: message.to, subject: say(message.locale, `mail.code.subject.${message.purpose}`), text: body });
        } else {
          await deps.sms.send({ to: message.to, text: body });
        }
      } catch (err) {
        log.error({ err, channel: message.channel, purpose: message.purpose }, 'code delivery failed');
      }
      if (printCodes) {
        log.info({ channel: message.channel, to: message.to, purpose: message.purpose, code: message.code }, outboxCodeMessage);
      }
    },
  };
}
