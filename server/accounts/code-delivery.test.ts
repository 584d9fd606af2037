// The code sender: mail or SMS in the person's language, codes printed in outbox mode only, and a
// failed send logged instead of thrown.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { SmsMessage } from '../mail/sms.ts';
import { createCodeDelivery } from './code-delivery.ts';

function setUp(env: Record<string, string> = {}, failing = false) {
  const mail: MailMessage[] = [];
  const sms: SmsMessage[] = [];
  const log = { info: vi.fn(), error: vi.fn() };
  const delivery = createCodeDelivery(
    {
      config: loadConfig({ NODE_ENV: 'test', ...env }),
      mailer: { send: async (m) => (failing ? Promise.reject(new Error('smtp down')) : void mail.push(m)) },
      sms: { send: async (m) => void sms.push(m) },
    },
    log as unknown as FastifyBaseLogger,
  );
  return { mail, sms, log, delivery };
}

describe('code delivery', () => {
  it("mails email codes and texts phone codes in the person's language", async () => {
    const { mail, sms, delivery } = setUp();
    await delivery.send({ channel: 'email', to: 'a@example.test', code: '012345', purpose: 'email_verification', locale: 'en_GB' });
    await delivery.send({ channel: 'phone', to: '+380501234567', code: '543210', purpose: 'phone_verification', locale: 'uk_UA' });
    expect(mail).toEqual([{ to: 'a@example.test', subject: 'Verify your email address', text: expect.stringContaining('012345') }]);
    expect(sms).toEqual([{ to: '+380501234567', text: expect.stringMatching(/^Ваш код Profiles: 543210/) }]);
  });

  it('prints each code at info level when mail goes to the outbox', async () => {
    const { log, delivery } = setUp();
    await delivery.send({ channel: 'email', to: 'a@example.test', code: '012345', purpose: 'password_reset', locale: 'en_GB' });
    expect(log.info).toHaveBeenCalledWith(
      { channel: 'email', to: 'a@example.test', purpose: 'password_reset', code: '012345' },
      'verification code (outbox mode)',
    );
  });

  it('keeps codes out of the log when real mail is configured', async () => {
    const { log, delivery } = setUp({ SMTP_URL: 'smtp://mail.example.test:25' });
    await delivery.send({ channel: 'email', to: 'a@example.test', code: '012345', purpose: 'password_reset', locale: 'en_GB' });
    expect(log.info).not.toHaveBeenCalled();
  });

  it('logs a failed send instead of throwing', async () => {
    const { log, delivery } = setUp({ SMTP_URL: 'smtp://mail.example.test:25' }, true);
    await expect(
      delivery.send({ channel: 'email', to: 'a@example.test', code: '012345', purpose: 'password_reset', locale: 'en_GB' }),
    ).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.error.mock.calls)).not.toContain('012345');
  });
});
