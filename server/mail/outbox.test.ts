import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, createSmtpMailer } from './mailer.ts';
import { createOutboxSmsSender } from './sms.ts';

describe('the mail outbox', () => {
  it('writes each message as an .eml file with headers and body', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'profiles-mail-')), 'mail');
    const mailer = createOutboxMailer(dir, 'Profiles <no-reply@profiles.test>');
    await mailer.send({ to: 'olena@example.test', subject: 'Your code', text: 'Your code is 123456' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Profiles <no-reply@profiles\.test>$/m);
    expect(eml).toMatch(/^To: olena@example\.test$/m);
    expect(eml).toMatch(/^Subject: Your code$/m);
    expect(eml).toContain('Your code is 123456');
  });
});

describe('the SMS outbox', () => {
  it('writes each message as JSON with to, text and sentAt', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'profiles-sms-')), 'sms');
    const sender = createOutboxSmsSender(dir, () => new Date('2026-11-22T10:00:00Z'));
    await sender.send({ to: '+380501234567', text: 'Code 654321' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(dir, files[0]!), 'utf8'))).toEqual({
      to: '+380501234567',
      text: 'Code 654321',
      sentAt: '2026-11-22T10:00:00.000Z',
    });
  });
});

describe('the SMTP mailer', () => {
  it('delivers through the server SMTP_URL names', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}`, 'Profiles <no-reply@profiles.test>');
      await mailer.send({ to: 'olena@example.test', subject: 'Hello', text: 'Body text' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Hello/m);
      expect(received[0]).toContain('Body text');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
