// Sends a code by mail or SMS in the person's language. With the embedded outbox (no SMTP_URL) each
// code is also logged, so someone trying the product locally can read it from the console.
import type { FastifyBaseLogger } from 'fastify';
import type { CodeChannel } from '../../contract/auth.ts';
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

const texts = {
  en_GB: {
    subject: {
      email_verification: 'Verify your email address',
      phone_verification: 'Verify your phone',
      password_reset: 'Reset your password',
      work_email: 'Confirm your work email',
    },
    body: (code: string) => `Your Profiles code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
  },
  uk_UA: {
    subject: {
      email_verification: 'Підтвердіть адресу електронної пошти',
      phone_verification: 'Підтвердіть номер телефону',
      password_reset: 'Відновлення пароля',
      work_email: 'Підтвердьте робочу адресу електронної пошти',
    },
    body: (code: string) => `Ваш код Profiles: ${code}. Він дійсний 10 хвилин. Якщо ви його не запитували, проігноруйте це повідомлення.`,
  },
} as const;

export function createCodeDelivery(deps: Pick<AppDeps, 'mailer' | 'sms' | 'config'>, log: FastifyBaseLogger): CodeDelivery {
  const printCodes = !deps.config.smtpUrl;
  return {
    async send(message) {
      const text = texts[message.locale];
      try {
        if (message.channel === 'email') {
          await deps.mailer.send({ to: message.to, subject: text.subject[message.purpose], text: text.body(message.code) });
        } else {
          await deps.sms.send({ to: message.to, text: text.body(message.code) });
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
