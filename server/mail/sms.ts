// Outgoing SMS: a JSON file `{ to, text, sentAt }` per message in the outbox. A provider adapter
// implements the same interface when one is chosen.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function createOutboxSmsSender(dir: string, now: () => Date = () => new Date()): SmsSender {
  return {
    async send(message) {
      await mkdir(dir, { recursive: true });
      const sentAt = now().toISOString();
      const name = `${Date.now()}-${randomUUID()}.json`;
      // Written aside and renamed, so whoever watches the outbox never reads half a message.
      await writeFile(path.join(dir, `.${name}.tmp`), `${JSON.stringify({ to: message.to, text: message.text, sentAt }, null, 2)}\n`);
      await rename(path.join(dir, `.${name}.tmp`), path.join(dir, name));
    },
  };
}
