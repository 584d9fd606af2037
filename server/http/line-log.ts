// The development log: pino's JSON records as one readable line each, and a
// verification code in outbox mode on a highlighted line of its own, so someone trying the product
// reads the code at a glance instead of digging through JSON. Production keeps pino's JSON.

const levels: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface LogRecord {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  code?: string;
  to?: string;
  channel?: string;
  purpose?: string;
  [key: string]: unknown;
}

/** The message a record carries for a verification code in outbox mode (accounts/code-delivery.ts). */
export const outboxCodeMessage = 'verification code (outbox mode)';

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toISOString().slice(11, 19);

/** One record as the line (or, for a code, the lines) a person reads; `color` adds ANSI emphasis. */
export function formatLogLine(json: string, color = false): string {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  if (record.msg === outboxCodeMessage && record.code) {
    const purpose = record.purpose ? ` (${record.purpose.replaceAll('_', ' ')})` : '';
    const line = `  ▶ Code for ${record.to}${purpose}: ${record.code}`;
    return color ? `\n\x1b[1;33m${line}\x1b[0m\n\n` : `\n${line}\n\n`;
  }
  const level = (levels[record.level ?? 30] ?? 'INFO').padEnd(5);
  const parts = [clock(record.time), level];
  if (record.req?.method) parts.push(`${record.req.method} ${record.req.url ?? ''}`);
  if (record.res?.statusCode !== undefined) parts.push(String(record.res.statusCode));
  if (typeof record.responseTime === 'number') parts.push(`${Math.round(record.responseTime)} ms`);
  if (record.msg && !(record.req || record.res)) parts.push(record.msg);
  if (record.err?.message) parts.push(`— ${record.err.message}`);
  const line = parts.join('  ');
  const emphasised = color && (record.level ?? 30) >= 50 ? `\x1b[31m${line}\x1b[0m` : line;
  return `${emphasised}${record.err?.stack && (record.level ?? 30) >= 50 ? `\n${record.err.stack}` : ''}\n`;
}

/** A pino destination writing readable lines to `out`. */
export function lineLogStream(out: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): { write(chunk: string): void } {
  const color = out.isTTY === true;
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json.trim()) out.write(formatLogLine(json, color));
    },
  };
}
