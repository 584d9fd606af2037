// Outgoing mail: an .eml file per message in the outbox by default, SMTP when SMTP_URL is set.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Builds RFC 5322 messages with nodemailer and writes each to `dir` as `<time>-<id>.eml`. */
export function createOutboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${randomUUID()}.eml`;
      // Written aside and renamed, so whoever watches the outbox never reads half a message.
      await writeFile(path.join(dir, `.${name}.tmp`), info.message as Buffer);
      await rename(path.join(dir, `.${name}.tmp`), path.join(dir, name));
    },
  };
}

/** Sends through the SMTP server at `url` (smtp:// or smtps://, credentials in the URL). */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
