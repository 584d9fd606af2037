// Reads the codes the e2e server "sends": without SMTP it writes each mail to
// .test-data/e2e-<port>/outbox/mail/<ms>-<id>.eml and each SMS to .../outbox/sms/<ms>-<id>.json.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const port = process.env['E2E_PORT'] ?? '4391';
const outbox = path.resolve(import.meta.dirname, `../../.test-data/e2e-${port}/outbox`);

export type OutboxChannel = 'mail' | 'sms';

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The recipient and plain text of one outbox file. */
function readMessage(channel: OutboxChannel, file: string): { to: string; text: string } {
  const raw = readFileSync(file, 'utf8');
  if (channel === 'sms') {
    const sms = JSON.parse(raw) as { to: string; text: string };
    return { to: sms.to, text: sms.text };
  }
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const to =
    /^To:\s*(.+)$/im
      .exec(head)?.[1]
      ?.replace(/.*<([^>]+)>.*/, '$1')
      .trim() ?? '';
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { to, text };
}

/** Digits and + only, the way the server stores phone numbers. */
function normalise(address: string): string {
  return address.startsWith('+') ? address.replace(/[^\d+]/g, '') : address.trim().toLowerCase();
}

/**
 * Waits for the newest message on `channel` to `to`, sent at or after `since` (ms since the epoch),
 * whose text passes `match`, and returns its text. Pass the time before the action that sends, so an
 * older message is never picked up.
 */
async function waitForMessage(
  channel: OutboxChannel,
  to: string,
  since: number,
  match: (text: string) => boolean,
  timeoutMs: number,
): Promise<string> {
  const dir = path.join(outbox, channel);
  const wanted = normalise(to);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir);
    } catch {
      // The directory appears with the first message.
    }
    const found = files
      .map((name) => ({ name, sentAt: Number(name.split('-')[0]) }))
      .filter((file) => file.sentAt >= since)
      .sort((a, b) => b.sentAt - a.sentAt || b.name.localeCompare(a.name))
      .map((file) => readMessage(channel, path.join(dir, file.name)))
      .find((message) => normalise(message.to) === wanted && match(message.text));
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`no ${channel} to ${to} since ${new Date(since).toISOString()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/** Waits for the newest message on `channel` to `to` sent at or after `since` and returns its 6-digit code. */
export async function waitForCode(channel: OutboxChannel, to: string, since: number, timeoutMs = 10_000): Promise<string> {
  return codeIn(await waitForMessage(channel, to, since, (text) => codeIn(text) !== undefined, timeoutMs))!;
}

/** A 6-digit code that is not `code`. */
export function wrongCodeFor(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Waits for the newest mail to `to` sent at or after `since` whose text passes `match`; returns its text. */
export async function waitForMail(
  to: string,
  since: number,
  match: (text: string) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<string> {
  return waitForMessage('mail', to, since, match, timeoutMs);
}
