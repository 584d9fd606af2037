// The development log's readable lines.
import { describe, expect, it } from 'vitest';
import { formatLogLine, lineLogStream, outboxCodeMessage } from './line-log.ts';

describe('the development log', () => {
  it('prints a verification code on a line of its own, highlighted on a terminal', () => {
    const json = JSON.stringify({
      level: 30,
      time: 0,
      msg: outboxCodeMessage,
      channel: 'email',
      to: 'ann@example.test',
      purpose: 'email_verification',
      code: '012345',
    });
    expect(formatLogLine(json)).toBe('\n  ▶ Code for ann@example.test (email verification): 012345\n\n');
    expect(formatLogLine(json, true)).toBe('\n\x1b[1;33m  ▶ Code for ann@example.test (email verification): 012345\x1b[0m\n\n');
  });

  it('leaves the purpose out of a code’s line when the record names none, rather than printing "undefined"', () => {
    const json = JSON.stringify({ level: 30, time: 0, msg: outboxCodeMessage, channel: 'phone', to: '+380501234567', code: '654321' });
    expect(formatLogLine(json)).toBe('\n  ▶ Code for +380501234567: 654321\n\n');
  });

  it('prints a request as one line: time, level, method and address, status, duration', () => {
    const json = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 25, 9, 5, 7),
      req: { method: 'GET', url: '/api/profile' },
      res: { statusCode: 200 },
      responseTime: 12.4,
      msg: 'request completed',
    });
    expect(formatLogLine(json)).toBe('09:05:07  INFO   GET /api/profile  200  12 ms\n');
  });

  it('prints a message with its error, and passes on what is not JSON', () => {
    expect(formatLogLine(JSON.stringify({ level: 40, time: 0, msg: 'realtime publish failed', err: { message: 'refused' } }))).toBe(
      '00:00:00  WARN   realtime publish failed  — refused\n',
    );
    expect(formatLogLine('plain text')).toBe('plain text\n');
  });

  it('writes each record of a chunk', () => {
    const written: string[] = [];
    const stream = lineLogStream({ write: (text: string) => written.push(text) } as unknown as NodeJS.WritableStream);
    stream.write(`${JSON.stringify({ level: 30, time: 0, msg: 'a' })}\n${JSON.stringify({ level: 30, time: 0, msg: 'b' })}\n`);
    expect(written).toEqual(['00:00:00  INFO   a\n', '00:00:00  INFO   b\n']);
  });
});
